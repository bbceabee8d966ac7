// The tracking checks the schema cannot express: split tests of real variants, click ids from their own query
// keys, no Smart Script markers as parameter names, conversion labels with an Ads tag.
import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema } from '../../../generator/config/schema/index.ts';
import { SMART_SCRIPT_MARKERS, trackingProblems } from '../../../generator/config/tracking-checks.ts';
import type { Config } from '../../../generator/config/types.ts';
import { CLICK_ID_PARAMS } from '../../../page/contract/click-ids.ts';
import { fixtureConfig } from '../../helpers.ts';

/** A fixture's settings with the schema's defaults, as validation hands them on. */
function fixtureSettings(name: string): Config {
  const data = parse(readFileSync(fixtureConfig(name), 'utf8')) as Record<string, unknown>;
  delete data.campaigns;
  return Value.Default(configSchema, data) as Config;
}

/** tests/fixtures/site/base.yaml (variants default and feature1) with another attribution mapping and split test. */
function configWith(changes: { attribution?: Record<string, string>; splitTest?: Config['splitTest'] }): Config {
  const config = fixtureSettings('base');
  if (changes.attribution) config.tracking.attribution = changes.attribution;
  if (changes.splitTest) config.splitTest = changes.splitTest;
  return config;
}

describe('trackingProblems', () => {
  it.each(['base', 'runtime-tracking', 'runtime-consent'])('finds nothing in tests/fixtures/site/%s.yaml', (name) => {
    expect(trackingProblems(fixtureSettings(name))).toEqual([]);
  });

  describe('split-test landing types', () => {
    it.each<[string, Config['splitTest'], ReturnType<typeof trackingProblems>]>([
      ['every variant', { default: { fullPrice: 100 }, feature1: { discount: 50 } }, []],
      ['no split test at all', {}, []],
      [
        'a typo',
        { featur1: { discount: 40 } },
        [
          {
            keyPath: ['splitTest', 'featur1'],
            atKey: true,
            message: 'unknown landing type: expected the name of a variant (default, feature1), found "featur1" (did you mean "feature1"?)',
          },
        ],
      ],
      [
        'a name like no variant',
        { feature1: { discount: 40 }, 'child-old': { trial: 50 } },
        [
          {
            keyPath: ['splitTest', 'child-old'],
            atKey: true,
            message: 'unknown landing type: expected the name of a variant (default, feature1), found "child-old"',
          },
        ],
      ],
      [
        'the path rather than the name',
        { Feature1: { discount: 40 } },
        [
          {
            keyPath: ['splitTest', 'Feature1'],
            atKey: true,
            message:
              'unknown landing type: expected the name of a variant (default, feature1), found "Feature1" (did you mean "feature1"?)',
          },
        ],
      ],
    ])('%s', (_name, splitTest, problems) => {
      expect(trackingProblems(configWith({ splitTest }))).toEqual(problems);
    });
  });

  describe('click-id parameters', () => {
    it.each<[string, string]>([
      ['gclid', 'query.gclid'],
      ['gbraid', 'query.gbraid'],
      ['wbraid', 'query.wbraid'],
      ['fbclid', 'query.fbclid'],
      ['ttclid', 'query.ttclid'],
      ['twclid', 'query.twclid'],
      ['sccid', 'query.ScCid'],
      ['sccid', 'query.sccid'],
      ['clickid', 'query.msclkid'],
      ['af_keywords', 'query.keyword'],
    ])('%s from %s, its own query key, is fine', (name, source) => {
      expect(trackingProblems(configWith({ attribution: { pid: 'query.utm_source', [name]: source } }))).toEqual([]);
    });

    it('every click-id parameter the runtime adds is checked', () => {
      for (const param of CLICK_ID_PARAMS) {
        const problems = trackingProblems(configWith({ attribution: { [param]: 'page.url' } }));
        expect(
          problems.map((problem) => problem.keyPath),
          param,
        ).toEqual([['tracking', 'attribution', param]]);
      }
    });

    it.each<[string, string, string]>([
      ['fbclid', 'cookie._fbc', 'expected query.fbclid, since the Smart Script copies fbclid from the page URL itself'],
      ['gclid', 'query.utm_id', 'expected query.gclid, since the Smart Script copies gclid from the page URL itself'],
      ['sccid', 'query.snap', 'expected query.ScCid or query.sccid, since the Smart Script copies sccid from the page URL itself'],
      ['clickid', 'query.clickid', 'expected query.msclkid, since the Smart Script copies clickid from the page URL itself'],
      ['af_keywords', 'query.utm_term', 'expected query.keyword, since the Smart Script copies af_keywords from the page URL itself'],
      // Case matters, as in the runtime's lookup and the Smart Script's.
      ['ttclid', 'query.TTCLID', 'expected query.ttclid, since the Smart Script copies ttclid from the page URL itself'],
    ])('%s from %s is refused, at the source', (name, source, expected) => {
      expect(trackingProblems(configWith({ attribution: { pid: 'query.utm_source', [name]: source } }))).toEqual([
        {
          keyPath: ['tracking', 'attribution', name],
          message: `click id from another source: ${expected} (or no mapping at all: click ids reach the install link by themselves), found "${source}"`,
        },
      ]);
    });

    it('leaves a click id mapped to any other parameter alone (af_sub3: query.ttclid)', () => {
      expect(trackingProblems(configWith({ attribution: { af_sub3: 'query.ttclid', af_sub4: 'query.gclid' } }))).toEqual([]);
    });
  });

  describe("the Smart Script's own markers", () => {
    it.each(SMART_SCRIPT_MARKERS)('refuses %s as a parameter name, at the name', (name) => {
      expect(trackingProblems(configWith({ attribution: { pid: 'query.utm_source', [name]: 'query.x' } }))).toEqual([
        {
          keyPath: ['tracking', 'attribution', name],
          atKey: true,
          message: `reserved parameter name: expected a name the OneLink Smart Script does not add itself (not af_js_web, af_ss_ver, af_ss_ui or af_ss_qr), found "${name}"`,
        },
      ]);
    });

    it("takes the Smart Script's other names, and names that merely start alike", () => {
      expect(
        trackingProblems(
          configWith({ attribution: { af_js: 'query.a', af_ss: 'query.b', af_ss_version: 'query.c', af_sub1: 'cookie._fbc' } }),
        ),
      ).toEqual([]);
    });
  });

  it('reports every problem at once, in the order of the config', () => {
    const problems = trackingProblems(
      configWith({
        attribution: { af_js_web: 'query.x', fbclid: 'query.fb', af_ss_qr: 'query.y' },
        splitTest: { feature: { discount: 10 }, default: { fullPrice: 100 } },
      }),
    );
    expect(problems.map(({ keyPath, atKey }) => [keyPath.join('.'), atKey ?? false])).toEqual([
      ['tracking.attribution.af_js_web', true],
      ['tracking.attribution.fbclid', false],
      ['tracking.attribution.af_ss_qr', true],
      ['splitTest.feature', true],
    ]);
  });
});

