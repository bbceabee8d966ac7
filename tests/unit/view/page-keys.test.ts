// PAGE_KEYS, the keys validation requires of every locale, is exactly the set of literal keys the view translates.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEVICE_KEYS, PAGE_KEYS } from '../../../page/contract/page-keys.ts';
import { repoRoot, siteDir } from '../../helpers.ts';

function sources(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('runtime'))
    .map((file) => readFileSync(path.join(repoRoot, dir, file), 'utf8'));
}

it('lists every literal key passed to t() and nothing else', () => {
  const code = [...sources('page/view'), readFileSync(path.join(repoRoot, 'generator/pipeline/render/documents.ts'), 'utf8')].join('\n');
  const used = new Set([...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]));
  expect(used.size).toBeGreaterThan(50);
  expect([...used].sort()).toEqual([...PAGE_KEYS, ...Object.values(DEVICE_KEYS).flat()].sort());
});

it('every page key exists in the English strings, as one text or in plural forms', () => {
  const en = JSON.parse(readFileSync(path.join(siteDir, 'locales/en.json'), 'utf8'));
  const text = (key: string) => key.split('.').reduce((node, part) => node?.[part], en);
  const missing = [...PAGE_KEYS, ...Object.values(DEVICE_KEYS).flat()].filter(
    (key) => typeof text(key) !== 'string' && typeof text(`${key}_other`) !== 'string',
  );
  expect(missing).toEqual([]);
  // "1 Rating", "25.6K Ratings": the counts of ratings take the plural form of their number.
  expect([text('header.ratings_one'), text('header.ratings_other')]).toEqual(['{{count}} Rating', '{{count}} Ratings']);
});
