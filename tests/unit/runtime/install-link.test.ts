// Our own install-link builder: each mapped parameter resolved from its source, the click ids of other networks, the link built and completed.
import { describe, expect, it } from 'vitest';
import { buildInstallLink, completeInstallLink, resolveAttribution, resolveSource } from '../../../page/runtime/install-link.ts';
import { BASE, FULL_QUERY, inputs, MAPPING, PAGE_URL, USER_AGENT } from './attribution-inputs.ts';

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
