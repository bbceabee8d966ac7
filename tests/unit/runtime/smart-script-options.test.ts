// The Smart Script's options made of our parameters, and the same link from both builders, whichever click ids a Smart Script version forwards.
import { describe, expect, it } from 'vitest';
import { buildInstallLink, completeInstallLink, resolveAttribution } from '../../../page/runtime/install-link.ts';
import { toSmartScriptOptions, type SmartScriptOptions } from '../../../page/runtime/smart-script-options.ts';
import { SMART_SCRIPT_PARAMETER_NAMES } from '../../smart-script.ts';
import { BASE, FULL_QUERY, inputs, MAPPING, PAGE_URL, USER_AGENT } from './attribution-inputs.ts';

/**
 * `generateOneLinkURL` as the Smart Script builds the link (v2.10.4 and v2.9.2, read from
 * github.com/AppsFlyerSDK/appsflyer-onelink-smart-script): `af_js_web` and `af_ss_ver`, the named
 * parameters and `afCustom` joined unencoded, then `processTrackingParameters`, which appends the
 * click ids of its version from the page's query, and `af_keywords` after a Google click id.
 */
function fakeSmartScript(options: SmartScriptOptions, search: string, forwarded: string[]): string {
  const pairs: string[] = ['af_js_web=true', 'af_ss_ver=2_10_4'];
  for (const [key, config] of Object.entries(options.afParameters)) {
    if (key === 'afCustom') continue;
    pairs.push(`${SMART_SCRIPT_PARAMETER_NAMES[key]}=${(config as { defaultValue: string }).defaultValue}`);
  }
  for (const custom of options.afParameters.afCustom ?? []) pairs.push(`${custom.paramKey}=${custom.defaultValue}`);
  let link = `${options.oneLinkURL}?${pairs.join('&')}`;
  const page = new URLSearchParams(search);
  for (const key of forwarded) if (page.get(key)) link += `&${key}=${encodeURIComponent(page.get(key)!)}`;
  if (
    (page.get('gclid') || page.get('gbraid') || page.get('wbraid')) &&
    page.get('keyword') &&
    !new URLSearchParams(link).get('af_keywords')
  ) {
    link += `&af_keywords=${encodeURIComponent(page.get('keyword')!)}`;
  }
  return link;
}

const SMART_SCRIPT_2_10_4 = ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid'];
const SMART_SCRIPT_2_9_2 = ['gclid', 'fbclid', 'gbraid', 'wbraid'];

