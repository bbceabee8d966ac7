// Every host each network's vendor documents, requested from a page with every network on (a GT- Google tag with Google
// signals), in Chromium: the served policy lets each through with no violation, and still refuses a host nobody listed.
import type { Page } from 'puppeteer';
import { describe, expect } from 'vitest';
import { browserTest } from './browser.ts';
import { openFakedPage } from './fakes.ts';
import { fixtureSite } from './fixture-site.ts';
import { ADS, GA4, GA4_SIGNALS, GOOGLE_TAG, META, SNAP, TIKTOK, type Guide } from '../vendor-csp-guides.ts';

// tests/fixtures/site/csp-guides.yaml.
const site = fixtureSite('csp-guides');

/** A source as a URL a vendor's code may request: a `*.` label becomes one of the hosts it covers. */
const urlOf = (source: string) => `${source.replace('https://*.', 'https://region1.')}/csp-check`;

/** Requests each URL in the page the way its directive governs (image, fetch, frame); resolves with the violations seen. */
function requestAll(page: Page, requests: Array<[string, string]>): Promise<string[]> {
  return page.evaluate(async (list) => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    for (const [directive, url] of list) {
      if (directive === 'img-src') new Image().src = url;
      else if (directive === 'connect-src') void fetch(url, { mode: 'no-cors' }).catch(() => {});
      else {
        const frame = document.createElement('iframe');
        frame.src = url;
        document.body.append(frame);
      }
    }
    // Violations are reported in a task after each request is refused; the header and the meta
    // policy each report one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return [...new Set(violations)];
  }, requests);
}

/** Every (directive, url) pair of the guides, less script-src: under 'strict-dynamic' browsers ignore its hosts. */
function requestsOf(...guides: Guide[]): Array<[string, string]> {
  return guides.flatMap((guide) =>
    Object.entries(guide)
      .filter(([directive]) => directive !== 'script-src')
      .flatMap(([directive, hosts]) => hosts.map((host): [string, string] => [directive, urlOf(host)])),
  );
}

describe("every vendor's documented hosts", () => {
  browserTest('are requested from a page with every network on without a single CSP violation', async ({ context }) => {
    const { page } = await openFakedPage(context);
    await page.goto(`${site.url}/feature1`, { waitUntil: 'load' });
    const requests = requestsOf(GOOGLE_TAG, GA4, GA4_SIGNALS, ADS, TIKTOK, META, SNAP);
    expect(requests.length).toBeGreaterThan(40);
    expect(await requestAll(page, requests)).toEqual([]);
  });

  browserTest('while a host no guide lists is refused (the check above can fail)', async ({ context }) => {
    const { page } = await openFakedPage(context);
    await page.goto(`${site.url}/feature1`, { waitUntil: 'load' });
    const violations = await requestAll(page, [
      ['connect-src', 'https://tracker.example.com/csp-check'],
      ['img-src', 'https://www.google.fr/csp-check'],
    ]);
    expect(violations.sort()).toEqual(['connect-src https://tracker.example.com/csp-check', 'img-src https://www.google.fr/csp-check']);
  });
});
