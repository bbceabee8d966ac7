// The markets fixture built: Japanese, Brazilian and Arabic pages with Intl's numbers, dates, prices and
// lists, plural forms, right-to-left, and plain routes in a language other than English.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { LocaleFormats } from '../../../generator/pipeline/render/locale-format.ts';
import { buildListing } from '../../../generator/pipeline/render/page-props.ts';
import { messagesFor } from '../../../generator/config/validate.ts';
import { render, TranslatorCache } from '../../../page/view/entry-server.tsx';
import type { ImageRef, Messages } from '../../../page/contract/props.ts';
import { checkConfig, fixturesDir, temporaryDir } from '../../helpers.ts';

const config = path.join(fixturesDir, 'markets/variants.yaml');
const builds: Record<string, string> = {};

beforeAll(async () => {
  const parent = await temporaryDir();
  for (const campaign of [undefined, 'sao-paulo', 'riyadh']) {
    const outDir = path.join(parent, campaign ?? 'top');
    await buildSite({ config, outDir, campaign });
    builds[campaign ?? 'top'] = outDir;
  }
}, 180_000);

const page = (build: string, file: string) => readFileSync(path.join(builds[build]!, file), 'utf8');
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0];

/** What each locale's strings put around the numbers, from the fixture's locale files. */
const LOCALES = {
  ja: {
    file: 'ja/index.html',
    count: (n: string) => `${n}件の評価`,
    languages: ['英語', '日本語', 'ポルトガル語（ブラジル）', 'アラビア語'],
  },
  'pt-BR': {
    file: 'pt-BR/index.html',
    count: (n: string) => `${n} notas`,
    languages: ['Inglês', 'Japonês', 'Português (Brasil)', 'Árabe'],
  },
  ar: {
    file: 'ar/index.html',
    count: (n: string) => `${n} تقييم`,
    languages: ['الإنجليزية', 'اليابانية', 'البرتغالية (البرازيل)', 'العربية'],
  },
} as const;

