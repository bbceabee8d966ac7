import { describe, expect, it } from 'vitest';
import { parseAttribution } from '../../templates/runtime/attribution.ts';
import {
  buildInstallLink,
  resolveAttribution,
  resolveSource,
  toSmartScriptOptions,
  type AttributionInputs,
} from '../../templates/runtime/install-link.ts';
import { DEFAULT_ATTRIBUTION } from '../helpers.ts';

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

  it('drops parameters whose source is empty or unknown', () => {
    const params = resolveAttribution(
      { pid: 'query.utm_source', c: 'query.utm_campaign', af_sub3: 'cookie.afUserId', x: 'nowhere' },
      inputs('', { cookies: new Map() }),
    );
    expect([...params]).toEqual([['pid', 'organic']]);
  });

  it.each([
    ['pid missing from the mapping', { c: 'query.utm_campaign' }, [['pid', 'organic'], ['c', 'x']]],
    ['pid mapped to an empty source', { c: 'query.utm_campaign', pid: 'cookie.none' }, [['c', 'x'], ['pid', 'organic']]],
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
    const link = buildInstallLink(BASE, new Map([['c', value], ['af_sub1', 'next']]));
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
    ['empty values are left out', BASE, new Map([['c', ''], ['pid', 'fb']]), `${BASE}?pid=fb`],
    ['a base with a query', `${BASE}?af_xp=social`, new Map([['pid', 'fb']]), `${BASE}?af_xp=social&pid=fb`],
    ['a base ending in ?', `${BASE}?`, new Map([['pid', 'fb']]), `${BASE}?pid=fb`],
    ['a base with a fragment', `${BASE}#x`, new Map([['pid', 'fb']]), `${BASE}?pid=fb`],
    ['a base with a trailing slash', `${BASE}/`, new Map([['pid', 'fb']]), `${BASE}/?pid=fb`],
  ])('%s', (_name, base, params, expected) => {
    expect(buildInstallLink(base, params)).toBe(expected);
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
        // fbclid is left out: the Smart Script appends it from location.search itself.
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
    const { afParameters } = toSmartScriptOptions(BASE, new Map([['pid', 'fb'], ['c', 'a&b #1 é']]));
    expect(afParameters.campaign?.defaultValue).toBe('a%26b%20%231%20%C3%A9');
  });

  it('leaves out empty values and afCustom when there is nothing custom', () => {
    const { afParameters } = toSmartScriptOptions(BASE, new Map([['pid', 'fb'], ['c', ''], ['gclid', 'g']]));
    expect(afParameters).toEqual({ mediaSource: forced('fb') });
  });

  it('gives the same parameters as our own builder, apart from the click ids it forwards itself', () => {
    const params = resolveAttribution(MAPPING, inputs(FULL_QUERY));
    const { oneLinkURL, afParameters } = toSmartScriptOptions(BASE, params);
    // Join the parameters the way the Smart Script's stringifyParameters does (no encoding).
    const names: Record<string, string> = {
      mediaSource: 'pid', campaign: 'c', channel: 'af_channel', ad: 'af_ad', adSet: 'af_adset',
      deepLinkValue: 'deep_link_value', afSub1: 'af_sub1', afSub2: 'af_sub2', afSub3: 'af_sub3',
      afSub4: 'af_sub4', afSub5: 'af_sub5',
    };
    const pairs = new Map<string, string>();
    for (const [key, config] of Object.entries(afParameters)) {
      if (key === 'afCustom') continue;
      pairs.set(names[key]!, (config as { defaultValue: string }).defaultValue);
    }
    for (const custom of afParameters.afCustom ?? []) pairs.set(custom.paramKey, custom.defaultValue);
    const smart = new URL(`${oneLinkURL}?${[...pairs].map(([k, v]) => `${k}=${v}`).join('&')}&fbclid=abc`);
    const ours = new URL(buildInstallLink(BASE, params));
    const sorted = (url: URL) => [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(smart)).toEqual(sorted(ours));
  });
});
