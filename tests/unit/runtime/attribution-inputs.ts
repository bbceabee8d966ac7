// The attribution inputs of a visitor from a Meta ad, for the tests of both install-link builders.
import { parseAttribution } from '../../../page/runtime/attribution.ts';
import type { AttributionInputs } from '../../../page/runtime/install-link.ts';
import { DEFAULT_ATTRIBUTION } from '../../helpers.ts';

export const BASE = 'https://pictura.onelink.me/Ab1c';

/** The mapping of the default variants.yaml. */
export const MAPPING = DEFAULT_ATTRIBUTION;

export const PAGE_URL = 'https://landing.example/feature1?utm+source=fb&fbclid=abc&campaign_id=1';
export const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

export function inputs(search: string, overrides: Partial<AttributionInputs> = {}): AttributionInputs {
  return {
    query: parseAttribution(search),
    cookies: new Map([
      ['_fbc', 'fb.1.1700000000.abc'],
      ['_fbp', 'fb.1.1700000000.123'],
      ['afUserId', 'af-user-1'],
    ]),
    pageUrl: PAGE_URL,
    userAgent: USER_AGENT,
    paywall: 'discount',
    deepLink: 'pictura://create',
    ...overrides,
  };
}

export const FULL_QUERY =
  '?utm_source=fb&utm_campaign=spring&utm_medium=paid&utm_term=adset-a&utm_content=ad-b' +
  '&campaign_id=11&adset_id=22&ad_id=33&fbclid=abc';
