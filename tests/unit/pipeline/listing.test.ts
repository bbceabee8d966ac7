// Every listing a team has, built: an iPhone-only app's Japanese storefront (yen, its own screenshots, a date
// per review, 13+, no Mac, no Family Sharing, no payment SDK), beside the demo-like site's full listing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { currencyFor, missingPrices, screenshotsFor } from '../../../generator/config/storefront.ts';
import type { Config } from '../../../generator/config/types.ts';
import { defaultConfig, fixtureConfig, fixturesDir, temporaryDir } from '../../helpers.ts';

let iphone = '';
let site = '';
/** tests/fixtures/site/base.yaml: no siteUrl, no App Store id. */
let plain = '';
/** The iPhone fixture with a share image of its own. */
let given = '';

beforeAll(async () => {
  const parent = await temporaryDir();
  [iphone, site, plain, given] = ['iphone', 'site', 'plain', 'given'].map((name) => path.join(parent, name)) as [
    string,
    string,
    string,
    string,
  ];
  const iphoneConfig = path.join(fixturesDir, 'markets/iphone-ja.yaml');
  await buildSite({ config: iphoneConfig, outDir: iphone });
  await buildSite({ config: defaultConfig, outDir: site });
  await buildSite({ config: fixtureConfig('base'), outDir: plain });
  // Beside the fixture: its paths are relative to it.
  const givenConfig = path.join(fixturesDir, `markets/.share-image-${path.basename(parent)}.yaml`);
  writeFileSync(givenConfig, readFileSync(iphoneConfig, 'utf8').replace('  appStoreId:', '  shareImage: images/icon.svg\n  appStoreId:'));
  try {
    await buildSite({ config: givenConfig, outDir: given });
  } finally {
    rmSync(givenConfig, { force: true });
  }
}, 240_000);

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
/** The page's visible words, tags and embedded scripts left out. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const runtimeConfigOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)![1]!);
describe('an iPhone-only app in Japan', () => {
  it("shows each storefront's prices in its currency, formatted by Intl", () => {
    const ja = textOf(read(iphone, 'ja/index.html'));
    const en = textOf(read(iphone, 'index.html'));
    expect(ja).toContain('￥6,000');
    expect(ja).toContain('￥1,500');
    expect(ja).not.toContain('$');
    expect(en).toContain('$39.99');
    expect(en).not.toMatch(/[¥￥]/);
  });

  it("shows each language's screenshots, the shared ones after them", () => {
    const ja = read(iphone, 'ja/index.html');
    const en = read(iphone, 'index.html');
    expect(ja).toContain('/assets/feature1-1-');
    expect(ja).not.toContain('/assets/default-1-');
    expect(en).toContain('/assets/default-1-');
    expect(en).not.toContain('/assets/feature1-1-');
    for (const html of [ja, en]) expect(html).toContain('/assets/shared-3-');
  });

  it('lists only the iPhone under Compatibility, and no Mac anywhere', () => {
    const en = textOf(read(iphone, 'index.html'));
    expect(en).toContain('Compatibility iPhone Requires iOS 16.0 or later. Languages');
    expect(en).not.toMatch(/\bMac\b|macOS/);
  });

  it('shows a date per review, the shared reviewDate for a review without its own', () => {
    const dates = [...read(iphone, 'index.html').matchAll(/class="review__date">([^<]*)</g)].map((m) => m[1]);
    expect(dates).toEqual(['Nov 2, 2025', 'Oct 21, 2025', 'Sep 3, 2025']);
  });

  it("shows today's 13+ rating, no Family Sharing, and Version History and See All as plain words", () => {
    const html = read(iphone, 'index.html');
    expect(html).toContain('<bdi class="age-badge">13+</bdi>');
    expect(html).not.toContain('class="family-sharing"');
    expect(html).toContain('<span class="section-header__action section-header__action--text">Version History</span>');
    expect(html).toContain('<span class="section-header__action section-header__action--text">See All</span>');
  });

  it('has no payment SDK at all: no settings, no script URL', () => {
    const html = read(iphone, 'index.html');
    expect(runtimeConfigOf(html)).not.toHaveProperty('payments');
    expect(html).not.toContain('braintree');
  });
});

describe('the demo-like site', () => {
  it('keeps its full listing: the Mac row, Family Sharing, links to Version History and See All, the payment SDK', () => {
    const html = read(site, 'index.html');
    expect(textOf(html)).toContain(
      'iPhone Requires iOS 15.0 or later. Mac Requires macOS 12.0 or later and a Mac with Apple M1 chip or later.',
    );
    expect(html).toContain('class="family-sharing"');
    expect(html).toContain('<a href="https://example.com/version-history" class="section-header__action" target="_blank" rel="noopener">');
    expect(html).toContain('<a href="https://example.com/reviews" class="section-header__action" target="_blank" rel="noopener">');
    expect(runtimeConfigOf(html).payments.scripts.length).toBeGreaterThan(0);
  });
});

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const shareFile = (dir: string, html: string) => path.join(dir, new URL(meta(html, 'og:image')!).pathname);

describe('share previews and the Smart App Banner', () => {
  it('gives every page Open Graph and Twitter card tags in its language, on absolute URLs at siteUrl', () => {
    const ja = read(iphone, 'ja/index.html');
    expect(meta(ja, 'og:title')).toBe('「Pictura: AI画像クリエイター」をApp Storeで');
    expect(meta(ja, 'twitter:title')).toBe(meta(ja, 'og:title'));
    expect(meta(ja, 'og:description')).toContain('App Storeでダウンロード');
    expect(meta(ja, 'og:locale')).toBe('ja');
    expect(meta(ja, 'og:url')).toBe('https://get.pictura.app/ja');
    expect(meta(ja, 'og:image')).toMatch(/^https:\/\/get\.pictura\.app\/assets\/share-[0-9a-f]{10}\.jpg$/);
    expect(meta(ja, 'twitter:card')).toBe('summary_large_image');
    expect(meta(ja, 'twitter:image')).toBe(meta(ja, 'og:image'));
    expect(meta(read(iphone, 'index.html'), 'og:title')).toBe('Pictura: AI Image Creator on the App Store');
  });

  it("makes a 1200 x 630 card per language, of its name and first screenshot, shipped in the campaign's assets", async () => {
    const ja = read(iphone, 'ja/index.html');
    const en = read(iphone, 'index.html');
    expect(meta(ja, 'og:image')).not.toBe(meta(en, 'og:image'));
    for (const html of [ja, en]) {
      expect(await sharp(shareFile(iphone, html)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
    }
  });

  it("uses the config's own share image, cropped to 1200 x 630, for every page", async () => {
    const ja = read(given, 'ja/index.html');
    const en = read(given, 'index.html');
    expect(meta(ja, 'og:image')).toBe(meta(en, 'og:image'));
    expect(meta(ja, 'og:image')).not.toBe(meta(read(iphone, 'ja/index.html'), 'og:image'));
    expect(await sharp(shareFile(given, ja)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('without siteUrl: the title and description, but no og:url and no image (Open Graph takes only absolute URLs)', () => {
    const html = read(plain, 'index.html');
    expect(meta(html, 'og:title')).toBe('Pictura: AI Image Creator on the App Store');
    expect(meta(html, 'og:url')).toBeUndefined();
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it("carries the Smart App Banner with the App Store id, its argument the page's install link; none without an id", () => {
    expect(meta(read(iphone, 'ja/index.html'), 'apple-itunes-app')).toBe(
      'app-id=284882215, app-argument=https://pictura.onelink.me/Ab1c/install',
    );
    expect(meta(read(plain, 'index.html'), 'apple-itunes-app')).toBeUndefined();
  });
});

describe('storefronts', () => {
  const app = { currency: 'USD', localeCurrency: { ja: 'JPY', de: 'EUR' } } as unknown as Config['app'];

  it("picks a locale's currency by its tag, then its language, else app.currency", () => {
    expect([currencyFor(app, 'ja'), currencyFor(app, 'de-AT'), currencyFor(app, 'fr')]).toEqual(['JPY', 'EUR', 'USD']);
  });

  it("picks a locale's screenshots by its tag, then its language, else default; a list is every language's", () => {
    const set = { default: ['a.png'], pt: ['pt.png'], 'pt-BR': ['br.png'] };
    expect([screenshotsFor(set, 'pt-BR'), screenshotsFor(set, 'pt-PT'), screenshotsFor(set, 'ja')]).toEqual([
      ['br.png'],
      ['pt.png'],
      ['a.png'],
    ]);
    expect(screenshotsFor(['x.png'], 'ja')).toEqual(['x.png']);
  });

  it('names each price lacking an amount in a currency a locale shows', () => {
    const config = {
      locales: ['en', 'ja'],
      app: {
        ...app,
        price: 4.99,
        inAppPurchases: [
          { name: 'iap.a', price: { USD: 1, JPY: 150 } },
          { name: 'iap.b', price: { USD: 2 } },
        ],
      },
    } as unknown as Config;
    expect(missingPrices(config)).toEqual([
      { keyPath: ['app', 'price'], currency: 'JPY', locales: ['ja'] },
      { keyPath: ['app', 'inAppPurchases', 1, 'price'], currency: 'JPY', locales: ['ja'] },
    ]);
  });
});
