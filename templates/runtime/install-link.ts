// Builds the attributed OneLink install link: by our own builder, or as arguments to AppsFlyer's Smart Script.
import type { Attribution } from './attribution.ts';
import type { AttributionSource } from './types.ts';

/** Everything an install-link parameter can take its value from. */
export interface AttributionInputs {
  query: Attribution;
  cookies: ReadonlyMap<string, string>;
  pageUrl: string;
  userAgent: string;
  /** The drawn paywall type of the split test. */
  paywall: string;
  /** The app's own deep link, e.g. `pictura://create`. */
  deepLink: string;
}

/** Install-link parameter -> value, non-empty values only, in the mapping's order. */
export type InstallLinkParams = ReadonlyMap<string, string>;

/** AppsFlyer's media-source parameter; a OneLink click without it cannot be attributed. */
export const MEDIA_SOURCE_PARAM = 'pid';
/** The media source used when the mapping gives none (the same default as `utm_source`). */
export const DEFAULT_MEDIA_SOURCE = 'organic';

/** The value of one source (`query.<name>`, `cookie.<name>`, `page.url`, ...); `''` when unknown or absent. */
export function resolveSource(source: AttributionSource, inputs: AttributionInputs): string {
  if (source.startsWith('query.')) return inputs.query.get(source.slice('query.'.length)) ?? '';
  if (source.startsWith('cookie.')) return inputs.cookies.get(source.slice('cookie.'.length)) ?? '';
  switch (source) {
    case 'page.url':
      return inputs.pageUrl;
    case 'page.userAgent':
      return inputs.userAgent;
    case 'paywall':
      return inputs.paywall;
    case 'app.deepLink':
      return inputs.deepLink;
    default:
      return '';
  }
}

/**
 * Resolves every mapped install-link parameter from its source, dropping empty values.
 * `pid` is always present (first when the mapping lacks it): it falls back to `organic`.
 */
export function resolveAttribution(
  mapping: Readonly<Record<string, AttributionSource>>,
  inputs: AttributionInputs,
): InstallLinkParams {
  const params = new Map<string, string>();
  // Not Object.hasOwn: Safari before 15.4 (iOS 15.0 is supported) lacks it.
  if (!Object.prototype.hasOwnProperty.call(mapping, MEDIA_SOURCE_PARAM)) params.set(MEDIA_SOURCE_PARAM, DEFAULT_MEDIA_SOURCE);
  for (const [name, source] of Object.entries(mapping)) {
    const value = resolveSource(source, inputs);
    if (value !== '') params.set(name, value);
    else if (name === MEDIA_SOURCE_PARAM) params.set(name, DEFAULT_MEDIA_SOURCE);
  }
  return params;
}

/**
 * `encodeURIComponent`, except that a lone UTF-16 surrogate, which it refuses with a URIError
 * (and which no real query, cookie or URL holds), becomes U+FFFD instead of failing the link.
 */
function encodeParam(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (match) => (match.length === 2 ? match : '\ufffd')));
}

/**
 * The OneLink base URL with the non-empty parameters appended, names and values each
 * through `encodeURIComponent`, so `&`, `#`, `?`, `/`, `@`, spaces and unicode stay inside
 * their parameter and the scheme and host are always exactly the base's.
 * A fragment on the base is dropped; a query already on it is kept and extended.
 */
export function buildInstallLink(oneLinkBase: string, params: InstallLinkParams): string {
  const hash = oneLinkBase.indexOf('#');
  const base = hash === -1 ? oneLinkBase : oneLinkBase.slice(0, hash);
  const pairs: string[] = [];
  for (const [name, value] of params) {
    if (value !== '') pairs.push(`${encodeParam(name)}=${encodeParam(value)}`);
  }
  if (pairs.length === 0) return base;
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return base + separator + pairs.join('&');
}

