// Page planning: output paths, 20 pages per campaign, campaign selection and sharding.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config/load.ts';
import { validateConfig } from '../../generator/config/validate.ts';
import { outputPathFor, selectCampaigns, shardOf, type BuildSelection } from '../../generator/build/plan.ts';
import { defaultConfig } from '../helpers.ts';

const valid = validateConfig(await loadConfig(defaultConfig));
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

  it('gives every campaign its own folder and base path with --all', () => {
    const plans = planPages(valid, { all: true });
    expect(plans.map((plan) => [plan.name, plan.dir, plan.basePath, plan.pages.length])).toEqual([
      ['kids', 'kids', '/kids/', 20],
      ['spring-sale', 'spring-sale', '/spring-sale/', 20],
    ]);
  });

  it('names the known campaigns when asked for an unknown one', () => {
    expect(() => planPages(valid, { campaign: 'winter' })).toThrow('There is no campaign "winter" in the config. Campaigns: spring-sale, kids.');
  });

  it('splits campaigns into shards that cover each exactly once', () => {
    const names = Array.from({ length: 50 }, (_, i) => `campaign-${i}`);
    const shards = names.map((name) => shardOf(name, 4));
    expect(new Set(shards)).toEqual(new Set([0, 1, 2, 3]));
    // Stable: a name's shard does not depend on the other campaigns.
    expect(names.map((name) => shardOf(name, 4))).toEqual(shards);
    const all = planPages(valid, { all: true }).map((plan) => plan.name);
    const sharded = [1, 2, 3].flatMap((index) => planPages(valid, { all: true, shard: { index, count: 3 } }).map((plan) => plan.name));
    expect(sharded.sort()).toEqual(all.sort());
  });
});
