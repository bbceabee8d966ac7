// The screenshot regression check of the markets fixture: its Japanese, Brazilian and Arabic pages (and
// English) match tests/baselines/markets/.
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { repoRoot, runCli, temporaryDir } from '../helpers.ts';
import { judgeCommittedBaselines } from './committed-baselines.ts';

/** tests/fixtures/markets, built once by global-setup.ts. */
const buildDir = inject('marketsOutDir');
/** How tests/baselines/README.md makes them again. */
const REMAKE = 'npx store-landing screenshots -c tests/fixtures/markets/variants.yaml --baseline tests/baselines/markets --update';

// The baselines need Japanese glyphs: Debian's fonts-noto-cjk (Noto Sans CJK JP, one of the ja fallbacks in
// page/view/styles/); without it the run fails naming the package.
it('passes on the committed baselines: the page in en, ja, pt-BR and ar at 390 and 350 px, none differing', async () => {
  const report = path.join(await temporaryDir(), 'report');
  // Compared even when Debian's Chromium is newer than the one that made them (judgeCommittedBaselines).
  const run = await runCli([
    'screenshots',
    '--build',
    buildDir,
    '--baseline',
    path.join(repoRoot, 'tests/baselines/markets'),
    '-o',
    report,
    '--json',
  ]);
  // --json puts the failure in stdout: a missing font or browser shows there, with what to install.
  const result = JSON.parse(run.stdout || '{}');
  expect(result.shots?.map((shot: { name: string }) => shot.name).sort(), run.stdout + run.stderr).toEqual(
    ['ar', 'en', 'ja', 'pt-BR'].flatMap((locale) => [350, 390].map((width) => `${locale}-default-${width}.png`)).sort(),
  );
  const verdict = judgeCommittedBaselines(result, REMAKE);
  expect(verdict.problems).toEqual([]);
  if (verdict.warning) console.warn(verdict.warning);
  else expect(run.code, run.stdout + run.stderr).toBe(0);
}, 180_000);
