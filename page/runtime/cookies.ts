// Reads the tracking cookies (Meta's `_fbc`/`_fbp`, AppsFlyer's `afUserId`) from `document.cookie`, and says when the link can use them.
import { parseCookie } from 'cookie';

/** The cookies the install link is built from. */
export const TRACKING_COOKIES = ['_fbc', '_fbp', 'afUserId'] as const;

/** The cookies whose presence means the Meta pixel has identified the visitor. */
const READY_COOKIES = ['_fbc', '_fbp'] as const;

/**
 * The named cookies that have a non-empty value, parsed by the `cookie` package
 * (first occurrence wins; values are percent-decoded, invalid escapes kept as written).
 */
export function readCookies(cookieString: string, names: readonly string[]): ReadonlyMap<string, string> {
  const parsed = parseCookie(cookieString);
  const found = new Map<string, string>();
  for (const name of names) {
    const value = parsed[name];
    if (value) found.set(name, value);
  }
  return found;
}

/** True once both `_fbc` and `_fbp` exist: the moment the attributed install link can be built. */
export function hasTrackingCookies(cookieString: string): boolean {
  const cookies = readCookies(cookieString, READY_COOKIES);
  return READY_COOKIES.every((name) => cookies.has(name));
}

/**
 * True once the cookies the install link can carry are known. A visitor from a Meta ad
 * (`metaClick`: `fbclid` in the URL, and the Meta pixel on the page) waits for `_fbc` and
 * `_fbp`, as the spec says. Any other visitor never gets `_fbc`: for them it is known once every
 * ad network's script has run or failed (`networksSettled`: their cookies, `_ttp`, `_scid`,
 * `_gcl_aw`, are set by then) or `_fbp` exists, so a TikTok, Snap or Google visitor is
 * attributed too.
 */
export function attributionDataKnown(cookieString: string, metaClick: boolean, networksSettled: boolean): boolean {
  if (hasTrackingCookies(cookieString)) return true;
  return !metaClick && (networksSettled || readCookies(cookieString, ['_fbp']).has('_fbp'));
}

/**
 * The `_fbc` value the Meta pixel would have set for `fbclid`, in the format Meta documents for
 * the Conversions API's `fbc` (`fb.1.<creation time in ms>.<fbclid>`): for the install link of a
 * visitor whose pixel could not set it.
 */
export function fbcFromFbclid(fbclid: string, createdAtMs: number): string {
  return `fb.1.${createdAtMs}.${fbclid}`;
}
