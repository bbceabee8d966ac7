// Ad networks' click ids in the page URL, and the install-link parameters AppsFlyer reads them from.

/** One network's click id: the query keys it arrives in (first non-empty wins) and the OneLink parameter it leaves in. */
export interface ClickIdRule {
  network: string;
  /** Query keys, after the underscore rule; case-sensitive, like the Smart Script's own lookup. */
  keys: readonly string[];
  /** The install-link parameter AppsFlyer reads it from. */
  param: string;
}

/**
 * Checked against AppsFlyer's OneLink Smart Script (github.com/AppsFlyerSDK/appsflyer-onelink-smart-script,
 * scripts/onelink-smart-script-v2.10.4.js, `processTrackingParameters`): it appends gclid, fbclid,
 * twclid, sccid, ttclid, gbraid and wbraid from the page URL under their own names; its 2.9.2 build
 * (the one "latest" served for a while) only gclid, fbclid, gbraid and wbraid, so our builder and the
 * completion of the Smart Script's link add them all. Snapchat puts its click id in the URL as `ScCid`,
 * which the Smart Script's lower-case lookup misses. Microsoft Advertising's recommended AppsFlyer
 * tracking URL passes msclkid as `clickid` (learn.microsoft.com, "Track mobile app installs as
 * conversions"), AppsFlyer's "ad network unique click identifier" (support.appsflyer.com,
 * "Attribution link structure and parameters").
 */
export const CLICK_IDS: readonly ClickIdRule[] = [
  { network: 'Google Ads', keys: ['gclid'], param: 'gclid' },
  { network: 'Google Ads, iOS app measurement', keys: ['gbraid'], param: 'gbraid' },
  { network: 'Google Ads, iOS web measurement', keys: ['wbraid'], param: 'wbraid' },
  { network: 'Meta', keys: ['fbclid'], param: 'fbclid' },
  { network: 'TikTok', keys: ['ttclid'], param: 'ttclid' },
  { network: 'X (Twitter)', keys: ['twclid'], param: 'twclid' },
  { network: 'Snapchat', keys: ['ScCid', 'sccid'], param: 'sccid' },
  { network: 'Microsoft Advertising', keys: ['msclkid'], param: 'clickid' },
];

/** Google's search keyword, which the Smart Script forwards as `af_keywords` with a Google click. */
export const KEYWORD_KEY = 'keyword';
export const KEYWORDS_PARAM = 'af_keywords';
const GOOGLE_CLICK_PARAMS: ReadonlySet<string> = new Set(['gclid', 'gbraid', 'wbraid']);

/** Every parameter `resolveClickIds` can produce. */
export const CLICK_ID_PARAMS: ReadonlySet<string> = new Set([...CLICK_IDS.map((rule) => rule.param), KEYWORDS_PARAM]);

/**
 * The click ids present in the query, as install-link parameter -> value, in `CLICK_IDS` order,
 * then `af_keywords` from `keyword` when a Google click id is there (as the Smart Script does).
 */
export function resolveClickIds(query: ReadonlyMap<string, string>): Map<string, string> {
  const params = new Map<string, string>();
  for (const rule of CLICK_IDS) {
    const value = rule.keys.map((key) => query.get(key)).find((found) => found);
    if (value && !params.has(rule.param)) params.set(rule.param, value);
  }
  const keyword = query.get(KEYWORD_KEY);
  if (keyword && [...params.keys()].some((param) => GOOGLE_CLICK_PARAMS.has(param))) params.set(KEYWORDS_PARAM, keyword);
  return params;
}
