// What a build holds per campaign stays small: campaigns share the top level's settings and pages, and a campaign's
// entry posted by a worker shares the strings and lists of those before it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadConfig } from '../../../generator/config/load.ts';
import { messagesFor } from '../../../generator/config/validate.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { imageCacheDir } from '../../../generator/shared/cache-dir.ts';
import { createImagePipeline } from '../../../generator/pipeline/images/images.ts';
import { selectCampaigns } from '../../../generator/pipeline/plan.ts';
import { campaignImages, withSharedStrings, type SharedStrings } from '../../../generator/pipeline/workers/workers.ts';
import type { CampaignManifest } from '../../../generator/shared/manifest.ts';
import { defaultConfigData, temporaryDir } from '../../helpers.ts';

/** The objects reachable from `roots`, each counted once. */
function objectsIn(roots: unknown[]): Set<object> {
  const seen = new Set<object>();
  const pending = [...roots];
  while (pending.length) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    pending.push(...Object.values(value));
  }
  return seen;
}

/**
 * A config of `count` campaigns, each with its own listing facts, link and weights (as `npm run bench` makes them),
 * and what `more` gives the campaign at an index.
 */
async function validCampaigns(count: number, more: (index: number) => Record<string, unknown> = () => ({})) {
  const dir = await temporaryDir();
  const config = defaultConfigData(dir);
  config.campaigns = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `campaign-${i + 1}`,
      {
        app: { ratingCount: 1000 + i, developer: `Lumen ${i + 1}` },
        tracking: { appsflyer: { oneLink: { default: `https://pictura.onelink.me/Ab1c/c${i + 1}` } } },
        splitTest: { feature1: { fullPrice: i % 100, discount: 100 - (i % 100) } },
        ...more(i),
      },
    ]),
  );
  const file = path.join(dir, 'variants.yaml');
  writeFileSync(file, stringify(config));
  return validateSite(await loadConfig(file));
}

describe('campaigns that override a few settings', () => {
  it("share the rest of the top level's settings and its pages, so each adds a few objects, not a copy of the config", async () => {
    const few = await validCampaigns(2);
    const many = await validCampaigns(200);
    const perCampaign = (objectsIn(many.site.campaigns).size - objectsIn(few.site.campaigns).size) / 198;
    // What a campaign overrides (its app, tracking and split test, down to the changed keys), its config and its plan.
    expect(perCampaign).toBeLessThan(20);
    const [first, second] = many.site.campaigns;
    expect(first!.pages).toBe(many.site.base.pages);
    expect(second!.config.variants).toBe(many.site.base.config.variants);
    expect(second!.config.app.ratingCount).toBe(1001);
    expect(many.site.base.config.app.ratingCount).not.toBe(1001);
    // Each still has a config of its own: caches keyed by a campaign's config tell them apart.
    expect(first!.config).not.toBe(second!.config);
  });
});

describe('campaigns that show the same images', () => {
  it('hold one map of them, which a campaign showing another image does not get', async () => {
    // The third campaign's app has another icon (and, with it, other share cards).
    const valid = await validCampaigns(3, (i) => (i === 2 ? { app: { icon: 'images/privacy/tracking.svg' } } : {}));
    const [, first, second, third] = selectCampaigns(valid.site, { all: true });
    const input = {
      messages: (config: Parameters<typeof messagesFor>[1], locale: string) => messagesFor(valid, config, locale),
      dir: valid.loaded.dir,
      images: createImagePipeline(imageCacheDir(valid.loaded.dir)),
    };
    const [one, two, other] = [
      await campaignImages(first!, input),
      await campaignImages(second!, input),
      await campaignImages(third!, input),
    ];
    expect(two).toBe(one);
    expect(other).not.toBe(one);
    expect([...other.keys()]).toEqual([...one.keys()].map((key) => key.replace('images/icon.svg', 'images/privacy/tracking.svg')));
    expect(other.get('icon:images/privacy/tracking.svg')!.fallback).not.toBe(one.get('icon:images/icon.svg')!.fallback);
  }, 60_000);
});

describe('withSharedStrings', () => {
  it('gives entries that arrive as copies the lists of strings of the first, keeping their content', () => {
    const manifest = {
      basePath: '/a/',
      locales: ['en', 'de'],
      assets: { runtime: 'runtime-1.js', client: 'client-1.js', files: ['client-1.js', 'logo-2.webp', 'runtime-1.js'] },
      pages: [{ route: '/', locale: 'en', variant: 'default', file: 'index.html', bytes: 10 }],
    } as unknown as CampaignManifest;
    const seen: SharedStrings = { strings: new Map(), lists: new Map() };
    const first = withSharedStrings(structuredClone(manifest), seen);
    const second = withSharedStrings(structuredClone({ ...manifest, basePath: '/b/' }), seen);
    expect(second.assets.files).toBe(first.assets.files);
    expect(second.locales).toBe(first.locales);
    expect(second).toEqual({ ...manifest, basePath: '/b/' });
    // Lists are told apart by their content, whatever their strings hold.
    expect(withSharedStrings(['a\0b'], seen)).not.toBe(withSharedStrings(['a', 'b'], seen));
  });
});
