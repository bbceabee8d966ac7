// The order test files start in: the longest first across every project, so that none is left running alone while the other cores idle at the end.
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Unit files that take many seconds (they start the CLI dozens of times, or tsc). Vitest knows
 * each file's last duration, but a fresh clone (CI) has none, and it would then start files
 * by size: these small files came last and ran on alone for half a minute.
 */
const SLOW_UNIT_FILES = ['workflow', 'atomic-builds', 'config-corpus', 'typecheck', 'build-workers', 'cli', 'screenshots'].map(
  (name) => `tests/unit/${name}.test.ts`,
);

/** Seconds a file is expected to take: its last run's (`last`), else a guess by kind. */
function expectedSeconds(spec: TestSpecification, file: string, last: { duration: number } | undefined): number {
  if (last) return last.duration / 1000;
  if (SLOW_UNIT_FILES.includes(file)) return 25;
  // A browser file visits pages for 10 to 60 s, roughly by its length; a unit file takes a second or two.
  const kilobytes = statSync(spec.moduleId).size / 1024;
  return spec.project.name === 'browser' ? 10 + kilobytes : kilobytes / 10;
}

/**
 * Vitest's own order runs one project's files after another's (the unit files began only as
 * the browser files ended, with a core idle meanwhile). This one keeps the projects' group
 * order (`sequence.groupOrder`) and within it starts the longest files first, whatever their project.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(
      files.map((spec) => {
        const file = path.relative(this.ctx.config.root, spec.moduleId);
        return [spec, expectedSeconds(spec, file, this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`))];
      }),
    );
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || expected.get(b)! - expected.get(a)!,
    );
  }
}
