// Property tests: any query string, cookie or page value never throws, never pollutes prototypes, and only
// ever becomes an encoded parameter of the OneLink URL.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAttribution } from '../../../page/runtime/attribution.ts';
import { resolveClickIds } from '../../../page/contract/click-ids.ts';
import { readCookies, TRACKING_COOKIES } from '../../../page/runtime/cookies.ts';
import {
  buildInstallLink,
  DEFAULT_MEDIA_SOURCE,
  MEDIA_SOURCE_PARAM,
  resolveAttribution,
  type AttributionInputs,
  type InstallLinkParams,
} from '../../../page/runtime/install-link.ts';
import { toSmartScriptOptions } from '../../../page/runtime/smart-script-options.ts';
import { DEFAULT_ATTRIBUTION } from '../../helpers.ts';

/** Runs of each property; the total is reported after the tests. */
const RUNS = 2000;
const BIG_RUNS = 40;
let generated = 0;
afterAll(() => {
  console.info(`hostile query properties: ${generated} generated inputs`);
});

/** The mapping of the default variants.yaml. */
const MAPPING = DEFAULT_ATTRIBUTION;

/** OneLink bases the schema accepts: with a trailing slash, a query of their own, a fragment. */
const BASES = [
  'https://pictura.onelink.me/Ab1c',
  'https://pictura.onelink.me/Ab1c/',
  'https://pictura.onelink.me/Ab1c?af_force_deeplink=true',
  'https://pictura.onelink.me/Ab1c?',
  'https://pictura.onelink.me/Ab1c#fragment',
  'https://go.example.com/x/y%20z',
];

const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'-alert(1)-'",
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '</script><svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's syntax, as an attacker would type it.
  '${alert(1)}',
];
const URL_TRICKS = [
  'https://evil.example/',
  '//evil.example/path',
  '@evil.example',
  'user:pass@evil.example',
  '#fragment',
  '?pid=evil',
  '&pid=evil&c=evil',
  '%26pid%3Devil',
  '%23hash',
  '\\\\evil.example',
  '/../../evil',
  'pictura.onelink.me.evil.example',
];
const ENCODING_TRICKS = [
  '%',
  '%%',
  '%E2',
  '%E2%82',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%00',
  '%0A%0D',
  '+',
  '++',
  '%2B',
  '%25',
  '%u0041',
  '%%41',
];
const CONTROL = ['\u0000', '\u0007', '\n', '\r', '\t', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\ufeff', '\u200b', '\u202e'];
const UNICODE = ['é', '日本語', '🦊', '\ud83e\udd8a', '\ud800', '\udfff', 'Ǆ', 'ß', 'İ'];
const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '__proto__.polluted',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'polluted',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'utm___proto__',
  'utm_constructor',
  'utm+source',
  'utm%20source',
  'utm%2Bsource',
  'UTM_SOURCE',
  'fbclid',
  'deep_link_value',
  'campaign_id',
  'adset_id',
  'ad_id',
  'pid',
  'c',
  'af_sub1',
  'af_dp',
  'af_r',
  'af_web_dp',
  'redirect',
  'url',
  'gclid',
  'gbraid',
  'wbraid',
  'ttclid',
  'twclid',
  'ScCid',
  'sccid',
  'msclkid',
  'keyword',
  'my+key',
  'my_key',
  'x',
];

const piece = fc.oneof(
  fc.constantFrom(...XSS, ...URL_TRICKS, ...ENCODING_TRICKS, ...CONTROL, ...UNICODE),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
);
/** A hostile text: a few hostile pieces run together. */
const hostileText = fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join(''));
const key = fc.oneof(fc.constantFrom(...KEYS), hostileText);
/** A query string: key=value pairs (some without "="), joined by "&", with or without "?". */
const query = fc.oneof(
  fc
    .tuple(fc.boolean(), fc.array(fc.tuple(key, fc.option(hostileText, { nil: undefined })), { maxLength: 12 }))
    .map(([mark, pairs]) => (mark ? '?' : '') + pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join('&')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
/** A query of about 100 KB: many hostile pairs with long values. */
const bigQuery = fc
  .array(fc.tuple(key, hostileText, fc.integer({ min: 1, max: 2000 })), { minLength: 40, maxLength: 80 })
  .map((pairs) => '?' + pairs.map(([name, value, times]) => `${name}=${(value || 'v').repeat(times)}`).join('&'))
  .map((text) => (text.length < 100_000 ? text + '&utm_content=' + 'x%'.repeat((100_000 - text.length) / 2) : text.slice(0, 100_000)));

/** Cookie strings as `document.cookie` gives them, with hostile tracking cookies. */
const cookieString = fc
  .array(fc.tuple(fc.constantFrom(...TRACKING_COOKIES, '__proto__', 'constructor', 'x'), hostileText), { maxLength: 6 })
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value.replace(/;/g, '')}`).join('; '));

/** A mapping as a config could hold it: the default one, or parameters (some with awkward names) from any source. */
const source = fc.oneof(
  fc.constantFrom('page.url', 'page.userAgent', 'paywall', 'app.deepLink', 'query.__proto__', 'cookie.__proto__', 'query.constructor'),
  fc.constantFrom(...KEYS).map((name) => `query.${name}`),
  fc.constantFrom(...TRACKING_COOKIES).map((name) => `cookie.${name}`),
);
const mapping = fc.oneof(
  fc.constant(MAPPING),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('pid', 'c', 'deep_link_value', 'af_sub1', 'af_dp', 'toString', 'constructor', '__proto__', 'hasOwnProperty', 'x_y'),
        source,
      ),
      { maxLength: 10 },
    )
    // Through JSON.parse, as the page reads its config: "__proto__" is then an own key, not the prototype.
    .map(
      (pairs) =>
        JSON.parse(`{${pairs.map(([name, from]) => `${JSON.stringify(name)}:${JSON.stringify(from)}`).join(',')}}`) as Record<
          string,
          string
        >,
    ),
);

const inputs: fc.Arbitrary<AttributionInputs> = fc.record({
  query: query.map(parseAttribution),
  cookies: cookieString.map((cookies) => readCookies(cookies, [...TRACKING_COOKIES, '__proto__', 'constructor'])),
  pageUrl: fc.oneof(
    query.map((search) => `https://landing.example/feature1${search}`),
    hostileText,
  ),
  userAgent: hostileText,
  paywall: fc.oneof(fc.constantFrom('fullPrice', 'trial', 'discount'), hostileText),
  deepLink: fc.oneof(fc.constant('pictura://create'), hostileText),
});

