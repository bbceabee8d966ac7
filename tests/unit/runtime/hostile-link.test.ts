// Property tests: any query string, cookie or page value only ever becomes an encoded parameter of the OneLink URL, and of the Smart Script's options.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveClickIds } from '../../../page/contract/click-ids.ts';
import { buildInstallLink, DEFAULT_MEDIA_SOURCE, MEDIA_SOURCE_PARAM, resolveAttribution } from '../../../page/runtime/install-link.ts';
import { toSmartScriptOptions } from '../../../page/runtime/smart-script-options.ts';
import { BASES, expectNoPollution, expectOnlyEncodedParameters, inputs, mapping, sourceValue, wellFormed } from './hostile-inputs.ts';

/** Runs of each property; the total is reported after the tests. */
const RUNS = 2000;
let generated = 0;
afterAll(() => {
  console.info(`hostile link properties: ${generated} generated inputs`);
});

describe(`resolveAttribution + buildInstallLink on hostile inputs (${RUNS})`, () => {
  // Found by the properties below: encodeURIComponent throws a URIError on a lone surrogate.
  it('turns a lone surrogate into U+FFFD instead of throwing', () => {
    const params = new Map([
      ['pid', 'a\ud800b'],
      ['af_sub1', '\udfff🦊'],
    ]);
    expect(buildInstallLink(BASES[0]!, params)).toBe('https://pictura.onelink.me/Ab1c?pid=a%EF%BF%BDb&af_sub1=%EF%BF%BD%F0%9F%A6%8A');
    expect(toSmartScriptOptions(BASES[0]!, params).afParameters.mediaSource.defaultValue).toBe('a%EF%BF%BDb');
  });

  it(`never throws and keeps the OneLink scheme, host and path, with every value only an encoded parameter (${RUNS} inputs)`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), mapping, inputs, (base, map, values) => {
        generated++;
        const params = resolveAttribution(map, values);
        // Exactly the mapped parameters whose source has a value, and pid always, then the click ids the mapping does not set.
        const expected = new Map<string, string>();
        if (!Object.hasOwn(map, MEDIA_SOURCE_PARAM)) expected.set(MEDIA_SOURCE_PARAM, DEFAULT_MEDIA_SOURCE);
        for (const [name, from] of Object.entries(map)) {
          const value = sourceValue(from, values);
          if (value !== '') expected.set(name, value);
          else if (name === MEDIA_SOURCE_PARAM) expected.set(name, DEFAULT_MEDIA_SOURCE);
        }
        for (const [name, value] of resolveClickIds(values.query)) if (!expected.has(name)) expected.set(name, value);
        expect([...params]).toEqual([...expected]);
        const link = buildInstallLink(base, params);
        expectOnlyEncodedParameters(link, base, params);
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
  });

  it(`passes the same values to the Smart Script, each encoded once, under known argument names only (${RUNS} inputs)`, () => {
    const named = [
      'mediaSource',
      'campaign',
      'channel',
      'ad',
      'adSet',
      'deepLinkValue',
      'afSub1',
      'afSub2',
      'afSub3',
      'afSub4',
      'afSub5',
      'afCustom',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...BASES), mapping, inputs, (base, map, values) => {
        generated++;
        const params = resolveAttribution(map, values);
        const options = toSmartScriptOptions(base, params);
        expect(options.oneLinkURL).toBe(base);
        expect(Object.getPrototypeOf(options.afParameters)).toBe(Object.prototype);
        for (const name of Object.keys(options.afParameters)) expect(named).toContain(name);
        const configs = [
          ...Object.entries(options.afParameters)
            .filter(([name]) => name !== 'afCustom')
            .map(([, config]) => config as { keys: string[]; defaultValue: string }),
          ...(options.afParameters.afCustom ?? []),
        ];
        for (const config of configs) {
          expect(config.keys).toEqual([]);
          // The Smart Script joins `&key=defaultValue` as it is: the value must be encoded already.
          expect(config.defaultValue).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/);
        }
        for (const custom of options.afParameters.afCustom ?? []) {
          expect(decodeURIComponent(custom.defaultValue)).toBe(wellFormed(params.get(custom.paramKey)!));
        }
        expect(decodeURIComponent(options.afParameters.mediaSource.defaultValue)).toBe(wellFormed(params.get(MEDIA_SOURCE_PARAM)!));
        if (params.has('deep_link_value')) {
          expect(decodeURIComponent(options.afParameters.deepLinkValue!.defaultValue)).toBe(wellFormed(params.get('deep_link_value')!));
        }
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
  });
});
