// Any BCP 47 locale with a translation file: tags as Intl reads them, plural forms per language, output paths, text direction.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputPathFor } from '../../../generator/pipeline/plan.ts';
import { canonicalTag } from '../../../generator/config/locale-tags.ts';
import { textDirection } from '../../../page/contract/text-direction.ts';
import { checkConfig, configIssues, fixturesDir, temporaryDir } from '../../helpers.ts';

const markets = path.join(fixturesDir, 'markets');
const marketsConfig = path.join(markets, 'variants.yaml');

const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the markets fixture whose locale files `edit` may change, in a temporary folder. */
async function editedMarkets(edit: (files: Record<string, Record<string, unknown>>) => void): Promise<string> {
  const dir = await temporaryDir();
  created.push(dir);
  await cp(path.join(markets, 'locales'), path.join(dir, 'locales'), { recursive: true });
  const files: Record<string, Record<string, unknown>> = {};
  for (const locale of ['en', 'ja', 'pt-BR', 'ar']) {
    files[locale] = JSON.parse(await readFile(path.join(dir, 'locales', `${locale}.json`), 'utf8'));
  }
  edit(files);
  for (const [locale, messages] of Object.entries(files)) {
    await writeFile(path.join(dir, 'locales', `${locale}.json`), JSON.stringify(messages, null, 2));
  }
  // Its images beside the copy too: a config names only files in its own folder.
  await cp(path.join(markets, 'images'), path.join(dir, 'images'), { recursive: true });
  await cp(path.join(markets, 'variants.yaml'), path.join(dir, 'variants.yaml'));
  return path.join(dir, 'variants.yaml');
}

describe('a config with ja, pt-BR and ar beside en', () => {
  it("is valid, and plans a folder per locale named by its tag, the default locale's pages at the plain routes", async () => {
    const { valid, plans } = await checkConfig(marketsConfig);
    expect(plans[0]!.config.locales).toEqual(['en', 'ja', 'pt-BR', 'ar']);
    expect(plans[0]!.pages.map((page) => page.file)).toEqual(['index.html', 'ja/index.html', 'pt-BR/index.html', 'ar/index.html']);
    // A campaign may put its plain routes in another language; English then has its own folder.
    const saoPaulo = valid.site.campaigns.find((campaign) => campaign.name === 'sao-paulo')!;
    expect(saoPaulo.pages.map((page) => [page.locale, page.file])).toEqual([
      ['en', 'en/index.html'],
      ['ja', 'ja/index.html'],
      ['pt-BR', 'index.html'],
      ['ar', 'ar/index.html'],
    ]);
  });

  it.each([
    ['/', 'pt-BR', 'en', 'pt-BR/index.html'],
    ['/feature1', 'zh-Hant', 'en', 'zh-Hant/feature1/index.html'],
    ['/feature1', 'ar', 'ar', 'feature1/index.html'],
    ['/', 'en', 'ar', 'en/index.html'],
  ] as const)('outputPathFor(%s, %s) with default %s is %s', (route, locale, defaultLocale, file) => {
    expect(outputPathFor(route, locale, defaultLocale)).toBe(file);
  });
});

describe('language tags', () => {
  it.each([
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['iw', 'he'],
    ['pt_BR', undefined],
    ['en-US-US', undefined],
  ])('Intl writes %s as %s', (tag, canonical) => {
    expect(canonicalTag(tag)).toBe(canonical);
  });

  it('are refused with a pointer to the canonical spelling, and a missing translation file is named', async () => {
    expect(await configIssues('tests/fixtures/site/locale-tag-not-canonical.yaml')).toContain(
      'tests/fixtures/site/locale-tag-not-canonical.yaml:2:15 locales[1]: expected a language tag in canonical form, found "pt-br" (did you mean "pt-BR"?)',
    );
    expect(await configIssues('tests/fixtures/site/locale-file-missing.yaml')).toEqual([
      'tests/fixtures/site/locale-file-missing.yaml:2:15 locales[1]: translations for "it" not found: expected a file at tests/fixtures/site/locales/it.json, found nothing',
    ]);
  });
});

