// The OneLink Smart Script's table of parameters, for every fake of it in the tests (unit and browser): one
// copy, read from AppsFlyer's script.

/**
 * Each named argument of `generateOneLinkURL` (`afParameters.<name>`) and the URL parameter the
 * script writes it as, in the order it appends them (github.com/AppsFlyerSDK/appsflyer-onelink-smart-script,
 * v2.10.4). Kept apart from the runtime's own table (page/runtime/smart-script-options.ts)
 * on purpose: the fakes check the runtime against the script, not against itself.
 */
export const SMART_SCRIPT_PARAMETERS: ReadonlyArray<readonly [argument: string, parameter: string]> = [
  ['mediaSource', 'pid'],
  ['campaign', 'c'],
  ['channel', 'af_channel'],
  ['ad', 'af_ad'],
  ['adSet', 'af_adset'],
  ['deepLinkValue', 'deep_link_value'],
  ['afSub1', 'af_sub1'],
  ['afSub2', 'af_sub2'],
  ['afSub3', 'af_sub3'],
  ['afSub4', 'af_sub4'],
  ['afSub5', 'af_sub5'],
];

/** SMART_SCRIPT_PARAMETERS by argument: `mediaSource` -> `pid`. */
export const SMART_SCRIPT_PARAMETER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(SMART_SCRIPT_PARAMETERS);