// --- The AppsFlyer OneLink Smart Script ---------------------------------------------
//
// Checked against AppsFlyer's own sources (github.com/AppsFlyerSDK/appsflyer-onelink-smart-script,
// scripts/onelink-smart-script-v2.10.4.js, README and examples/*.html; dev.appsflyer.com
// "OneLink Smart Script V2"):
// - `window.AF_SMART_SCRIPT.generateOneLinkURL({ oneLinkURL, afParameters })` returns
//   `{ clickURL }`, or null when `oneLinkURL` is not `https://sub.domain/...` or when
//   `afParameters.mediaSource.defaultValue` is missing (`isMSValid`): so it is always set here.
// - `afParameters` keys map to: mediaSource -> pid, campaign -> c, channel -> af_channel,
//   ad -> af_ad, adSet -> af_adset, deepLinkValue -> deep_link_value, afSub1..afSub5 ->
//   af_sub1..af_sub5; `afCustom: [{ paramKey, keys, defaultValue }]` adds any other parameter
//   (it refuses to override the names above). Each config is `{ keys, overrideValues?, defaultValue? }`.
// - `keys` name query keys of the page URL, which the script reads back from its own
//   `ss_incoming_params` localStorage entry (kept two hours across pages). We pass `keys: []`
//   and the value we resolved as `defaultValue` (AppsFlyer's "forced default values" example),
//   so both builders give every parameter the same value: our key normalisation, defaults and
//   first-wins rule apply, and cookies, page URL, user agent and paywall are not in the URL anyway.
// - `stringifyParameters` joins `&key=value` WITHOUT encoding the value (values read from the
//   URL are stored already encoded), so each `defaultValue` is passed through `encodeURIComponent`.
// - `processTrackingParameters` appends gclid, fbclid, twclid, sccid, ttclid, gbraid and wbraid
//   from `location.search` itself, so those are not passed again as custom parameters.
// - The script adds `af_js_web=true&af_ss_ver=<version>`; after a successful call it defines
//   `AF_SMART_SCRIPT.fireImpressionsLink()` (asynchronously, once the impression URL is ready).

/** One Smart Script parameter config. */
export interface SmartScriptParam {
  keys: string[];
  defaultValue: string;
}

export interface SmartScriptCustomParam extends SmartScriptParam {
  paramKey: string;
}

export interface SmartScriptAfParameters {
  mediaSource: SmartScriptParam;
  campaign?: SmartScriptParam;
  channel?: SmartScriptParam;
  ad?: SmartScriptParam;
  adSet?: SmartScriptParam;
  deepLinkValue?: SmartScriptParam;
  afSub1?: SmartScriptParam;
  afSub2?: SmartScriptParam;
  afSub3?: SmartScriptParam;
  afSub4?: SmartScriptParam;
  afSub5?: SmartScriptParam;
  afCustom?: SmartScriptCustomParam[];
}

/** The argument of `AF_SMART_SCRIPT.generateOneLinkURL`. */
export interface SmartScriptOptions {
  oneLinkURL: string;
  afParameters: SmartScriptAfParameters;
}

type NamedParameter = Exclude<keyof SmartScriptAfParameters, 'mediaSource' | 'afCustom'>;

/** OneLink parameter -> the Smart Script's own argument for it. */
const SMART_SCRIPT_NAMES: ReadonlyMap<string, NamedParameter> = new Map([
  ['c', 'campaign'],
  ['af_channel', 'channel'],
  ['af_ad', 'ad'],
  ['af_adset', 'adSet'],
  ['deep_link_value', 'deepLinkValue'],
  ['af_sub1', 'afSub1'],
  ['af_sub2', 'afSub2'],
  ['af_sub3', 'afSub3'],
  ['af_sub4', 'afSub4'],
  ['af_sub5', 'afSub5'],
] satisfies Array<[string, NamedParameter]>);

/** Click ids the Smart Script copies from the page URL into the link by itself. */
const FORWARDED_BY_SMART_SCRIPT: ReadonlySet<string> = new Set([
  'gclid',
  'fbclid',
  'twclid',
  'sccid',
  'ttclid',
  'gbraid',
  'wbraid',
]);

function forced(value: string): SmartScriptParam {
  return { keys: [], defaultValue: encodeParam(value) };
}

/** Our resolved parameters as `generateOneLinkURL`'s argument (see the notes above). */
export function toSmartScriptOptions(oneLinkBase: string, params: InstallLinkParams): SmartScriptOptions {
  const afParameters: SmartScriptAfParameters = {
    mediaSource: forced(params.get(MEDIA_SOURCE_PARAM) || DEFAULT_MEDIA_SOURCE),
  };
  const afCustom: SmartScriptCustomParam[] = [];
  for (const [name, value] of params) {
    if (name === MEDIA_SOURCE_PARAM || value === '') continue;
    const named = SMART_SCRIPT_NAMES.get(name);
    if (named) afParameters[named] = forced(value);
    else if (!FORWARDED_BY_SMART_SCRIPT.has(name)) afCustom.push({ paramKey: name, ...forced(value) });
  }
  if (afCustom.length > 0) afParameters.afCustom = afCustom;
  return { oneLinkURL: oneLinkBase, afParameters };
}
