import { describe, expect, it } from 'vitest';
import { parseAttribution } from '../../../page/runtime/attribution.ts';
import {
  buildInstallLink,
  completeInstallLink,
  resolveAttribution,
  resolveSource,
  type AttributionInputs,
} from '../../../page/runtime/install-link.ts';
import { toSmartScriptOptions, type SmartScriptOptions } from '../../../page/runtime/smart-script-options.ts';
import { DEFAULT_ATTRIBUTION } from '../../helpers.ts';
import { SMART_SCRIPT_PARAMETER_NAMES } from '../../smart-script.ts';

const BASE = 'https://pictura.onelink.me/Ab1c';

/** The mapping of the default variants.yaml. */
const MAPPING = DEFAULT_ATTRIBUTION;

const PAGE_URL = 'https://landing.example/feature1?utm+source=fb&fbclid=abc&campaign_id=1';
const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

function inputs(search: string, overrides: Partial<AttributionInputs> = {}): AttributionInputs {
  return {
    query: parseAttribution(search),
    cookies: new Map([
      ['_fbc', 'fb.1.1700000000.abc'],
      ['_fbp', 'fb.1.1700000000.123'],
      ['afUserId', 'af-user-1'],
    ]),
    pageUrl: PAGE_URL,
    userAgent: USER_AGENT,
    paywall: 'discount',
    deepLink: 'pictura://create',
    ...overrides,
  };
}

const FULL_QUERY =
  '?utm_source=fb&utm_campaign=spring&utm_medium=paid&utm_term=adset-a&utm_content=ad-b' +
  '&campaign_id=11&adset_id=22&ad_id=33&fbclid=abc';

describe('resolveAttribution', () => {
  it('resolves every mapped parameter from its source, in mapping order', () => {
    const params = resolveAttribution(MAPPING, inputs(FULL_QUERY));
    expect([...params]).toEqual([
      ['pid', 'fb'],
      ['c', 'spring'],
      ['af_channel', 'paid'],
      ['af_adset', 'adset-a'],
      ['af_ad', 'ad-b'],
      ['af_c_id', '11'],
      ['af_adset_id', '22'],
      ['af_ad_id', '33'],
      ['fbclid', 'abc'],
      ['af_sub1', 'fb.1.1700000000.abc'],
      ['af_sub2', 'fb.1.1700000000.123'],
      ['af_sub3', 'af-user-1'],
      ['af_sub4', PAGE_URL],
      ['af_sub5', USER_AGENT],
      ['paywall_type', 'discount'],
      ['deep_link_value', 'pictura://create'],
    ]);
  });

  it.each([
    ["the issue's custom keys", { my_key: 'query.my_key', x: 'query.x' }, '?my+key=1&x=hello%20world', { my_key: '1', x: 'hello world' }],
    ['a click id mapped to a sub parameter', { af_sub3: 'query.ttclid' }, '?ttclid=T1', { af_sub3: 'T1', ttclid: 'T1' }],
    ['first non-empty across spellings', { my_key: 'query.my_key' }, '?my_key=&my+key=2', { my_key: '2' }],
  ])('resolves every query.<name>: %s', (_name, mapping, search, expected) => {
    const params = Object.fromEntries(resolveAttribution(mapping, inputs(search)));
    expect(params).toEqual({ pid: 'organic', ...expected });
  });

  it('adds the click ids of other networks after the mapped parameters', () => {
    const params = resolveAttribution(MAPPING, inputs('?utm_source=tiktok&ttclid=T1&gclid=G1&keyword=k&msclkid=M1&ScCid=S1'));
    expect([...params].slice(-6)).toEqual([
      ['deep_link_value', 'pictura://create'],
      ['gclid', 'G1'],
      ['ttclid', 'T1'],
      ['sccid', 'S1'],
      ['clickid', 'M1'],
      ['af_keywords', 'k'],
    ]);
  });

  it('lets the mapping win over a click id of the same parameter', () => {
    const params = resolveAttribution({ clickid: 'query.my_click' }, inputs('?msclkid=M1&my_click=C1'));
    expect(params.get('clickid')).toBe('C1');
    expect(resolveAttribution({ clickid: 'query.my_click' }, inputs('?msclkid=M1')).get('clickid')).toBe('M1');
  });

  it('drops parameters whose source is empty or unknown', () => {
    const params = resolveAttribution(
      { pid: 'query.utm_source', c: 'query.utm_campaign', af_sub3: 'cookie.afUserId', x: 'nowhere' },
      inputs('', { cookies: new Map() }),
    );
    expect([...params]).toEqual([['pid', 'organic']]);
  });

  it.each([
    [
      'pid missing from the mapping',
      { c: 'query.utm_campaign' },
      [
        ['pid', 'organic'],
        ['c', 'x'],
      ],
    ],
    [
      'pid mapped to an empty source',
      { c: 'query.utm_campaign', pid: 'cookie.none' },
      [
        ['c', 'x'],
        ['pid', 'organic'],
      ],
    ],
  ])('always has a media source: %s', (_name, mapping, expected) => {
    expect([...resolveAttribution(mapping, inputs('?utm_campaign=x'))]).toEqual(expected);
  });

  it.each([
    ['query.utm_source', 'facebook'],
    ['cookie._fbp', 'fb.1.1700000000.123'],
    ['page.url', PAGE_URL],
    ['page.userAgent', USER_AGENT],
    ['paywall', 'discount'],
    ['app.deepLink', 'pictura://create'],
    ['query.__proto__', ''],
    ['cookie.constructor', ''],
    ['page.title', ''],
  ])('resolveSource(%s)', (source, value) => {
    expect(resolveSource(source, inputs('?fbclid=abc'))).toBe(value);
  });
});

