// The strict Content-Security-Policy in a real browser: served as a header and a meta tag, and zero violations on every page.
import type { Browser, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const routes = ['/', '/child-old', '/feature1', '/feature2', '/feature3'];
const pages = ['', '/de', '/es', '/fr'].flatMap((prefix) => routes.map((route) => (prefix + route).replace(/(.)\/$/, '$1')));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every CSP violation of the page, from the first byte on. */
async function recordViolations(page: Page) {
  await page.evaluateOnNewDocument(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

describe('Content-Security-Policy', () => {
  it('is sent as a header with frame-ancestors, and as the page meta tag', async () => {
    const response = await fetch(`${baseUrl}/feature1`);
    const header = response.headers.get('content-security-policy')!;
    expect(header).toContain("script-src 'self'");
    expect(header).toContain("object-src 'none'");
    expect(header).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
  });

  it.each(pages)('%s runs with zero violations while the third parties answer', async (path) => {
    const { page, thirdParty } = await openPage(browser);
    await recordViolations(page);
    await page.goto(baseUrl + path, { waitUntil: 'load' });
    await waitForHydration(page);
    // The payment SDK loads last, when the page is idle after load.
    await page.waitForFunction(() => document.querySelectorAll('script[src*="braintreegateway"]').length > 0, { timeout: 15_000 });
    expect(thirdParty.length).toBeGreaterThan(0);
    expect(await violationsOf(page)).toEqual([]);
    await page.close();
  });

  it('reports a violation when an inline script is injected (the check above can fail)', async () => {
    const { page } = await openPage(browser);
    await recordViolations(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect((await violationsOf(page)).join()).toContain('script-src');
    await page.close();
  });
});
