// Reads an app's listing facts from the App Store's public lookup service (https://itunes.apple.com/lookup?id=&country=),
// its quirks smoothed: ratings with long float tails, the size as a string, duplicate language codes.
import { AppNotFound, LookupMalformed, LookupRateLimited, LookupServerError, LookupTimeout, LookupUnreachable } from '../shared/errors.ts';

/** The Apple service; `--lookup-url` names another (a mirror, a test's fake). */
export const DEFAULT_LOOKUP_URL = 'https://itunes.apple.com/lookup';

/** The listing facts the store holds, as the config writes them. */
export interface StoreFacts {
  /** The average rating, rounded to 0.1 as the config takes it. */
  rating: number;
  ratingCount: number;
  version: string;
  /** Download size in MB (10^6 bytes), rounded to 0.1. */
  sizeMB: number;
  ageRating: string;
  minimumOs: string;
  /** YYYY-MM-DD of the current version (UTC). */
  releaseDate: string;
  /** Distinct, lower-case: `en`, `ja`. */
  languages: string[];
  trackName: string;
  sellerName: string;
}

/** What one lookup needs. */
export interface LookupRequest {
  appId: string;
  /** ISO 3166 two-letter storefront, e.g. `us`, `jp`. */
  country: string;
  lookupUrl?: string;
  timeoutMs?: number;
}

/**
 * The app's facts in one storefront.
 * @throws UserError: LookupTimeout, LookupUnreachable, LookupRateLimited (403, 429),
 * LookupServerError (other statuses), LookupMalformed (not JSON, or not a listing), AppNotFound.
 */
export async function lookUpFacts(request: LookupRequest): Promise<StoreFacts> {
  const url = new URL(request.lookupUrl ?? DEFAULT_LOOKUP_URL);
  url.searchParams.set('id', request.appId);
  url.searchParams.set('country', request.country.toLowerCase());
  const shown = `${url.origin}${url.pathname}`;
  const timeoutMs = request.timeoutMs ?? 10_000;
  let response: Response;
  let text: string;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    text = await response.text();
  } catch (error) {
    const cause = error as Error & { cause?: { code?: string; message?: string } };
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') throw LookupTimeout.create(shown, timeoutMs / 1000);
    throw LookupUnreachable.create(shown, cause.cause?.code ?? cause.cause?.message ?? cause.message);
  }
  if (response.status === 403 || response.status === 429) throw LookupRateLimited.create(shown, response.status);
  if (!response.ok) throw LookupServerError.create(shown, response.status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw LookupMalformed.create(shown, 'the answer is not JSON');
  }
  const { resultCount, results } = (body ?? {}) as { resultCount?: unknown; results?: unknown };
  if (!Array.isArray(results)) throw LookupMalformed.create(shown, 'it has no "results" list');
  if (resultCount === 0 || results.length === 0) throw AppNotFound.create(request.appId, request.country);
  return parseListing(results[0], shown);
}

/** The facts of one result of the lookup. */
export function parseListing(result: unknown, shown: string): StoreFacts {
  if (result === null || typeof result !== 'object') throw LookupMalformed.create(shown, 'its first result is not an object');
  const listing = result as Record<string, unknown>;
  const field = <T>(name: string, read: (value: unknown) => T | undefined): T => {
    const value = read(listing[name]);
    if (value === undefined) throw LookupMalformed.create(shown, `"${name}" is missing or not what it should be`);
    return value;
  };
  const finite = (value: unknown) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
  };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined);
  const codes = Array.isArray(listing.languageCodesISO2A) ? listing.languageCodesISO2A.filter((code) => typeof code === 'string') : [];
  return {
    rating: round(field('averageUserRating', finite), 1),
    ratingCount: Math.round(field('userRatingCount', finite)),
    version: field('version', text),
    // A string in the answer ("67617695"): read as a number either way.
    sizeMB: round(field('fileSizeBytes', finite) / 1e6, 1),
    ageRating: field('contentAdvisoryRating', text),
    minimumOs: field('minimumOsVersion', text),
    releaseDate: field('currentVersionReleaseDate', date),
    languages: [...new Set(codes.map((code) => code.toLowerCase()))],
    trackName: text(listing.trackName) ?? '',
    sellerName: text(listing.sellerName) ?? '',
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
