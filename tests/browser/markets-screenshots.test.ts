// The screenshot regression check of the markets fixture: its Japanese, Brazilian and Arabic pages (and English) match tests/baselines/markets/.
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { repoRoot, runCli, temporaryDir } from '../helpers.ts';

/** tests/fixtures/markets, built once by global-setup.ts. */
const buildDir = inject('marketsOutDir');

// The baselines need Japanese glyphs: Debian's fonts-noto-cjk (Noto Sans CJK JP, one of the ja fallbacks in styles.css); without it the run fails naming the package.
it(
  'passes on the committed baselines: the page in en, ja, pt-BR and ar at 390 and 350 px, none differing',
  async () => {
    const report = path.join(await temporaryDir(), 'report');
    const run = await runCli(['screenshots', '--build', buildDir, '--baseline', path.join(repoRoot, 'tests/baselines/markets'), '-o', report, '--json']);
    // --json puts the failure in stdout: a missing font or browser shows there, with what to install.
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.shots.map((shot: { name: string }) => shot.name).sort()).toEqual(
      ['ar', 'en', 'ja', 'pt-BR'].flatMap((locale) => [350, 390].map((width) => `${locale}-default-${width}.png`)).sort(),
    );
    expect(result.shots.filter((shot: { status: string }) => shot.status !== 'same')).toEqual([]);
  },
  180_000,
);
