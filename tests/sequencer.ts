// The order test files start in: the longest first across every project, so that none is left running alone
// while the other cores idle at the end.
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files, slowest first, as a fresh clone's full run on a 2-core machine timed
 * them. Vitest keeps each file's last duration, but a fresh clone (CI) has none: it would
 * start the files by size, and the slowest unit files are small, so they came last and ran on
 * alone. A file missing here only starts later; a stale order only costs time.
 */
const SLOWEST = [
  'browser/screenshots',
  'browser/screenshot-updates',
  'browser/screenshot-shards',
  'unit/project/workflow',
  'browser/screenshot-changes',
  'browser/sliders',
  'unit/pipeline/atomic-builds',
  'browser/attribution',
  'browser/failure-matrix',
  'unit/config/config-corpus',
  'browser/xss',
  'unit/cli/cli',
  'unit/pipeline/csp-reporting',
  'browser/consent',
  'unit/project/typecheck',
  'browser/layout',
  'webkit/page',
  'browser/ad-networks',
  'browser/pages',
  'browser/runtime',
  'browser/markets',
  'browser/csp',
  'browser/resilience',
  'unit/pipeline/campaign-templates',
  'unit/pipeline/build-workers',
  'browser/runtime-page',
  'browser/plain-host',
  'browser/markets-screenshots',
  'webkit/consent',
  'browser/hydration',
  'unit/pipeline/build',
  'browser/first-screen',
  'unit/dev/dev',
].map((name) => `tests/${name}.test.ts`);

/** Seconds a file is expected to take: its last run's (`last`), else its place among SLOWEST, else a guess by size. */
function expectedSeconds(spec: TestSpecification, file: string, last: { duration: number } | undefined): number {
  if (last) return last.duration / 1000;
  const rank = SLOWEST.indexOf(file);
  if (rank !== -1) return 60 - rank;
  return statSync(spec.moduleId).size / 10_240;
}

/**
 * Files expected to take less than this start after the longer ones, grouped by project. Vitest
 * keeps a worker for another file only when the next file in line is of the same project; a new
 * worker costs a process, the project's imports and, in the browser project, a Chromium.
 */
const SHORT_SECONDS = 20;

/**
 * Vitest's own order runs one project's files after another's (the unit files began only as
 * the browser files ended, with a core idle meanwhile). This one keeps the projects' group
 * order (`sequence.groupOrder`) and within it starts the long files first, longest first,
 * whatever their project; then the short ones, a project at a time, longest first.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(
      files.map((spec) => {
        const file = path.relative(this.ctx.config.root, spec.moduleId);
        return [spec, expectedSeconds(spec, file, this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`))];
      }),
    );
    const short = (spec: TestSpecification) => (expected.get(spec)! < SHORT_SECONDS ? 1 : 0);
    const longestFirst = [...files].sort((a, b) => expected.get(b)! - expected.get(a)!);
    // The short files' projects in the order of their longest file.
    const projects = [...new Set(longestFirst.map((spec) => spec.project.name))];
    const projectOf = (spec: TestSpecification) => (short(spec) ? projects.indexOf(spec.project.name) : 0);
    return longestFirst.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        short(a) - short(b) ||
        projectOf(a) - projectOf(b) ||
        expected.get(b)! - expected.get(a)!,
    );
  }
}
