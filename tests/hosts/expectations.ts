// The requests every host test sends, with what `serve` semantics say each must get, and the headers every response must carry.
import { expect } from 'vitest';
import { IMMUTABLE } from '../../generator/hosts/headers.ts';
import { CAMPAIGN_EXPECTATIONS } from './campaign-expectations.ts';
import { ROOT_EXPECTATIONS } from './root-expectations.ts';

/** One request and what `serve` semantics say it must get. */
export interface Expectation {
  name: string;
  path: string;
  acceptLanguage?: string;
  status: number;
  /** The start of the body. */
  body: string;
  policy: string;
  kind: 'negotiated' | 'page' | 'asset' | 'not-found';
}

/** Every request of the host tests: the root campaign's, then the nested campaigns'. */
export const EXPECTATIONS: Expectation[] = [...ROOT_EXPECTATIONS, ...CAMPAIGN_EXPECTATIONS];

/** Options of checkResponseHeaders for hosts that cannot tell negotiated pages from the others. */
export interface HeaderLeeway {
  /** Netlify: every page varies on Accept-Language, not only the negotiated ones. */
  everyPageVaries?: boolean;
}

/** Checks the headers every response must carry, by kind. `header` reads one header by name (any case). */
export function checkResponseHeaders(
  header: (name: string) => string | null | undefined,
  expectation: Expectation,
  leeway: HeaderLeeway = {},
): void {
  const context = `${expectation.name} (${expectation.path})`;
  expect(header('content-security-policy'), context).toBe(expectation.policy);
  expect(header('x-content-type-options'), context).toBe('nosniff');
  expect(header('referrer-policy'), context).toBe('strict-origin-when-cross-origin');
  expect(header('x-frame-options'), context).toBe('DENY');
  expect(header('cache-control'), context).toBe(expectation.kind === 'asset' ? IMMUTABLE : 'no-cache');
  const varies = /(^|,)\s*accept-language\s*(,|$)/i.test(header('vary') ?? '');
  if (expectation.kind === 'negotiated') expect(varies, `${context}: Vary`).toBe(true);
  else if (expectation.kind === 'asset' || !leeway.everyPageVaries) expect(varies, `${context}: Vary`).toBe(false);
}
