// Reads the attribution values of the page's query string: every key, normalised, the first non-empty value of each.

/** Attribution values by normalised query key; a Map, so keys like `__proto__` are plain data. */
export type Attribution = ReadonlyMap<string, string>;

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
 * A normalised key therefore never contains a space or a `+`.
 */
export function normaliseKey(rawKey: string): string {
  return decodeQueryComponent(rawKey).replace(/[ +]/g, '_');
}

/**
 * Parses `location.search` into the attribution values that `query.<name>` sources and the
 * click-id forwarding read.
 *
 * - Every key is kept (the spec's custom parameters), normalised by `normaliseKey`; matching
 *   is case-sensitive, like AppsFlyer's.
 * - An empty value counts as absent; of repeated keys (spellings included) the first non-empty
 *   value wins.
 * - `utm_source` defaults to `facebook` when `fbclid` is present, else `organic`.
 */
export function parseAttribution(search: string): Attribution {
  const values = new Map<string, string>();
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = normaliseKey(eq === -1 ? pair : pair.slice(0, eq));
    if (key === '' || values.has(key)) continue;
    const value = eq === -1 ? '' : decodeQueryComponent(pair.slice(eq + 1));
    if (value !== '') values.set(key, value);
  }
  if (!values.has('utm_source')) {
    values.set('utm_source', values.has('fbclid') ? 'facebook' : 'organic');
  }
  return values;
}