describe('the markets fixture, built', () => {
  it('writes a page per locale under its tag, left to right but Arabic right to left', () => {
    expect(htmlTag(page('top', 'index.html'))).toBe('<html lang="en" dir="ltr">');
    expect(htmlTag(page('top', 'ja/index.html'))).toBe('<html lang="ja" dir="ltr">');
    expect(htmlTag(page('top', 'pt-BR/index.html'))).toBe('<html lang="pt-BR" dir="ltr">');
    expect(htmlTag(page('top', 'ar/index.html'))).toBe('<html lang="ar" dir="rtl">');
    const manifest = JSON.parse(page('top', 'manifest.json'));
    expect([manifest.defaultLocale, manifest.locales]).toEqual(['en', ['en', 'ja', 'pt-BR', 'ar']]);
  });

  it.each(Object.entries(LOCALES))('writes the numbers, prices, dates and lists of %s as Intl does', (locale, expected) => {
    const html = page('top', expected.file);
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(25600);
    const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.5);
    const price = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(39.99);
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2025-10-14T00:00:00Z'));
    const size = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(64.7);
    const languages = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(expected.languages);
    expect(html).toContain(`<span class="ratings-summary__value">${rating}</span>`);
    expect(html).toContain(`<p class="ratings-summary__count">${expected.count(compact)}</p>`);
    expect(html).toContain(`<bdi dir="ltr">${price}</bdi>`);
    expect(html).toContain(`<span>${day}</span>`);
    expect(html).toContain(`<dd class="info-strip__value">${size}</dd>`);
    expect(html).toContain(`<dd class="info-list__value">${languages}</dd>`);
  });

  it('shows the ratings count compact in each locale: 2.6万 in Japanese, 25,6 mil in Portuguese', () => {
    const countIn = (file: string) => /<p class="ratings-summary__count">(.*?)<\/p>/.exec(page('top', file))![1];
    expect(countIn('ja/index.html')).toBe('2.6万件の評価');
    expect(countIn('pt-BR/index.html')).toBe('25,6\u00a0mil notas');
    expect(countIn('index.html')).toBe('25.6K Ratings');
  });

  it("isolates the config's Latin text on the Arabic page, so punctuation and signs stay in place", () => {
    const html = page('top', 'ar/index.html');
    expect(html).toContain('<bdi class="age-badge">4+</bdi>');
    expect(html).toContain('<bdi>© 2025 Lumen Pixel Labs GmbH</bdi>');
    expect(html).toContain('<span class="developer-row__name"><bdi>Lumen Pixel Labs GmbH</bdi></span>');
  });

  it("links every language's page by its tag, x-default to the plain route, and writes the 404 page in the default locale", () => {
    const html = page('top', 'ar/index.html');
    for (const [hreflang, href] of [
      ['en', '/'],
      ['ja', '/ja'],
      ['pt-BR', '/pt-BR'],
      ['ar', '/ar'],
      ['x-default', '/'],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="https://get.pictura.app${href}">`);
    }
    expect(htmlTag(page('top', '404.html'))).toBe('<html lang="en" dir="ltr">');
  });

  it("puts a campaign's plain routes and 404 page in its default locale, and English in a folder of its own", () => {
    const html = page('sao-paulo', 'index.html');
    expect(htmlTag(html)).toBe('<html lang="pt-BR" dir="ltr">');
    expect(htmlTag(page('sao-paulo', 'en/index.html'))).toBe('<html lang="en" dir="ltr">');
    expect(existsSync(path.join(builds['sao-paulo']!, 'pt-BR'))).toBe(false);
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://get.pictura.app/en">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://get.pictura.app/">');
    expect(htmlTag(page('sao-paulo', '404.html'))).toBe('<html lang="pt-BR" dir="ltr">');
    expect(page('sao-paulo', '404.html')).toContain('Voltar para o app');
    expect(htmlTag(page('sao-paulo', 'en/404.html'))).toBe('<html lang="en" dir="ltr">');
    expect(htmlTag(page('sao-paulo', 'ar/404.html'))).toBe('<html lang="ar" dir="rtl">');
    expect(page('sao-paulo', 'ja/404.html')).toContain('Appに戻る');
    expect(JSON.parse(page('sao-paulo', 'manifest.json')).defaultLocale).toBe('pt-BR');
    expect(htmlTag(page('riyadh', 'index.html'))).toBe('<html lang="ar" dir="rtl">');
    expect(htmlTag(page('riyadh', '404.html'))).toBe('<html lang="ar" dir="rtl">');
  });
});

describe('plural forms of the ratings count', () => {
  const image = (): ImageRef => ({ src: '/x.svg', width: 1, height: 1 });

  /** The ratings line of the page rendered in `locale` for `ratingCount` ratings. */
  async function countText(locale: string, ratingCount: number): Promise<string> {
    const { valid } = await checkConfig(config);
    const base = valid.base.config;
    const settings = { ...base, app: { ...base.app, ratingCount } };
    const messages = messagesFor(valid, base, locale);
    const listing = buildListing(settings, locale, messages, image, new LocaleFormats());
    const props = {
      locale,
      route: '/',
      variant: 'default',
      messages,
      listing,
      screenshots: [image()],
      installLink: 'https://example.com/',
    };
    return /<p class="ratings-summary__count">(.*?)<\/p>/.exec(render(props, new TranslatorCache()))![1]!;
  }

  // {n} is the count as Intl writes it compact in the locale.
  it.each([
    ['en', 1, '{n} Rating'],
    ['en', 25600, '{n} Ratings'],
    ['pt-BR', 1, '{n} nota'],
    ['pt-BR', 2, '{n} notas'],
    ['ja', 1, '{n}件の評価'],
    ['ar', 0, 'لا توجد تقييمات'],
    ['ar', 1, 'تقييم واحد'],
    ['ar', 2, 'تقييمان'],
    ['ar', 5, '{n} تقييمات'],
    ['ar', 11, '{n} تقييمًا'],
    ['ar', 25600, '{n} تقييم'],
  ])('%s, %i ratings: %s', async (locale, count, text) => {
    const shown = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
    expect(await countText(locale, count)).toBe(text.replace('{n}', shown));
  });
});

describe('the names of the app languages', () => {
  const image = (): ImageRef => ({ src: '/x.svg', width: 1, height: 1 });
  const intlName = (locale: string, tag: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(tag)!;
  const list = (locale: string, names: string[]) => new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(names);

  /** The languages line of the listing in `locale` from `messages` (the fixture's languages: en, ja, pt-BR, ar). */
  async function languagesLine(locale: string, messages: Messages): Promise<string> {
    const { valid } = await checkConfig(config);
    return buildListing(valid.base.config, locale, messages, image, new LocaleFormats()).languages;
  }

  it("are Intl's names in the locale when its file names none", async () => {
    const expected = list(
      'ja',
      ['en', 'ja', 'pt-BR', 'ar'].map((tag) => intlName('ja', tag)),
    );
    expect(await languagesLine('ja', { app: { name: 'Pictura' } })).toBe(expected);
  });

  it("are the locale file's own where it gives one (languageNames.<tag>), Intl's for the rest", async () => {
    const messages = { languageNames: { 'pt-BR': 'ポルトガル語（ブラジル）', en: 'エイゴ' } };
    const expected = list('ja', ['エイゴ', intlName('ja', 'ja'), 'ポルトガル語（ブラジル）', intlName('ja', 'ar')]);
    expect(await languagesLine('ja', messages)).toBe(expected);
    expect(expected).not.toContain(intlName('ja', 'pt-BR'));
  });
});
