// The paywall split test: where config.json lives, reading it safely, and the visitor's kept weighted draw.

/** Landing type -> its paywall types with their weights (per cent), in the config's order. */
export type SplitConfig = ReadonlyMap<string, ReadonlyArray<readonly [paywall: string, weight: number]>>;

/** The paywall type when nothing else applies: no config, no entry for the page, a draw past the weights. */
export const DEFAULT_PAYWALL = 'fullPrice';

/** 100, less a hair for weights like 33.3 + 33.3 + 33.4 whose float sum falls just short. */
const FULL_SCALE = 100 - 1e-9;

/** The part of a `fetch` Response that `parseSplitConfig` reads. */
export interface ResponseLike {
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The part of `localStorage` the kept draw uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The campaign root of a page URL, where `config.json` lives, always ending in `/`:
 * drops `index.html`, the route's last segment (`feature1`) and then a locale segment.
 * `/feature1`, `/feature1/`, `/de/feature1` and `/` give `/`; `/summer/feature1/`,
 * `/summer/de/feature1` and `/summer/` give `/summer/`.
 */
export function campaignRoot(pathname: string, route: string, locales: readonly string[]): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments[segments.length - 1] === 'index.html') segments.pop();
  const routeSegment = route
    .split('/')
    .filter((segment) => segment !== '')
    .pop();
  if (routeSegment !== undefined && segments[segments.length - 1] === routeSegment) segments.pop();
  const last = segments[segments.length - 1];
  if (last !== undefined && locales.includes(last)) segments.pop();
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `config.json`: `{ "<landing type>": { "<paywall type>": weight } }`.
 * A non-ok response, a content type other than JSON, malformed JSON or a top level that is
 * not an object give the empty config; inside, entries that are not objects and weights that
 * are not finite numbers of at least 0 are skipped. Order is JSON's (names that look like
 * array indexes, such as `"1"`, would come first, as in any JavaScript object). Never rejects.
 */
export async function parseSplitConfig(response: ResponseLike): Promise<SplitConfig> {
  const config = new Map<string, Array<readonly [string, number]>>();
  try {
    if (!response.ok || !isJsonContentType(response.headers.get('content-type'))) return config;
    const parsed: unknown = JSON.parse(await response.text());
    if (!isPlainObject(parsed)) return config;
    for (const [landingType, weights] of Object.entries(parsed)) {
      if (!isPlainObject(weights)) continue;
      const entries = Object.entries(weights).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] >= 0,
      );
      config.set(landingType, entries);
    }
  } catch {
    return new Map();
  }
  return config;
}

/**
 * The paywall type for a draw between 0 and 100, against the cumulative weights of
 * `landingType` in the config's order. Boundaries (half-open intervals):
 * - a type with cumulative edges `lo` and `hi` owns `lo <= draw < hi`, so a draw equal to an
 *   edge belongs to the NEXT type, draw 0 to the first type with a weight above 0, and a
 *   zero weight is never drawn;
 * - the type whose cumulative weight reaches 100 also owns 100 itself (the top of the scale);
 * - a draw at or past the sum of weights under 100, no entry for `landingType`, or an empty
 *   config give `fullPrice`. Draws below 0 count as 0, above 100 as 100.
 */
export function paywallForDraw(config: SplitConfig, landingType: string, draw: number): string {
  const weights = config.get(landingType);
  if (!weights) return DEFAULT_PAYWALL;
  const point = Math.min(Math.max(draw, 0), 100);
  let edge = 0;
  for (const [paywall, weight] of weights) {
    if (weight <= 0) continue;
    edge += weight;
    if (point < edge || edge >= FULL_SCALE) return paywall;
  }
  return DEFAULT_PAYWALL;
}

/** Draws `random() * 100` (0 to 100) and returns that paywall type; see `paywallForDraw`. */
export function drawPaywall(config: SplitConfig, landingType: string, random: () => number): string {
  return paywallForDraw(config, landingType, random() * 100);
}

/** The localStorage key of the visitor's draw for one landing type. */
export function drawKey(landingType: string): string {
  return `store-landing:paywall-draw:${landingType}`;
}

/**
 * The visitor's draw (0 to 100) for `landingType`, kept in storage so a reload gives the same
 * paywall; the number is kept rather than the type, so a config that fails to load once does
 * not reassign the visitor. Storage that is missing, throws (Safari private mode) or holds
 * garbage means a fresh draw, never an error.
 */
export function keptDraw(storage: StorageLike | null, landingType: string, random: () => number): number {
  const key = drawKey(landingType);
  try {
    const stored = storage?.getItem(key);
    if (stored != null && stored.trim() !== '') {
      const value = Number(stored);
      if (Number.isFinite(value) && value >= 0 && value <= 100) return value;
    }
  } catch {
    // Unreadable storage: draw afresh below.
  }
  const draw = random() * 100;
  try {
    storage?.setItem(key, String(draw));
  } catch {
    // Full or forbidden storage: the draw holds for this page view only.
  }
  return draw;
}

/** Fetches and reads `config.json`; a network failure gives the empty config. Never rejects. */
export async function fetchSplitConfig(fetchFn: (url: string) => Promise<ResponseLike>, url: string): Promise<SplitConfig> {
  try {
    return await parseSplitConfig(await fetchFn(url));
  } catch {
    return new Map();
  }
}