describe('buildInstallLink', () => {
  it('appends every mapped parameter, encoded', () => {
    const link = buildInstallLink(BASE, resolveAttribution(MAPPING, inputs(FULL_QUERY)));
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(BASE);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pid: 'fb',
      c: 'spring',
      af_channel: 'paid',
      af_adset: 'adset-a',
      af_ad: 'ad-b',
      af_c_id: '11',
      af_adset_id: '22',
      af_ad_id: '33',
      fbclid: 'abc',
      af_sub1: 'fb.1.1700000000.abc',
      af_sub2: 'fb.1.1700000000.123',
      af_sub3: 'af-user-1',
      af_sub4: PAGE_URL,
      af_sub5: USER_AGENT,
      paywall_type: 'discount',
      deep_link_value: 'pictura://create',
    });
    expect(link).toContain('deep_link_value=pictura%3A%2F%2Fcreate');
    expect(link).toContain(`af_sub4=${encodeURIComponent(PAGE_URL)}`);
  });

  it.each([
    ['ampersand', 'a&pid=evil'],
    ['hash', 'a#b'],
    ['spaces', 'summer sale 2025'],
    ['plus', 'a+b'],
    ['unicode', 'été 🚀 日本'],
    ['question mark and slashes', '?x=//evil.example/'],
    ['percent', '100%'],
    ['equals', 'a=b'],
  ])('keeps a value with %s inside its parameter', (_name, value) => {
    const link = buildInstallLink(
      BASE,
      new Map([
        ['c', value],
        ['af_sub1', 'next'],
      ]),
    );
    const url = new URL(link);
    expect(url.searchParams.getAll('c')).toEqual([value]);
    expect(url.searchParams.get('af_sub1')).toBe('next');
    expect(url.searchParams.getAll('pid')).toEqual([]);
    expect(url.hash).toBe('');
    expect(link).toBe(`${BASE}?c=${encodeURIComponent(value)}&af_sub1=next`);
  });

  it.each([
    ['an @ userinfo trick', '@evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash', '\\\\evil.example'],
  ])('keeps scheme and host of the base against %s', (_name, value) => {
    const url = new URL(buildInstallLink(BASE, new Map([[value, value]])));
    expect(url.protocol).toBe('https:');
    expect(url.host).toBe('pictura.onelink.me');
    expect(url.pathname).toBe('/Ab1c');
  });

  it.each([
    ['no parameters', BASE, new Map<string, string>(), BASE],
    [
      'empty values are left out',
      BASE,
      new Map([
        ['c', ''],
        ['pid', 'fb'],
      ]),
      `${BASE}?pid=fb`,
    ],
    ['a base with a query', `${BASE}?af_xp=social`, new Map([['pid', 'fb']]), `${BASE}?af_xp=social&pid=fb`],
    ['a base ending in ?', `${BASE}?`, new Map([['pid', 'fb']]), `${BASE}?pid=fb`],
    ['a base with a fragment', `${BASE}#x`, new Map([['pid', 'fb']]), `${BASE}?pid=fb`],
    ['a base with a trailing slash', `${BASE}/`, new Map([['pid', 'fb']]), `${BASE}/?pid=fb`],
  ])('%s', (_name, base, params, expected) => {
    expect(buildInstallLink(base, params)).toBe(expected);
  });
});

describe('completeInstallLink', () => {
  it.each([
    [
      'adds what the link lacks',
      `${BASE}?pid=fb`,
      [
        ['pid', 'fb'],
        ['ttclid', 'T1'],
      ],
      `${BASE}?pid=fb&ttclid=T1`,
    ],
    ['keeps what the link has', `${BASE}?pid=fb&ttclid=X`, [['ttclid', 'T1']], `${BASE}?pid=fb&ttclid=X`],
    ['treats an empty value in the link as missing', `${BASE}?ttclid=`, [['ttclid', 'T1']], `${BASE}?ttclid=&ttclid=T1`],
    ['encodes what it adds', `${BASE}?pid=fb`, [['x', 'a&b c']], `${BASE}?pid=fb&x=a%26b%20c`],
    ['drops a fragment', `${BASE}?pid=fb#frag`, [['x', '1']], `${BASE}?pid=fb&x=1`],
    ['leaves a complete link alone', `${BASE}?pid=fb#frag`, [['pid', 'fb']], `${BASE}?pid=fb#frag`],
    ['leaves a link it cannot parse alone', 'not a url', [['x', '1']], 'not a url'],
  ])('%s', (_name, link, params, expected) => {
    expect(completeInstallLink(link, new Map(params as Array<[string, string]>))).toBe(expected);
  });
});

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
