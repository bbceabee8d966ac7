// The screenshot command's plan, without a browser: naming and sharding the shots, budgets, the environment of the baselines and its fonts.
import { describe, expect, it } from 'vitest';
import { budgetFor, DEFAULT_SETTINGS } from '../../../generator/screenshots/budget.ts';
import { fontDifferences, setupDifferences } from '../../../generator/screenshots/environment.ts';
import { fontPackagesFor } from '../../../generator/screenshots/glyphs.ts';
import { planShots, planSiteShots, shardShots } from '../../../generator/screenshots/plan.ts';

describe('planShots', () => {
  it('captures every page at 390 and 350 px, named by locale, variant and width, at its own URL', () => {
    const pages = [
      { route: '/', locale: 'en', variant: 'default', file: 'index.html', bytes: 1 },
      { route: '/feature1', locale: 'de', variant: 'feature1', file: 'de/feature1/index.html', bytes: 1 },
    ];
    expect(planShots(pages, 1).map((shot) => `${shot.name} /${shot.urlPath} ${shot.viewport.width}x${shot.viewport.height}`)).toEqual([
      'en-default-390.png / 390x844',
      'en-default-350.png / 350x844',
      'de-feature1-390.png /de/feature1 390x844',
      'de-feature1-350.png /de/feature1 350x844',
    ]);
    expect(planShots(pages, 3)[0]!.name).toBe('en-default-390@3x.png');
    expect(planShots(pages, 1)[2]).toMatchObject({ locale: 'de', variant: 'feature1', campaign: null });
  });

  it("names a site's campaign pages in their campaign's folder, at their base path", () => {
    const manifest = (campaign: string | null, basePath: string) => ({
      campaign,
      basePath,
      headers: {},
      defaultLocale: 'en',
      locales: ['en'],
      assets: { runtime: '', client: '', files: [] },
      pages: [{ route: '/feature1', locale: 'de', variant: 'feature1', file: 'de/feature1/index.html', bytes: 1 }],
    });
    const shots = planSiteShots(
      [
        { dir: '/site', manifest: manifest(null, '/') },
        { dir: '/site/kids', manifest: manifest('kids', '/kids/') },
      ],
      '/site',
      1,
    );
    expect(shots.map((shot) => `${shot.name} /${shot.urlPath} ${shot.campaign}`)).toEqual([
      'de-feature1-390.png /de/feature1 null',
      'de-feature1-350.png /de/feature1 null',
      'kids/de-feature1-390.png /kids/de/feature1 kids',
      'kids/de-feature1-350.png /kids/de/feature1 kids',
    ]);
  });
});

describe('budgetFor', () => {
  const settings = {
    maxDiffPixels: 5,
    pixelThreshold: 0.05,
    pages: { 'de-*': { maxDiffPixels: 40 }, '*-350': { pixelThreshold: 0.2 }, 'de-feature3-350.png': { maxDiffPixels: 90 } },
  };
  it.each([
    ['en-default-390.png', {}, { maxDiffPixels: 5, pixelThreshold: 0.05 }],
    ['en-default-390.png', { maxDiffPixels: 0 }, { maxDiffPixels: 0, pixelThreshold: 0.05 }],
    ['de-default-390.png', { maxDiffPixels: 0 }, { maxDiffPixels: 40, pixelThreshold: 0.05 }],
    ['kids/de-default-350.png', {}, { maxDiffPixels: 40, pixelThreshold: 0.2 }],
    ['de-feature3-350.png', { pixelThreshold: 0.01 }, { maxDiffPixels: 90, pixelThreshold: 0.2 }],
  ])('%s with the flags %j: %j (the flags over the defaults, the globs over both, the last glob last)', (name, flags, budget) => {
    expect(budgetFor(name, settings, flags)).toEqual(budget);
  });

  it('is strict without a config: no differing pixel, colour distance 0.03', () => {
    expect(budgetFor('en-default-390.png', DEFAULT_SETTINGS, {})).toEqual({ maxDiffPixels: 0, pixelThreshold: 0.03 });
  });
});

