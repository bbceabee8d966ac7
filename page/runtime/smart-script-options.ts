// Our resolved install-link parameters as the argument of the AppsFlyer OneLink Smart Script's generateOneLinkURL.
import { CLICK_ID_PARAMS } from '../contract/click-ids.ts';
import { DEFAULT_MEDIA_SOURCE, encodeParam, MEDIA_SOURCE_PARAM, type InstallLinkParams } from './install-link.ts';

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
// - `processTrackingParameters` appends click ids from `location.search` itself (which ones depends
//   on the script's version, see click-ids.ts), and `af_keywords` after a Google click id. So no
//   click-id parameter is passed here (it would come twice); the caller completes the returned link
//   with those the script did not add (`completeInstallLink`).
// - The script adds `af_js_web=true&af_ss_ver=<version>`; after a successful call it defines
//   `AF_SMART_SCRIPT.fireImpressionsLink()` (asynchronously, once the impression URL is ready).

/** One Smart Script parameter config: query keys to look up (none here) and the value to use. */
export interface SmartScriptParam {
  keys: string[];
  defaultValue: string;
}

/** A parameter outside the Smart Script's named ones. */
export interface SmartScriptCustomParam extends SmartScriptParam {
  paramKey: string;
}

/** The `afParameters` of `generateOneLinkURL`, as far as we use them. */
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

function forced(value: string): SmartScriptParam {
  return { keys: [], defaultValue: encodeParam(value) };
}

/**
 * Our resolved parameters as `generateOneLinkURL`'s argument (see the notes above): the named
 * ones under their Smart Script names, the others as `afCustom`, click ids left to the script
 * and to `completeInstallLink`.
 */
export function toSmartScriptOptions(oneLinkBase: string, params: InstallLinkParams): SmartScriptOptions {
  const afParameters: SmartScriptAfParameters = {
    mediaSource: forced(params.get(MEDIA_SOURCE_PARAM) || DEFAULT_MEDIA_SOURCE),
  };
  const afCustom: SmartScriptCustomParam[] = [];
  for (const [name, value] of params) {
    if (name === MEDIA_SOURCE_PARAM || value === '') continue;
    const named = SMART_SCRIPT_NAMES.get(name);
    if (named) afParameters[named] = forced(value);
    else if (!CLICK_ID_PARAMS.has(name)) afCustom.push({ paramKey: name, ...forced(value) });
  }
  if (afCustom.length > 0) afParameters.afCustom = afCustom;
  return { oneLinkURL: oneLinkBase, afParameters };
}
