// Comments name files that exist: a comment naming a file since renamed or removed sends its reader nowhere.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/**
 * Names in comments that are no file of this repository, by design: the vendors' scripts the page
 * loads, as the vendors serve them; files a build or a host writes; example names; files of the
 * other repositories a comment cites.
 */
const NOT_OURS = new Set([
  ...['gtag.js', 'fbevents.js', 'events.js', 'scevent.min.js', 'client.min.js', 'data-collector.min.js'],
  ...['_worker.js', 'assets/app.js', 'runtime-3FJ2K6QX.js', 'client-X.js', '../x.js'],
  ...['scripts/onelink-smart-script-v2.10.4.js', 'packages/cli/src/util/dev/router.ts'],
]);

/** This file, whose examples name missing files on purpose. */
const THIS_FILE = 'tests/unit/project/comment-paths.test.ts';

/** A file name or path ending in one of the extensions of code and docs, not inside a longer word or path. */
const FILE_MENTION = /(?<![\w@./-])((?:\.{1,2}\/)*[\w@.-]+(?:\/[\w@.-]+)*\.(?:tsx?|m?js|css|md))(?![\w/-])/g;

/**
 * The comments of a file, as [line number, text]: whole-line and trailing `//` comments (not in
 * CSS, where `//` is no comment) and `/* ... *\/` blocks. Deliberately simple: a `//` or `/*`
 * counts only at the start of a line or after a space (or `{` in JSX), which leaves out the
 * `//` of URLs and the `/*` of globs in strings.
 */
function commentsOf(file: string, text: string): Array<[number, string]> {
  const css = file.endsWith('.css');
  const found: Array<[number, string]> = [];
  let inBlock = false;
  for (const [index, line] of text.split('\n').entries()) {
    if (inBlock) {
      const end = line.indexOf('*/');
      found.push([index + 1, end < 0 ? line : line.slice(0, end)]);
      inBlock = end < 0;
      continue;
    }
    const block = /(?:^|[\s{])\/\*/.exec(line);
    const lineComment = css ? null : /(?:^|\s)\/\/(?!\/)/.exec(line);
    if (block && (!lineComment || block.index < lineComment.index)) {
      const rest = line.slice(block.index + block[0].length);
      const end = rest.indexOf('*/');
      found.push([index + 1, end < 0 ? rest : rest.slice(0, end)]);
      inBlock = end < 0;
    } else if (lineComment) found.push([index + 1, line.slice(lineComment.index + lineComment[0].length)]);
  }
  return found;
}

/** The files named in the comments of `file` that are none of `known` (paths from the repository's root), as `file:line: name`. */
function missingMentions(file: string, text: string, known: string[]): string[] {
  return commentsOf(file, text).flatMap(([line, comment]) =>
    [...comment.matchAll(FILE_MENTION)]
      .map((match) => match[1]!)
      .filter((name) => !NOT_OURS.has(name))
      .filter((name) => {
        const suffix = name.replace(/^(?:\.{1,2}\/)+/, '');
        return !known.some((known) => known === suffix || known.endsWith(`/${suffix}`));
      })
      .map((name) => `${file}:${line}: ${name}`),
  );
}

/** The repository's files, tracked or new (not ignored), from its root. */
async function repositoryFiles(...folders: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...folders], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  return [...new Set(stdout.split('\0').filter(Boolean))];
}

describe('the comments of the code', () => {
  it('name only files that exist', async () => {
    const known = await repositoryFiles();
    const code = (await repositoryFiles('bin', 'generator', 'page', 'scripts', 'tests', '.ci')).filter(
      (file) => /\.(?:[cm]?js|tsx?|css)$/.test(file) && !file.startsWith('tests/fixtures/') && file !== THIS_FILE,
    );
    expect(code.length).toBeGreaterThan(200);
    const texts = code.map((file) => [file, readFileSync(path.join(repoRoot, file), 'utf8')] as const);
    const mentions = texts.flatMap(([file, text]) => commentsOf(file, text).flatMap(([, comment]) => [...comment.matchAll(FILE_MENTION)]));
    expect(mentions.length).toBeGreaterThan(200);
    // An exception no comment needs any more goes from the list.
    const named = new Set(mentions.map((match) => match[1]!));
    expect([...NOT_OURS].filter((name) => !named.has(name))).toEqual([]);
    expect(texts.flatMap(([file, text]) => missingMentions(file, text, known))).toEqual([]);
  });

  it('would report a renamed file, by name or by path, and not a URL, a glob or code', () => {
    const known = ['generator/config/cross-checks.ts', 'page/contract/page-props.ts', 'README.md'];
    const text = [
      '/** A calendar date: a cross-check (value-checks.ts, beside cross-checks.ts), not a pattern. */',
      '/**',
      ' * Embedded as in runtime/page-props.ts (now contract/page-props.ts); see README.md.',
      ' */',
      "const url = 'https://example.com/app.js'; // checked by ../config/cross-checks.ts and old-name.tsx",
      "const glob = '**/*.ts'; // a glob in a string",
      'a { color: red } /* styles.css */',
    ].join('\n');
    expect(missingMentions('generator/x.ts', text, known)).toEqual([
      'generator/x.ts:1: value-checks.ts',
      'generator/x.ts:3: runtime/page-props.ts',
      'generator/x.ts:5: old-name.tsx',
      'generator/x.ts:7: styles.css',
    ]);
  });
});