/** The value a mapping source names, read straight from the inputs. */
function sourceValue(from: string, values: AttributionInputs): string {
  if (from.startsWith('query.')) return values.query.get(from.slice(6)) ?? '';
  if (from.startsWith('cookie.')) return values.cookies.get(from.slice(7)) ?? '';
  return (
    { 'page.url': values.pageUrl, 'page.userAgent': values.userAgent, paywall: values.paywall, 'app.deepLink': values.deepLink }[from] ?? ''
  );
}

/** What a value can come back as: lone surrogates cannot be percent-encoded, so they become U+FFFD. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (match) => (match.length === 2 ? match : '\ufffd'));

const prototypes = [Object.prototype, Array.prototype, Map.prototype, String.prototype, Function.prototype];
const prototypeKeys = () => prototypes.map((prototype) => Reflect.ownKeys(prototype).map(String).sort());
const cleanPrototypes = prototypeKeys();

/** Asserts nothing was added to a built-in prototype. */
function expectNoPollution() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  expect(prototypeKeys()).toEqual(cleanPrototypes);
}

/** Checks a built link against its base and the parameters it was built from. */
function expectOnlyEncodedParameters(link: string, base: string, params: InstallLinkParams) {
  const url = new URL(link);
  const baseUrl = new URL(base);
  expect(url.protocol).toBe('https:');
  expect(url.protocol).toBe(baseUrl.protocol);
  expect(url.host).toBe(baseUrl.host);
  expect(url.pathname).toBe(baseUrl.pathname);
  expect(url.username + url.password + url.hash).toBe('');
  const expected = [
    ...baseUrl.searchParams,
    ...[...params].filter(([, value]) => value !== '').map(([name, value]) => [wellFormed(name), wellFormed(value)]),
  ];
  expect([...url.searchParams]).toEqual(expected);
  // Nothing of a value is left raw: every character outside the unreserved set is escaped.
  expect(link.slice(base.replace(/#.*$/, '').length)).toMatch(/^[?&]?([A-Za-z0-9\-_.!~*'()%]+=[A-Za-z0-9\-_.!~*'()%]*(&|$))*$/);
}

describe(`parseAttribution on hostile queries (${RUNS} + ${BIG_RUNS} of ~100 KB)`, () => {
  it(`never throws, keeps normalised keys with non-empty values only, and pollutes nothing (${RUNS} queries)`, () => {
    fc.assert(
      fc.property(query, (search) => {
        generated++;
        const attribution = parseAttribution(search);
        expect(attribution).toBeInstanceOf(Map);
        for (const [name, value] of attribution) {
          // The underscore rule: a key never holds a space or a plus, and is never empty.
          expect(name).not.toMatch(/[ +]/);
          expect(name).not.toBe('');
          expect(typeof value).toBe('string');
          expect(value).not.toBe('');
        }
        expect(attribution.get('utm_source')).toBeTruthy();
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
  });

  it(`reads back any value that was form-encoded, exactly (${RUNS} queries)`, () => {
    const value = fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map(wellFormed);
    fc.assert(
      fc.property(fc.constantFrom('utm_campaign', 'fbclid', 'deep_link_value', 'ad_id'), value, hostileText, (name, text, noise) => {
        generated++;
        const encoded = new URLSearchParams([[name, text]]).toString();
        const attribution = parseAttribution(`?${encoded}&${noise}`);
        expect(attribution.get(name)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it(`handles a ~100 KB query in bounded time (${BIG_RUNS} queries)`, () => {
    fc.assert(
      fc.property(bigQuery, (search) => {
        generated++;
        expect(search.length).toBeGreaterThanOrEqual(99_000);
        // CPU time, not wall time: a busy machine that pauses this process must not fail it.
        const started = process.cpuUsage();
        const attribution = parseAttribution(search);
        const link = buildInstallLink(
          BASES[0]!,
          resolveAttribution(MAPPING, {
            query: attribution,
            cookies: new Map(),
            pageUrl: `https://landing.example/${search}`,
            userAgent: '',
            paywall: 'trial',
            deepLink: 'pictura://create',
          }),
        );
        const { user, system } = process.cpuUsage(started);
        expect((user + system) / 1000).toBeLessThan(250);
        expect(new URL(link).host).toBe('pictura.onelink.me');
        expectNoPollution();
      }),
      { numRuns: BIG_RUNS },
    );
  });
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
