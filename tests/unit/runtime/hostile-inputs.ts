// Hostile attribution inputs for the property tests (queries, cookies, mappings, page values) and what a built link may hold.
import fc from 'fast-check';
import { expect } from 'vitest';
import { parseAttribution } from '../../../page/runtime/attribution.ts';
import { readCookies, TRACKING_COOKIES } from '../../../page/runtime/cookies.ts';
import type { AttributionInputs, InstallLinkParams } from '../../../page/runtime/install-link.ts';
import { DEFAULT_ATTRIBUTION } from '../../helpers.ts';

/** The mapping of the default variants.yaml. */
export const MAPPING = DEFAULT_ATTRIBUTION;

/** OneLink bases the schema accepts: with a trailing slash, a query of their own, a fragment. */
export const BASES = [
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
export const hostileText = fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join(''));
const key = fc.oneof(fc.constantFrom(...KEYS), hostileText);
/** A query string: key=value pairs (some without "="), joined by "&", with or without "?". */
export const query = fc.oneof(
  fc
    .tuple(fc.boolean(), fc.array(fc.tuple(key, fc.option(hostileText, { nil: undefined })), { maxLength: 12 }))
    .map(([mark, pairs]) => (mark ? '?' : '') + pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join('&')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
/** A query of about 100 KB: many hostile pairs with long values. */
export const bigQuery = fc
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
export const mapping = fc.oneof(
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

export const inputs: fc.Arbitrary<AttributionInputs> = fc.record({
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
export function sourceValue(from: string, values: AttributionInputs): string {
  if (from.startsWith('query.')) return values.query.get(from.slice(6)) ?? '';
  if (from.startsWith('cookie.')) return values.cookies.get(from.slice(7)) ?? '';
  return (
    { 'page.url': values.pageUrl, 'page.userAgent': values.userAgent, paywall: values.paywall, 'app.deepLink': values.deepLink }[from] ?? ''
  );
}

/** What a value can come back as: lone surrogates cannot be percent-encoded, so they become U+FFFD. */
export const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (match) => (match.length === 2 ? match : '\ufffd'));

const prototypes = [Object.prototype, Array.prototype, Map.prototype, String.prototype, Function.prototype];
const prototypeKeys = () => prototypes.map((prototype) => Reflect.ownKeys(prototype).map(String).sort());
const cleanPrototypes = prototypeKeys();

/** Asserts nothing was added to a built-in prototype. */
export function expectNoPollution() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  expect(prototypeKeys()).toEqual(cleanPrototypes);
}

/** Checks a built link against its base and the parameters it was built from. */
export function expectOnlyEncodedParameters(link: string, base: string, params: InstallLinkParams) {
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
