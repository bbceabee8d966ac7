// Every listing a team has, built: an iPhone-only app's Japanese storefront (yen, its own screenshots, a date
// per review, 13+, no Mac, no Family Sharing, no payment SDK), beside the demo-like site's full listing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { currencyFor, missingPrices, screenshotsFor } from '../../../generator/config/storefront.ts';
import type { Config } from '../../../generator/config/types.ts';
import { defaultConfig, fixturesDir, temporaryDir } from '../../helpers.ts';

let iphone = '';
let site = '';

beforeAll(async () => {
  const parent = await temporaryDir();
  iphone = path.join(parent, 'iphone');
  site = path.join(parent, 'site');
  await buildSite({ config: path.join(fixturesDir, 'markets/iphone-ja.yaml'), outDir: iphone });
  await buildSite({ config: defaultConfig, outDir: site });
}, 180_000);

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