describe('fontPackagesFor', () => {
  it.each([
    ['日本語', ['fonts-noto-cjk']],
    ['한국어', ['fonts-noto-cjk']],
    ['😀', ['fonts-noto-color-emoji']],
    ['ᱥᱟᱱ', ['fonts-noto-core']],
    ['ᱥ日ᱟ', ['fonts-noto-core', 'fonts-noto-cjk']],
  ])('%s: %j', (characters, packages) => {
    expect(fontPackagesFor(characters)).toEqual(packages);
  });
});

describe('the environment of the baselines', () => {
  const recorded = { browser: 'Chrome/156.0.8078.73', platform: 'linux x64, Debian GNU/Linux 12 (bookworm)', deviceScale: 1 };

  it('names each difference of browser, platform and scale, and none when they match', () => {
    expect(setupDifferences(recorded, { ...recorded })).toEqual([]);
    expect(setupDifferences(recorded, { browser: 'Chrome/157.0.1.2', platform: 'darwin arm64', deviceScale: 2 })).toEqual([
      'browser: Chrome/156.0.8078.73 made the baselines, this is Chrome/157.0.1.2',
      'platform: the baselines were made on linux x64, Debian GNU/Linux 12 (bookworm), this is darwin arm64',
      'device scale: 1 in the baselines, 2 here',
    ]);
  });

  it('names the fonts only one side used, with a screenshot showing each, and skips screenshots without a record', () => {
    const byShot = {
      'ja-default-390.png': ['Noto Sans CJK JP (NotoSansCJKjp-Regular)', 'Liberation Sans (LiberationSans)'],
      'en-default-390.png': ['Liberation Sans (LiberationSans)'],
    };
    expect(
      fontDifferences(byShot, { 'en-default-390.png': ['Liberation Sans (LiberationSans)'], 'new-page-390.png': ['Anything (Else)'] }),
    ).toEqual([]);
    expect(
      fontDifferences(byShot, {
        'ja-default-390.png': ['Droid Sans Fallback (DroidSansFallbackFull)', 'Liberation Sans (LiberationSans)'],
      }),
    ).toEqual([
      'fonts: the baselines used Noto Sans CJK JP (NotoSansCJKjp-Regular) (ja-default-390.png), which this machine did not',
      'fonts: this machine used Droid Sans Fallback (DroidSansFallbackFull) (ja-default-390.png), which the baselines did not',
    ]);
  });
});

describe('shardShots', () => {
  const pages = ['en', 'de', 'fr'].flatMap((locale) =>
    ['default', 'feature1'].map((variant) => ({ route: '/', locale, variant, file: `${locale}/${variant}/index.html`, bytes: 1 })),
  );
  const shots = planShots(pages, 1);
  const names = (part: Array<{ name: string }>) => part.map((shot) => shot.name);

  it('deals the shots, sorted by name, round-robin: balanced, each shot in one shard, whatever the manifest order', () => {
    const parts = [1, 2, 3, 4, 5].map((index) => names(shardShots(shots, { index, count: 5 })));
    expect(parts.map((part) => part.length)).toEqual([3, 3, 2, 2, 2]);
    expect(parts.flat().sort()).toEqual(names(shots).sort());
    // Sorted, the 1st, 6th and 11th names; in plan order.
    expect(parts[0]).toEqual(['en-default-390.png', 'de-default-350.png', 'fr-feature1-350.png']);
    const reversed = [1, 2, 3, 4, 5].map((index) => names(shardShots([...shots].reverse(), { index, count: 5 })).sort());
    expect(reversed).toEqual(parts.map((part) => [...part].sort()));
  });

  it('keeps the plan order within a shard, takes all as 1/1, and leaves a shard past the shots empty', () => {
    expect(shardShots(shots, { index: 1, count: 1 })).toEqual(shots);
    expect(shardShots(shots, { index: 13, count: 13 })).toEqual([]);
  });
});
