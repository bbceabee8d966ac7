// How the tests' own screenshot checks judge a run against the committed baselines: the same pixels in the
// environment that made them, the same layout and a sliver of changed pixels in another Chromium, nothing
// else.
import { describe, expect, it } from 'vitest';
import { makeEnvironment, setupDifferences } from '../../../generator/screenshots/environment.ts';
import type { ScreenshotReport, ShotResult } from '../../../generator/screenshots/results.ts';
import { judgeCommittedBaselines, OTHER_CHROMIUM_BUDGET } from '../../browser/committed-baselines.ts';

const MADE_BY = makeEnvironment('Chrome/156.0.8078.108', 'linux x64, Debian GNU/Linux 12 (bookworm)', 1, {});
const REMAKE = 'npx store-landing screenshots --update';

/** A 390 x 3480 px shot of the French page (1,357,200 pixels), the same as its baseline unless `changes` says otherwise. */
function shot(changes: Partial<ShotResult> = {}): ShotResult {
  return {
    name: 'fr-default-390.png',
    campaign: null,
    locale: 'fr',
    variant: 'default',
    url: '/fr/',
    width: 390,
    status: 'same',
    maxDiffPixels: 0,
    pixelThreshold: 0.03,
    differingPixels: 0,
    box: null,
    differingOutsideImages: 0,
    baselineSize: '390x3480',
    currentSize: '390x3480',
    ...changes,
  };
}

/** A run made in `environment` (by default the baselines' own), every shot compared. */
function report(shots: ShotResult[], environment = MADE_BY): ScreenshotReport {
  return {
    shots,
    maxDiffPixels: 0,
    pixelThreshold: 0.03,
    baselineDir: 'tests/baselines',
    updated: false,
    only: null,
    written: [],
    shard: null,
    planned: shots.length,
    environment: {
      current: environment,
      baseline: { ...MADE_BY, fingerprint: MADE_BY.fonts.fingerprint },
      differences: setupDifferences(MADE_BY, environment),
      withheld: false,
    },
    updateCommand: REMAKE,
    stale: [],
    pruned: [],
    source: { fingerprint: null },
  };
}

describe('judgeCommittedBaselines', () => {
  const newer = { ...MADE_BY, browser: 'Chrome/157.0.7000.1' };
  /** What Chromium's headless shell changed of the French page at 390 px: its glyph edges. */
  const redrawnGlyphs = {
    status: 'changed' as const,
    differingPixels: 11_078,
    differingOutsideImages: 11_078,
    box: { x: 21, y: 24, width: 369, height: 3372 },
  };

  it('in the environment that made them, passes the same pixels and fails a single one changed, with no warning', () => {
    expect(judgeCommittedBaselines(report([shot(), shot({ name: 'en-default-390.png' })]), REMAKE)).toEqual({ problems: [] });
    const verdict = judgeCommittedBaselines(
      report([shot({ status: 'changed', differingPixels: 1, differingOutsideImages: 1, box: { x: 5, y: 5, width: 1, height: 1 } })]),
      REMAKE,
    );
    expect(verdict).toEqual({ problems: ['fr-default-390.png: changed (1 pixels differ in 1x1 at 5,5)'] });
  });

  it('in another Chromium, passes redrawn glyphs with a warning naming both browsers and the command that makes them again', () => {
    const verdict = judgeCommittedBaselines(report([shot(redrawnGlyphs), shot()], newer), REMAKE);
    expect(verdict.problems).toEqual([]);
    expect(verdict.warning).toContain('Chrome/156.0.8078.108 made the baselines, this is Chrome/157.0.7000.1');
    expect(verdict.warning).toMatch(/not for the same pixels\. Make them again with this one: npx store-landing screenshots --update$/);
  });

  it('in another Chromium, fails a page of another size, more changed than the budget, and a missing baseline', () => {
    const pixels = 390 * 3480;
    const overBudget = Math.floor(pixels * OTHER_CHROMIUM_BUDGET) + 1;
    const verdict = judgeCommittedBaselines(
      report(
        [
          shot({ ...redrawnGlyphs, currentSize: '390x3500' }),
          shot({ ...redrawnGlyphs, name: 'es-default-390.png', differingPixels: overBudget, differingOutsideImages: overBudget }),
          shot({ name: 'de-default-390.png', status: 'missing', differingPixels: undefined, differingOutsideImages: undefined }),
        ],
        newer,
      ),
      REMAKE,
    );
    expect(verdict.problems).toEqual([
      'fr-default-390.png: the page went from 390x3480 to 390x3500',
      "es-default-390.png: 2.00% of its pixels outside images differ, more than another Chromium's 2%",
      'de-default-390.png: missing',
    ]);
    // Within the budget, a change inside images only passes: another Chromium decodes them too.
    expect(judgeCommittedBaselines(report([shot({ ...redrawnGlyphs, differingPixels: 90_000 })], newer), REMAKE).problems).toEqual([]);
  });

  it('pinned on another platform, holds the same pixels, with no warning', () => {
    const elsewhere = { ...MADE_BY, platform: 'linux x64, Debian GNU/Linux 13 (trixie)' };
    expect(judgeCommittedBaselines(report([shot()], elsewhere), REMAKE)).toEqual({ problems: [] });
    expect(judgeCommittedBaselines(report([shot(redrawnGlyphs)], elsewhere), REMAKE).problems).toHaveLength(1);
  });

  it('fails any other difference of the environment, whatever the pixels', () => {
    const verdict = judgeCommittedBaselines(report([shot()], { ...newer, deviceScale: 2 }), REMAKE);
    expect(verdict).toEqual({
      problems: ['the environment differs: device scale: 1 in the baselines, 2 here'],
    });
  });
});
