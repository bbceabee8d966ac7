// The strict Content-Security-Policy in a real browser: served as a header and a meta tag, and zero violations on every page.
import type { HTTPRequest, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { defaultPages } from '../helpers.ts';
import { browserTest, isLocalRequest, openPage, waitForHydration, waitForPaymentSdk } from './browser.ts';

const baseUrl = inject('baseUrl');

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
  browserTest('is sent as a header with frame-ancestors, and as the page meta tag', async ({ context }) => {
    const response = await fetch(`${baseUrl}/feature1`);
    const header = response.headers.get('content-security-policy')!;
    expect(header).toContain("script-src 'self' 'strict-dynamic' 'sha256-");
    expect(header).toContain("default-src 'none'");
    expect(header).toContain("object-src 'none'");
    expect(header).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
  });

  browserTest.for(defaultPages)('%s runs with zero violations while the third parties answer', async (path, { context }) => {
    const { page, thirdParty } = await openPage(context);
    await recordViolations(page);
    await page.goto(baseUrl + path, { waitUntil: 'load' });
    await waitForHydration(page);
    // The payment SDK loads last, when the page is idle after load.
    await waitForPaymentSdk(page);
    expect(thirdParty.length).toBeGreaterThan(0);
    expect(await violationsOf(page)).toEqual([]);
  });

  browserTest('reports a violation when an inline script is injected into the markup (the check above can fail)', async ({ context }) => {
    // Injected where an attacker's text would land: in the HTML the parser reads. A script that
    // page code creates is trusted under 'strict-dynamic' (code already running is trusted), so
    // the injection is made in the document itself.
    const route = async (request: HTTPRequest) => {
      if (!isLocalRequest(request) || new URL(request.url()).pathname !== '/') return false;
      const html = await (await fetch(request.url())).text();
      await request.respond({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: html.replace('<div id="root">', '<script>window.injected = true</script><div id="root">'),
      });
      return true;
    };
    const { page } = await openPage(context, { route });
    await recordViolations(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const ran = await page.evaluate(() => (window as unknown as { injected?: boolean }).injected === true);
    expect(ran).toBe(false);
    expect((await violationsOf(page)).join()).toContain('script-src');
  });
});