describe('a Google Ads conversion label', () => {
  it.each<[string, Partial<Config['tracking']>, string[]]>([
    ['beside an Ads tag', { googleTagId: 'AW-123456789', googleAdsConversion: 'AbC-D_efG' }, []],
    ['beside a GA4 tag', { googleTagId: 'G-ABC123DEF4', googleAdsConversion: 'AbC-D_efG' }, ['tracking.googleTagId']],
    ['with no Google tag (a campaign turned it off with null): unused', { googleTagId: null, googleAdsConversion: 'AbC-D_efG' }, []],
    ['turned off with null beside a GA4 tag', { googleTagId: 'G-ABC123DEF4', googleAdsConversion: null }, []],
  ])('%s', (_name, tracking, keyPaths) => {
    const config = fixtureSettings('base');
    Object.assign(config.tracking, tracking);
    expect(trackingProblems(config).map((problem) => problem.keyPath.join('.'))).toEqual(keyPaths);
  });
});

describe('query.<name> sources the schema lets through', () => {
  // The runtime reads a query key after the underscore rule (spaces and "+" become "_"), so a name
  // with either could never resolve. The schema refuses them, which is why trackingProblems has no
  // rule of its own for them; this keeps it that way.
  const sourcePattern = new RegExp(
    (configSchema.properties.tracking.properties.attribution as unknown as { additionalProperties: { pattern: string } })
      .additionalProperties.pattern,
  );

  it.each(['query.my key', 'query.my+key', 'query.', 'query.my%20key', 'query.a.b'])('refuses %s', (source) => {
    expect(sourcePattern.test(source)).toBe(false);
  });

  it.each(['query.my_key', 'query.ScCid', 'query.utm_source', 'cookie._fbc', 'page.url'])('admits %s', (source) => {
    expect(sourcePattern.test(source)).toBe(true);
  });
});
