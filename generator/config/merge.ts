// Applies a campaign's overrides to the top-level settings, and lets campaigns share what they do not override.

/**
 * Deep-merges `override` into `base`: objects merge key by key, anything else
 * (lists included) replaces. Neither input is changed.
 */
export function mergeOverrides<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override === undefined ? base : override) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = key in base ? mergeOverrides(base[key], value) : value;
  }
  return merged as T;
}

/**
 * A campaign's `config` whose every part that equals the same part of the top level's `base`
 * is `base`'s: thousands of campaigns that each override a few keys then hold one copy of the
 * rest, in the build's thread and in every worker (a worker's share arrives as one message, so
 * what it shares arrives once). The config itself stays an object of its own. Neither input is
 * changed; the result must not be changed either.
 */
export function sharingUnchanged<T extends object>(config: T, base: T): T {
  return Object.fromEntries(
    Object.entries(config).map(([key, part]) => [key, sharedPart(part, (base as Record<string, unknown>)[key])]),
  ) as T;
}

/** `value`, or `base` when they are equal, with its equal parts shared likewise. */
function sharedPart(value: unknown, base: unknown): unknown {
  if (value === base || !isData(value) || !isData(base) || Array.isArray(value) !== Array.isArray(base)) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, Object.hasOwn(base, key) ? sharedPart(item, base[key]) : item] as const);
  const equal =
    entries.length === Object.keys(base).length && entries.every(([key, part]) => Object.hasOwn(base, key) && part === base[key]);
  if (equal) return base;
  // Built anew, never by assignment: a key `__proto__` (a map of the config's own keys may have one) stays a key.
  return Array.isArray(value) ? entries.map(([, part]) => part) : Object.fromEntries(entries);
}

/** A plain object or a list, as parsed JSON or YAML holds them. */
function isData(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
