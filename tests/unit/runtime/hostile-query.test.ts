// Property tests: any query string, however hostile or long, is read without throwing or polluting prototypes, and any form-encoded value reads back exactly.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAttribution } from '../../../page/runtime/attribution.ts';
import { buildInstallLink, resolveAttribution } from '../../../page/runtime/install-link.ts';
import { BASES, bigQuery, expectNoPollution, hostileText, MAPPING, query, wellFormed } from './hostile-inputs.ts';

/** Runs of each property; the total is reported after the tests. */
const RUNS = 2000;
const BIG_RUNS = 40;
let generated = 0;
afterAll(() => {
  console.info(`hostile query properties: ${generated} generated inputs`);
});
describe(`parseAttribution on hostile queries (${RUNS} + ${BIG_RUNS} of ~100 KB)`, () => {
  it(`never throws, keeps normalised keys with non-empty values only, and pollutes nothing (${RUNS} queries)`, () => {
    fc.assert(
      fc.property(query, (search) => {
        generated++;
        const attribution = parseAttribution(search);
        expect(attribution).toBeInstanceOf(Map);
        for (const [name, value] of attribution) {
          // The underscore rule: a key never holds a space or a plus, and is never empty.
          expect(name).not.toMatch(/[ +]/);
          expect(name).not.toBe('');
          expect(typeof value).toBe('string');
          expect(value).not.toBe('');
        }
        expect(attribution.get('utm_source')).toBeTruthy();
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
  });

  it(`reads back any value that was form-encoded, exactly (${RUNS} queries)`, () => {
    const value = fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map(wellFormed);
    fc.assert(
      fc.property(fc.constantFrom('utm_campaign', 'fbclid', 'deep_link_value', 'ad_id'), value, hostileText, (name, text, noise) => {
        generated++;
        const encoded = new URLSearchParams([[name, text]]).toString();
        const attribution = parseAttribution(`?${encoded}&${noise}`);
        expect(attribution.get(name)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it(`handles a ~100 KB query in bounded time (${BIG_RUNS} queries)`, () => {
    fc.assert(
      fc.property(bigQuery, (search) => {
        generated++;
        expect(search.length).toBeGreaterThanOrEqual(99_000);
        // CPU time, not wall time: a busy machine that pauses this process must not fail it.
        const started = process.cpuUsage();
        const attribution = parseAttribution(search);
        const link = buildInstallLink(
          BASES[0]!,
          resolveAttribution(MAPPING, {
            query: attribution,
            cookies: new Map(),
            pageUrl: `https://landing.example/${search}`,
            userAgent: '',
            paywall: 'trial',
            deepLink: 'pictura://create',
          }),
        );
        const { user, system } = process.cpuUsage(started);
        expect((user + system) / 1000).toBeLessThan(250);
        expect(new URL(link).host).toBe('pictura.onelink.me');
        expectNoPollution();
      }),
      { numRuns: BIG_RUNS },
    );
  });
});
