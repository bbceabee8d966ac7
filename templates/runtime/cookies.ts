// Reads the tracking cookies (Meta's `_fbc`/`_fbp`, AppsFlyer's `afUserId`) from `document.cookie`.
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
