// The documentation stays true: the generated config reference and JSON Schema are current, the README is
// short and starts with the two commands, and every link and path the docs name exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configReference,
  REFERENCE_END,
  REFERENCE_FILE,
  REFERENCE_START,
  SCHEMA_FILE,
  schemaFileText,
} from '../../../generator/config/reference.ts';
import { repoRoot } from '../../helpers.ts';

const README_MAX_LINES = 250;

/** The pages a user or a newcomer reads, relative to the repository. */
const PAGES = [
  'README.md',
  'tests/README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The text of a Markdown page without its fenced code blocks (commands and sample output, not prose). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** The anchors GitHub gives a page's headings: the text lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const words = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = words
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** Whether a repository path exists; `*` in a segment matches any name, as in `tests/hosts/*` or `date-*.yaml`. */
function pathExists(relative: string): boolean {
  const matchIn = (dir: string, segments: string[]): boolean => {
    if (!segments.length) return true;
    const [segment, ...rest] = segments as [string, ...string[]];
    if (!segment.includes('*')) return existsSync(path.join(dir, segment)) && matchIn(path.join(dir, segment), rest);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    const pattern = new RegExp(
      `^${segment
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return readdirSync(dir).some((name) => pattern.test(name) && matchIn(path.join(dir, name), rest));
  };
  return matchIn(repoRoot, relative.replace(/\/$/, '').split('/'));
}

it(`${REFERENCE_FILE} carries the current config reference (run \`npm run docs\` after changing the schema)`, () => {
  const page = read(REFERENCE_FILE);
  const start = page.indexOf(REFERENCE_START);
  const end = page.indexOf(REFERENCE_END);
  expect(start, `${REFERENCE_FILE} has the start marker`).toBeGreaterThanOrEqual(0);
  expect(end, `${REFERENCE_FILE} has the end marker after it`).toBeGreaterThan(start);
  const section = page.slice(start + REFERENCE_START.length, end);
  expect(section.trim()).toBe(configReference());
  expect(section).toContain('| `tracking.appsflyer.oneLink.default` |');
});

it(`${SCHEMA_FILE} is the schema generated from generator/config/schema/ (run \`npm run docs\`)`, () => {
  expect(read(SCHEMA_FILE)).toBe(schemaFileText());
  // Keys with a default are optional in the file, and the default is documented for editors.
  const schema = JSON.parse(schemaFileText());
  expect(schema.required).not.toContain('basePath');
  expect(schema.properties.basePath.default).toBe('/');
});

it('README.md starts with the two commands', () => {
  const readme = read('README.md');
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  expect(firstBlock).toContain('npm install && npm start');
  expect(firstBlock).toContain('npm test');
});

it(`README.md is at most ${README_MAX_LINES} lines: the rest is in docs/`, () => {
  expect(read('README.md').split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
});

describe.each(PAGES)('%s', (page) => {
  const text = read(page);

  it('links only to files that exist, and to headings they have', () => {
    const broken: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const linked = file ? path.posix.join(path.posix.dirname(page), file) : page;
      if (!existsSync(path.join(repoRoot, linked))) broken.push(`${target}: no file ${linked}`);
      else if (anchor && linked.endsWith('.md') && !anchorsOf(read(linked)).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${linked}`);
    }
    expect(broken).toEqual([]);
  });

  it("names only the project's paths that exist", () => {
    const missing: string[] = [];
    for (const [, code] of prose(text).matchAll(/`([^`\n]+)`/g)) {
      const named = /^(?:bin|generator|page|tests|scripts|docs|locales|images|baselines|\.ci|\.github)\/[^\s<>]*$/.exec(code!)?.[0];
      if (named && !pathExists(named)) missing.push(named);
    }
    expect(missing).toEqual([]);
  });
});
