// Applies a campaign's overrides to the top-level settings.

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