describe('both builders give the same parameters', () => {
  const sorted = (link: string) =>
    [...new URL(link).searchParams]
      .filter(([name]) => !name.startsWith('af_js_web') && name !== 'af_ss_ver')
      .sort(([a], [b]) => a.localeCompare(b));

  it.each([
    ['Meta, the default mapping', MAPPING, FULL_QUERY],
    ["the issue's custom keys", { ...MAPPING, my_key: 'query.my_key', x: 'query.x' }, '?my+key=1&x=hello%20world'],
    ['TikTok, click id also in a sub parameter', { ...MAPPING, af_sub3: 'query.ttclid' }, '?utm_source=tiktok&ttclid=T1'],
    ['Google with a keyword', MAPPING, '?utm_source=google&gclid=G1&keyword=sale+boat'],
    ['Google, first gclid empty', MAPPING, '?gclid=&gclid=G2'],
    ['Snapchat as it sends its click id', MAPPING, '?utm_source=snapchat&ScCid=S1'],
    ['Snapchat lower-case', MAPPING, '?sccid=S1'],
    ['X, Microsoft, gbraid and wbraid together', MAPPING, '?twclid=X1&msclkid=M1&gbraid=B1&wbraid=W1'],
  ])('%s', (_name, mapping, search) => {
    const params = resolveAttribution(mapping, inputs(search));
    const ours = buildInstallLink(BASE, params);
    for (const forwarded of [SMART_SCRIPT_2_10_4, SMART_SCRIPT_2_9_2]) {
      const generated = fakeSmartScript(toSmartScriptOptions(BASE, params), search, forwarded);
      const completed = completeInstallLink(generated, params);
      expect(sorted(completed)).toEqual(sorted(ours));
      // No parameter twice.
      const names = [...new URL(completed).searchParams.keys()];
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it("puts the issue's custom keys and a TikTok click id in both links", () => {
    const search = '?utm_source=tiktok&my+key=1&x=hello%20world&ttclid=T1';
    const params = resolveAttribution({ ...MAPPING, my_key: 'query.my_key', x: 'query.x', af_sub3: 'query.ttclid' }, inputs(search));
    for (const link of [
      buildInstallLink(BASE, params),
      completeInstallLink(fakeSmartScript(toSmartScriptOptions(BASE, params), search, SMART_SCRIPT_2_9_2), params),
    ]) {
      const url = new URL(link);
      expect(url.searchParams.get('my_key')).toBe('1');
      expect(url.searchParams.get('x')).toBe('hello world');
      expect(url.searchParams.get('af_sub3')).toBe('T1');
      expect(url.searchParams.get('ttclid')).toBe('T1');
      expect(url.searchParams.get('pid')).toBe('tiktok');
    }
  });
});

describe('toSmartScriptOptions', () => {
  const forced = (value: string) => ({ keys: [], defaultValue: encodeURIComponent(value) });

  it('maps every parameter to the Smart Script afParameters shape', () => {
    const options = toSmartScriptOptions(BASE, resolveAttribution(MAPPING, inputs(FULL_QUERY)));
    expect(options).toEqual({
      oneLinkURL: BASE,
      afParameters: {
        mediaSource: forced('fb'),
        campaign: forced('spring'),
        channel: forced('paid'),
        adSet: forced('adset-a'),
        ad: forced('ad-b'),
        afSub1: forced('fb.1.1700000000.abc'),
        afSub2: forced('fb.1.1700000000.123'),
        afSub3: forced('af-user-1'),
        afSub4: forced(PAGE_URL),
        afSub5: forced(USER_AGENT),
        deepLinkValue: forced('pictura://create'),
        // fbclid is left out: the Smart Script appends it from location.search itself, else completeInstallLink does.
        afCustom: [
          { paramKey: 'af_c_id', ...forced('11') },
          { paramKey: 'af_adset_id', ...forced('22') },
          { paramKey: 'af_ad_id', ...forced('33') },
          { paramKey: 'paywall_type', ...forced('discount') },
        ],
      },
    });
  });

  it.each([
    ['a mapped media source', new Map([['pid', 'fb']]), 'fb'],
    ['an empty media source', new Map([['pid', '']]), 'organic'],
    ['no media source at all', new Map([['c', 'x']]), 'organic'],
  ])('always sets mediaSource.defaultValue: %s', (_name, params, value) => {
    expect(toSmartScriptOptions(BASE, params).afParameters.mediaSource).toEqual({ keys: [], defaultValue: value });
  });

  it('encodes values, because the Smart Script joins them unencoded', () => {
    const { afParameters } = toSmartScriptOptions(
      BASE,
      new Map([
        ['pid', 'fb'],
        ['c', 'a&b #1 é'],
      ]),
    );
    expect(afParameters.campaign?.defaultValue).toBe('a%26b%20%231%20%C3%A9');
  });

  it('leaves out empty values, click ids and afCustom when there is nothing custom', () => {
    const clickIds = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'ttclid', 'twclid', 'sccid', 'clickid', 'af_keywords'].map(
      (name) => [name, 'v'] as [string, string],
    );
    const { afParameters } = toSmartScriptOptions(BASE, new Map([['pid', 'fb'], ['c', ''], ...clickIds]));
    expect(afParameters).toEqual({ mediaSource: forced('fb') });
  });

  it('passes a custom parameter as afCustom', () => {
    const { afParameters } = toSmartScriptOptions(
      BASE,
      new Map([
        ['pid', 'fb'],
        ['my_key', '1'],
        ['x', 'hello world'],
      ]),
    );
    expect(afParameters.afCustom).toEqual([
      { paramKey: 'my_key', ...forced('1') },
      { paramKey: 'x', ...forced('hello world') },
    ]);
  });

  it('gives the same parameters as our own builder, apart from the click ids it forwards itself', () => {
    const params = resolveAttribution(MAPPING, inputs(FULL_QUERY));
    const { oneLinkURL, afParameters } = toSmartScriptOptions(BASE, params);
    // Join the parameters the way the Smart Script's stringifyParameters does (no encoding).
    const pairs = new Map<string, string>();
    for (const [key, config] of Object.entries(afParameters)) {
      if (key === 'afCustom') continue;
      pairs.set(SMART_SCRIPT_PARAMETER_NAMES[key]!, (config as { defaultValue: string }).defaultValue);
    }
    for (const custom of afParameters.afCustom ?? []) pairs.set(custom.paramKey, custom.defaultValue);
    const smart = new URL(`${oneLinkURL}?${[...pairs].map(([k, v]) => `${k}=${v}`).join('&')}&fbclid=abc`);
    const ours = new URL(buildInstallLink(BASE, params));
    const sorted = (url: URL) => [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(smart)).toEqual(sorted(ours));
  });
});
