// The page's labels that ship with the tool: every language complete, in every plural form it has, and laid
// under a project's locale file so that the project writes only its app's words.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVICE_KEYS, PAGE_KEYS } from '../../../page/contract/page-keys.ts';
import type { Messages } from '../../../page/contract/props.ts';
import { textDirection } from '../../../page/contract/text-direction.ts';
import { SHIPPED_LABELS_DIR, shippedLabelTags, shippedTagFor, withShippedLabels } from '../../../generator/config/shipped-labels.ts';
import { checkConfig, configIssues, copySiteFiles, siteDir, temporaryDir } from '../../helpers.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const labels = (tag: string) => JSON.parse(readFileSync(path.join(SHIPPED_LABELS_DIR, `${tag}.json`), 'utf8')) as Messages;
const leafKeys = (messages: Messages, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : leafKeys(value, `${prefix}${key}.`)));
const textAt = (messages: Messages, key: string) =>
  leafKeys(messages).includes(key) && key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], messages);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const english = labels('en');
const englishKeys = leafKeys(english);
const pluralKeys = [...new Set(englishKeys.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')))];
const singleKeys = englishKeys.filter((key) => !PLURAL.test(key));

describe('the labels the tool ships', () => {
  it('cover at least the App Store languages the issue names', () => {
    const required = [
      'en',
      'de',
      'es',
      'fr',
      'it',
      'ja',
      'ko',
      'zh-Hans',
      'zh-Hant',
      'pt-BR',
      'pt-PT',
      'nl',
      'ru',
      'tr',
      'ar',
      'he',
      'sv',
      'pl',
      'id',
      'th',
    ];
    expect(shippedLabelTags()).toEqual(expect.arrayContaining(required));
    expect(shippedLabelTags().length).toBeGreaterThanOrEqual(20);
  });

  it('hold every label of the page that is not the app’s own words, every device of the Compatibility row included', () => {
    const appWords = ['meta.description', 'app.name', 'app.subtitle', 'app.description', 'whatsNew.notes'];
    const pageLabels = [...PAGE_KEYS, ...Object.values(DEVICE_KEYS).flat()];
    for (const key of pageLabels.filter((key) => !appWords.includes(key))) {
      expect(singleKeys.includes(key) || pluralKeys.includes(key), key).toBe(true);
    }
    for (const key of appWords)
      expect(
        englishKeys.some((shipped) => shipped.startsWith(key)),
        key,
      ).toBe(false);
  });

  it.each(shippedLabelTags())('%s: every key of English, each plural key in exactly its forms, the same placeholders', (tag) => {
    const messages = labels(tag);
    const keys = leafKeys(messages);
    const forms: string[] = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
    const expected = [...singleKeys, ...pluralKeys.flatMap((key) => forms.map((form) => `${key}_${form}`))];
    expect(keys.sort()).toEqual(expected.sort());
    for (const key of singleKeys) {
      const text = textAt(messages, key) as string;
      expect(text.trim(), `${tag} ${key}`).not.toBe('');
      expect(placeholders(text), `${tag} ${key}`).toEqual(placeholders(textAt(english, key) as string));
    }
  });

  it('are right-to-left in Arabic and Hebrew, and only there', () => {
    const rtl = shippedLabelTags().filter((tag) => textDirection(tag) === 'rtl');
    expect(rtl).toEqual(['ar', 'he']);
  });

  it.each([
    ['ja', 'ja'],
    ['de-AT', 'de'],
    ['en-GB', 'en'],
    ['zh-TW', 'zh-Hant'],
    ['zh', 'zh-Hans'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-PT'],
    ['fi', undefined],
  ])('a project in %s takes the labels of %s', (locale, tag) => {
    expect(shippedTagFor(locale)).toBe(tag);
  });
});

describe('a project locale file over the shipped labels', () => {
  it('wins wherever it writes a text, and one text for every count replaces the shipped plural forms', () => {
    const merged = withShippedLabels(
      { header: { get: 'Holen', ratings: '{{count}} Sterne' } },
      { header: { get: 'Laden', ratings_one: '{{count}} Bewertung', ratings_other: '{{count}} Bewertungen', age: 'Alter' } },
    );
    expect(merged).toEqual({ header: { get: 'Holen', ratings: '{{count}} Sterne', age: 'Alter' } });
  });

  it("validates with only the app's own words in a shipped language, and names every label a language the tool lacks must write", async () => {
    const dir = await temporaryDir();
    copySiteFiles(dir, ['images']);
    const config = readFileSync(path.join(siteDir, 'base.yaml'), 'utf8')
      .replace('locales: [en, de]', 'locales: [en, ja, fi]')
      .replace('languages: [en, de]', 'languages: [en, ja, fi]');
    writeFileSync(path.join(dir, 'variants.yaml'), config);
    mkdirSync(path.join(dir, 'locales'));
    const appWords = JSON.stringify({
      meta: { description: 'Calm in five minutes.' },
      app: { name: 'Stillness', subtitle: 'Breathe', description: 'A meditation app.' },
      whatsNew: { notes: 'Faster.' },
      reviews: { r1: { title: 'Calm', body: 'It helps.' } },
      iap: { magicProYearly: 'Yearly' },
    });
    for (const locale of ['en', 'ja']) writeFileSync(path.join(dir, 'locales', `${locale}.json`), appWords);
    writeFileSync(path.join(dir, 'locales', 'fi.json'), appWords);
    const issues = await configIssues(path.join(dir, 'variants.yaml'));
    expect(issues.length).toBeGreaterThan(20);
    // Only the language without shipped labels, and its labels, not the app's words.
    expect(issues.filter((issue) => !issue.includes(`locales${path.sep}fi.json:`))).toEqual([]);
    expect(issues.some((issue) => issue.includes(' header.get: missing translation'))).toBe(true);
    expect(issues.some((issue) => /app\.name|reviews\.r1|iap\./.test(issue))).toBe(false);

    const japanese = readFileSync(path.join(dir, 'locales', 'ja.json'), 'utf8');
    writeFileSync(path.join(dir, 'variants.yaml'), config.replace('[en, ja, fi]', '[en, ja]').replace('[en, ja, fi]', '[en, ja]'));
    const { valid } = await checkConfig(path.join(dir, 'variants.yaml'));
    expect(japanese).not.toContain('header');
    expect(valid.site.base.pages.length).toBeGreaterThan(0);
  });
});