describe('plural forms', () => {
  it('are required in every form the language uses: six in Arabic', async () => {
    const config = await editedMarkets((files) => {
      const header = files.ar!.header as Record<string, string>;
      delete header.ratings_few;
      delete header.ratings_many;
    });
    const issues = await configIssues(config);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /locales\/ar\.json:\d+:\d+ header\.ratings_few: missing plural form: expected a text for "header\.ratings_few", "header\.ratings_many" in ar \(its plural forms are zero, one, two, few, many, other; or one text for every count as "header\.ratings"\), found nothing$/,
    );
  });

  it('need only the forms the language uses (Japanese has one), or one text for every count', async () => {
    const config = await editedMarkets((files) => {
      // ja.json already has only header.ratings_other; pt-BR writes one text for every count.
      const header = files['pt-BR']!.header as Record<string, string>;
      for (const form of ['one', 'many', 'other']) delete header[`ratings_${form}`];
      header.ratings = '{{count}} notas';
    });
    await expect(checkConfig(config)).resolves.toBeDefined();
  });

  it('are required when English has them and a language has no text at all', async () => {
    // A key of the project's own (the tool ships no text for it), plural in English.
    const config = await editedMarkets((files) => {
      files.en!.extra = { plays_one: '{{count}} play', plays_other: '{{count}} plays' };
      for (const locale of ['pt-BR', 'ar']) files[locale]!.extra = { plays: '{{count}}' };
    });
    // (A campaign whose default language is pt-BR, where the key is one text, asks ja for that one text too.)
    expect(await configIssues(config)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /locales\/ja\.json:\d+:\d+ extra\.plays_other: missing plural form: expected a text for "extra\.plays_other" in ja/,
        ),
      ]),
    );
  });

  it('come from the labels the tool ships when the project writes none', async () => {
    const config = await editedMarkets((files) => {
      delete (files.ja!.ratings as Record<string, string>).count_other;
      delete (files.ar!.header as Record<string, string>).ratings_few;
    });
    // The Arabic file writes some forms of header.ratings: its own forms replace all the tool's, so one is missing.
    expect(await configIssues(config)).toEqual([
      expect.stringMatching(
        /locales\/ar\.json:\d+:\d+ header\.ratings_few: missing plural form: expected a text for "header\.ratings_few" in ar/,
      ),
    ]);
  });
});

describe('the texts a campaign names', () => {
  it('are required of the locale files it shares with the top level, whose own keys they already have', async () => {
    const config = await editedMarkets(() => {});
    const text = await readFile(config, 'utf8');
    const reviews =
      '      reviews:\n        - { id: r1, author: Kathy_D_88, rating: 5 }\n        - { id: r9, author: Newcomer, rating: 4 }\n';
    await writeFile(config, text.replace('\ncampaigns:\n', `\ncampaigns:\n  reviewed:\n    app:\n${reviews}`));
    const issues = await configIssues(config);
    // Each locale lacks the title and body of r9; the top level, checked first with the same files, lacks nothing.
    expect(issues).toHaveLength(8);
    for (const locale of ['en', 'ja', 'pt-BR', 'ar']) {
      expect(issues).toContainEqual(
        expect.stringMatching(new RegExp(`locales/${locale}\\.json:\\d+:\\d+ reviews\\.r9\\.title: missing translation`)),
      );
    }
  });
});

describe('textDirection', () => {
  it.each([
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['he', 'rtl'],
    ['fa', 'rtl'],
    ['ur', 'rtl'],
    ['az-Arab', 'rtl'],
    ['az', 'ltr'],
    ['en', 'ltr'],
    ['ja', 'ltr'],
    ['pt-BR', 'ltr'],
    ['zh-Hant', 'ltr'],
  ] as const)('%s is written %s', (locale, direction) => {
    expect(textDirection(locale)).toBe(direction);
  });
});
