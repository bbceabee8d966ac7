// The consent prompt's texts: read from a locale's messages by the build (into the page's texts) and by the
// runtime (after a language switch).

/** The prompt's texts, from the locale's `consent.*` messages. */
export interface ConsentTexts {
  title: string;
  body: string;
  allow: string;
  decline: string;
}

/** The message keys under `consent.` the prompt reads from `locales/<lang>.json`. */
export const CONSENT_MESSAGE_KEYS = ['title', 'body', 'allow', 'decline'] as const;

/** Used for any key a locale lacks, so the prompt never shows a raw key or nothing. */
export const ENGLISH_CONSENT_TEXTS: ConsentTexts = {
  title: 'Allow tracking?',
  body: 'With your permission, the ad networks we advertise on, AppsFlyer and our payment provider use cookies to measure our ads. The download link works either way.',
  allow: 'Allow',
  decline: 'Don’t Allow',
};

/** The string at `path` (`['consent', 'title']`) in a messages object, or null. */
export function messageAt(messages: unknown, path: readonly string[]): string | null {
  let node = messages;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, key)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' && node !== '' ? node : null;
}

/** The prompt's texts from a messages object: each `consent.<key>` string, else the English one. */
export function consentTexts(messages: unknown): ConsentTexts {
  const texts = { ...ENGLISH_CONSENT_TEXTS };
  for (const key of CONSENT_MESSAGE_KEYS) texts[key] = messageAt(messages, ['consent', key]) ?? texts[key];
  return texts;
}
