// Which language tags lead to which locale, for hosts whose rules name tags instead of running negotiateLocale (Netlify, Vercel).

/**
 * The locales sharing a primary subtag, in configured order, with the locale a tag of that
 * primary subtag falls back to when no locale is its prefix: the one spelled as the
 * primary subtag itself, else the first (negotiateLocale's rule).
 */
export interface PrimaryGroup {
  primary: string;
  locales: string[];
  fallback: string;
}

/** The locales grouped by primary subtag (lower-cased), groups in order of first appearance. */
export function primaryGroups(locales: readonly string[]): PrimaryGroup[] {
  const groups = new Map<string, string[]>();
  for (const locale of locales) {
    const primary = primaryOf(locale);
    groups.set(primary, [...(groups.get(primary) ?? []), locale]);
  }
  return [...groups].map(([primary, members]) => ({
    primary,
    locales: members,
    fallback: members.find((locale) => locale.toLowerCase() === primary) ?? members[0]!,
  }));
}

/** `de` of `de-CH`, lower-cased. */
export function primaryOf(tag: string): string {
  return tag.toLowerCase().split('-')[0]!;
}

/** How many subtags a tag has: `de` 1, `zh-Hant` 2. */
export function subtagCount(tag: string): number {
  return tag.split('-').length;
}
