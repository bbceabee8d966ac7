// The screenshot regression command: passes on the committed baselines, and catches a one-line CSS change with a diff image and a report.
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot, runCli, temporaryDir } from '../helpers.ts';

/** The default config, built once by global-setup.ts. */
const buildDir = inject('outDir');
/** Each run captures 40 full pages; on a busy 2-core runner that takes a minute or two. */
const RUN_TIMEOUT = 300_000;
/** The committed baselines of the default pages (the tests' copy of the default config renders them). */
const baselines = path.join(repoRoot, 'tests/baselines');

describe('store-landing screenshots', () => {
  it(
    'passes on the committed baselines: 20 pages at 390 and 350 px, none differing',
    async () => {
      const report = path.join(await temporaryDir(), 'report');
      const run = await runCli(['screenshots', '--build', buildDir, '--baseline', baselines, '-o', report, '--json']);
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(result.ok).toBe(true);
      expect(result.shots).toHaveLength(40);
      expect(result.shots.filter((shot: { status: string }) => shot.status !== 'same')).toEqual([]);
      expect(await readFile(path.join(report, 'report.html'), 'utf8')).toContain('All 40 screenshots match the baselines');
    },
    RUN_TIMEOUT,
  );

  it(
    'fails on a one-line CSS change to one page, with its diff images and a report naming it',
    async () => {
      // A copy of the build whose /feature1 page gets one more stylesheet of one line
      // (its CSP allows same-origin stylesheets, so the page shows what a real CSS change would).
      const build = path.join(await temporaryDir(), 'out');
      await cp(buildDir, build, { recursive: true });
      const page = path.join(build, 'feature1/index.html');
      await writeFile(path.join(build, 'regression.css'), '.product-header__title { letter-spacing: 3px; }\n');
      const html = await readFile(page, 'utf8');
      expect(html).toContain('</head>');
      await writeFile(page, html.replace('</head>', '<link rel="stylesheet" href="/regression.css"></head>'));

      const report = path.join(await temporaryDir(), 'report');
      const run = await runCli(['screenshots', '--build', build, '--baseline', baselines, '-o', report]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      const changed = ['en-feature1-390.png', 'en-feature1-350.png'];
      expect(run.stderr).toContain(`2 screenshots differ from the baselines by more than 0.1 % of their pixels: ${changed.join(', ')}`);
      for (const name of changed) {
        expect(existsSync(path.join(report, 'diff', name)), `diff/${name}`).toBe(true);
        expect(existsSync(path.join(report, 'baseline', name)), `baseline/${name}`).toBe(true);
      }
      // Only the edited page differs: German /feature1 and English / have no diff.
      expect(existsSync(path.join(report, 'diff', 'de-feature1-390.png'))).toBe(false);
      expect(existsSync(path.join(report, 'diff', 'en-default-390.png'))).toBe(false);
      const reportHtml = await readFile(path.join(report, 'report.html'), 'utf8');
      expect(reportHtml).toContain('2 of 40 screenshots differ');
      for (const name of changed) {
        for (const folder of ['baseline', 'current', 'diff']) expect(reportHtml).toContain(`src="${folder}/${name}"`);
      }
      expect(reportHtml).not.toContain('de-feature1-390.png');
    },
    RUN_TIMEOUT,
  );
});
