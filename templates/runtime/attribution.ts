// Reads the ad-click attribution values (fbclid, campaign/ad set/ad ids, utm_*) from the page's query string.

/** Attribution values by normalised query key; a Map, so keys like `__proto__` are plain data. */
export type Attribution = ReadonlyMap<string, string>;

/** The query keys kept besides every `utm_*` key. */
const ATTRIBUTION_KEYS: ReadonlySet<string> = new Set([
  'fbclid',
  'deep_link_value',
  'campaign_id',
  'adset_id',
  'ad_id',
]);

/**
 * Decodes one form-encoded query component: `+` is a space, then percent-escapes.
 * Invalid percent-encoding (`50%off`, a lone `%E2`) never throws: the text is kept as
 * written, with only `+` read as a space.
 */
export function decodeQueryComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A query key as AppsFlyer and Meta expect it: spaces and `+` become `_`, so
 * `utm+source`, `utm%2Bsource` and `utm%20source` all read as `utm_source`.
 */
export function normaliseKey(rawKey: string): string {
  return decodeQueryComponent(rawKey).replace(/[ +]/g, '_');
}

function isAttributionKey(key: string): boolean {
  return ATTRIBUTION_KEYS.has(key) || key.startsWith('utm_');
}

/**
 * Parses `location.search` into the attribution values.
 *
 * - Kept keys: `fbclid`, `deep_link_value`, `campaign_id`, `adset_id`, `ad_id` and every
 *   `utm_*` key (after normalising the key; matching is case-sensitive, like AppsFlyer's).
 * - An empty value counts as absent; of repeated keys the first non-empty value wins.
 * - `utm_source` defaults to `facebook` when `fbclid` is present, else `organic`.
 */
export function parseAttribution(search: string): Attribution {
  const values = new Map<string, string>();
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = normaliseKey(rawKey);
    if (!isAttributionKey(key) || values.has(key)) continue;
    const value = decodeQueryComponent(rawValue);
    if (value !== '') values.set(key, value);
  }
  if (!values.has('utm_source')) {
    values.set('utm_source', values.has('fbclid') ? 'facebook' : 'organic');
  }
  return values;
}
