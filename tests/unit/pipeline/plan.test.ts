// Page planning: output paths, 20 pages per campaign, campaign selection and sharding.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../generator/config/load.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { outputPathFor, selectCampaigns, shardPlans, type BuildSelection } from '../../../generator/pipeline/plan.ts';
import { defaultConfig } from '../../helpers.ts';

const valid = await validateSite(await loadConfig(defaultConfig));
const planPages = (_: unknown, selection: BuildSelection = {}) => selectCampaigns(valid.site, selection);

describe('outputPathFor', () => {
  it.each([
    ['/', 'en', 'index.html'],
    ['/child-old', 'en', 'child-old/index.html'],
    ['/feature1', 'en', 'feature1/index.html'],
    ['/', 'de', 'de/index.html'],
    ['/feature3', 'fr', 'fr/feature3/index.html'],
    ['/child-old', 'es', 'es/child-old/index.html'],
  ] as const)('%s in %s -> %s', (route, locale, file) => {
    expect(outputPathFor(route, locale, 'en')).toBe(file);
  });
});

describe('planSite and selectCampaigns', () => {
  it('plans the five routes in four locales, as the output layout lays them out', () => {
    const [plan] = planPages(valid);
    expect(plan!.dir).toBe('');
    expect(plan!.basePath).toBe('/');
    expect(plan!.pages.map((page) => page.file).sort()).toEqual(
      ['', 'de/', 'es/', 'fr/']
        .flatMap((prefix) => ['', 'child-old/', 'feature1/', 'feature2/', 'feature3/'].map((route) => `${prefix}${route}index.html`))
        .sort(),
    );
    const german = plan!.pages.find((page) => page.file === 'de/feature1/index.html')!;
    expect([german.route, german.locale, german.variant.name, german.urlPath]).toEqual(['/feature1', 'de', 'feature1', 'de/feature1']);
  });

  it('builds one campaign with its overrides into the output folder itself', () => {
    const [plan] = planPages(valid, { campaign: 'spring-sale' });
    expect(plan!.dir).toBe('');
    expect(plan!.pages).toHaveLength(20);
    expect(plan!.config.tracking.appsflyer.oneLink.default).toBe('https://pictura.onelink.me/Ab1c/spring');
    // Objects merge: what the campaign does not name stays as at the top level.
    expect(plan!.config.tracking.appsflyer.webAppId).toBe('00000000-0000-0000-0000-000000000000');
    expect(plan!.config.splitTest.feature1).toEqual({ fullPrice: 30, discount: 70 });
    expect(plan!.config.splitTest['child-old']).toEqual({ fullPrice: 50, trial: 50 });
  });

  it('puts the top level at the root and every campaign in its own folder and base path with --all', () => {
    const plans = planPages(valid, { all: true });
    expect(plans.map((plan) => [plan.name, plan.dir, plan.basePath, plan.pages.length])).toEqual([
      [null, '', '/', 20],
      ['kids', 'kids', '/kids/', 20],
      ['spring-sale', 'spring-sale', '/spring-sale/', 20],
    ]);
  });

  it('names the known campaigns when asked for an unknown one', () => {
    expect(() => planPages(valid, { campaign: 'winter' })).toThrow(
      'There is no campaign "winter" in the config. Campaigns: spring-sale, kids.',
    );
  });

  it('splits an --all build into shards that cover each plan exactly once', () => {
    const all = planPages(valid, { all: true }).map((plan) => plan.name);
    const sharded = [1, 2, 3].map((index) => planPages(valid, { all: true, shard: { index, count: 3 } }).map((plan) => plan.name));
    expect(sharded.every((shard) => shard.length === 1)).toBe(true);
    expect(sharded.flat().sort()).toEqual([...all].sort());
  });
});

describe('shardPlans', () => {
  const plans = (sizes: number[]) => sizes.map((size, i) => ({ name: `c${i}`, pages: new Array(size).fill(0) }));
  const split = (sizes: number[], count: number) =>
    Array.from({ length: count }, (_, i) => shardPlans(plans(sizes), { index: i + 1, count }).map((plan) => plan.name));
  const pagesOf = (sizes: number[], names: string[]) => names.reduce((total, name) => total + sizes[Number(name.slice(1))]!, 0);

  it.each([
    [[20, 20], 2],
    [[20, 20, 20, 20, 20, 20, 20, 20], 3],
    [[20, 40, 20, 60, 20, 20, 100, 20, 20], 4],
    [[5, 5, 5], 3],
    [Array.from({ length: 50 }, (_, i) => 10 + (i % 7) * 10), 16],
  ])('splits %j into %i: every plan once, every shard with work, sizes within one plan of each other', (sizes, count) => {
    const shards = split(sizes, count);
    expect(shards.flat().sort()).toEqual(
      plans(sizes)
        .map((plan) => plan.name)
        .sort(),
    );
    expect(shards.every((shard) => shard.length > 0)).toBe(true);
    const loads = shards.map((shard) => pagesOf(sizes, shard));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(Math.max(...sizes));
  });

  it('is the same split every time, and leaves shards past the plans empty', () => {
    expect(split([20, 20, 40], 2)).toEqual(split([20, 20, 40], 2));
    expect(split([20, 20], 3)[2]).toEqual([]);
  });
});
