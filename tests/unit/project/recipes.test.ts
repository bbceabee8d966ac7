// docs/architecture.md's recipes (an ad network, a page section, a host adapter) stay true: each is there with its steps, and every file it names exists, a placeholder (`<network>.ts`) matching at least one file of its folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

const RECIPES = ['Add an ad network', 'Add a page section', 'Add a host adapter'];

const architecture = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');

/** The text of the recipe under the heading `### <title>`, up to the next heading. */
function recipe(title: string): string {
  const start = architecture.indexOf(`### ${title}\n`);
  if (start === -1) return '';
  const rest = architecture.slice(start + title.length + 5);
  return rest.slice(0, rest.search(/^#{2,3} /m) === -1 ? undefined : rest.search(/^#{2,3} /m));
}

/** The project paths a text names in backticks: `page/...`, `generator/...`, `tests/...`. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:page|generator|tests|docs)\/[^`\s]+)`/g)].map((match) => match[1]!);
}

/** Whether `named` exists; a `<placeholder>` in its last part matches any file of that folder with the same ending. */
function exists(named: string): boolean {
  if (!named.includes('<')) return existsSync(path.join(repoRoot, named));
  const dir = path.posix.dirname(named);
  if (dir.includes('<') || !existsSync(path.join(repoRoot, dir))) return false;
  const pattern = new RegExp(
    `^${path.posix
      .basename(named)
      .replace(/[.]/g, '\\.')
      .replace(/<[^>]+>/g, '[^/]+')}$`,
  );
  return readdirSync(path.join(repoRoot, dir)).some((file) => pattern.test(file));
}

describe.each(RECIPES)('the recipe "%s"', (title) => {
  const text = recipe(title);

  it('is in docs/architecture.md, as numbered steps naming the files to touch', () => {
    expect(text).not.toBe('');
    expect(text.match(/^\d+\. /gm)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(namedPaths(text).length).toBeGreaterThanOrEqual(6);
  });

  it('names only files that exist', () => {
    expect(namedPaths(text).filter((named) => !exists(named))).toEqual([]);
  });
});

it('would report a file a recipe names that is gone', () => {
  expect(exists('page/ad-networks/<network>.ts')).toBe(true);
  expect(exists('page/ad-networks/<network>.tsx')).toBe(false);
  expect(exists('generator/hosts/surge.ts')).toBe(false);
  expect(namedPaths('1. `page/view/app.tsx` and `generator/hosts/index.ts`')).toEqual(['page/view/app.tsx', 'generator/hosts/index.ts']);
});
