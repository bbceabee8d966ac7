// The arrows between the source folders run one way (docs/architecture.md): validation knows nothing of the pipeline, the browser's templates nothing of Node, and dev learns what to watch from the build, never by validating again.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/** Each area of the source (a folder of generator/, or templates/) and the other areas it may import from. */
const MAY_IMPORT: Record<string, string[]> = {
  templates: [],
  shared: [],
  config: ['shared', 'templates'],
  hosts: ['shared', 'templates'],
  pipeline: ['config', 'hosts', 'shared', 'templates'],
  merge: ['pipeline', 'config', 'hosts', 'shared', 'templates'],
  serve: ['hosts', 'shared', 'templates'],
  screenshots: ['serve', 'pipeline', 'config', 'hosts', 'shared', 'templates'],
  dev: ['serve', 'pipeline', 'config', 'hosts', 'shared', 'templates'],
  cli: ['dev', 'screenshots', 'serve', 'merge', 'pipeline', 'config', 'hosts', 'shared', 'templates'],
};

/** The modules dev must not import: it watches what the build reports it read. */
const VALIDATION = ['generator/config/validate.ts', 'generator/pipeline/check.ts'];

const areaOf = (file: string) => (file.startsWith('templates/') ? 'templates' : file.split('/')[1]!);

/** Every relative import of a module (static, dynamic and type-only), as paths from the repository's root. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}

/** The imports of `file` that break the rules above, as "from -> to". */
function wrongArrows(file: string, text: string): string[] {
  const area = areaOf(file);
  return importsOf(file, text)
    .filter((target) => target.startsWith('generator/') || target.startsWith('templates/'))
    .filter((target) => {
      const to = areaOf(target);
      if (to !== area && !MAY_IMPORT[area]!.includes(to)) return true;
      return area === 'dev' && VALIDATION.includes(target);
    })
    .map((target) => `${file} -> ${target}`);
}

const sources = ['generator', 'templates'].flatMap((dir) =>
  readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/'))),
);

describe('the source folders', () => {
  it('import only from the areas below them', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(Object.keys(MAY_IMPORT).sort()).toEqual([...new Set(sources.map(areaOf))].sort());
    const wrong = sources.flatMap((file) => wrongArrows(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(wrong).toEqual([]);
  });

  it('would report validation reaching into the pipeline, and dev validating on its own', () => {
    expect(wrongArrows('generator/config/validate.ts', "import { planSite } from '../pipeline/plan.ts';")).toEqual([
      'generator/config/validate.ts -> generator/pipeline/plan.ts',
    ]);
    expect(wrongArrows('generator/dev/watch-plan.ts', "const { checkConfig } = await import('../config/validate.ts');")).toEqual([
      'generator/dev/watch-plan.ts -> generator/config/validate.ts',
    ]);
    expect(wrongArrows('templates/App.tsx', "import type { Config } from '../generator/config/types.ts';")).toEqual([
      'templates/App.tsx -> generator/config/types.ts',
    ]);
  });
});
