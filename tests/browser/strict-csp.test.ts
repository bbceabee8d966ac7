// The strict policy in Chromium: vendors that load scripts from scripts work under 'strict-dynamic', and a
// parser-inserted script on an allowed host does not.
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isLocalRequest, launchBrowser, openPage, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');

/**
 * Fakes that load the way the real vendors do: each first script adds further scripts with
 * createElement and reports to its own endpoint (image, fetch, sendBeacon, frame). Each script
 * that runs sets a flag on `window.__vendor`.
 */
const VENDOR_SCRIPTS: Record<string, string> = {
  'https://connect.facebook.net/en_US/fbevents.js': `
    V().pixel = true;
    var fbq = window.fbq; fbq.callMethod = function () {}; fbq.queue.splice(0);
    var config = document.createElement('script'); config.async = true;
    config.src = 'https://connect.facebook.net/signals/config/123?v=2.9.179&r=stable'; document.head.appendChild(config);
    new Image().src = 'https://www.facebook.com/tr/?id=123&ev=PageView';
    navigator.sendBeacon('https://www.facebook.com/tr/', 'ev=PageView');`,
  'https://connect.facebook.net/signals/config/123?v=2.9.179&r=stable': `V().pixelConfig = true;`,
  'https://websdk.appsflyer.com/?st=pba&': `
    V().webSdk = true;
    var plugin = document.createElement('script'); plugin.src = 'https://websdk.appsflyer.com/pba/pba.js'; document.head.appendChild(plugin);`,
  'https://websdk.appsflyer.com/pba/pba.js': `
    fetch('https://wa.appsflyer.com/events?site-id=x', { method: 'POST', body: '{}' }).then(function (r) { V().webSdkEvents = r.status; });`,
  'https://onelinksmartscript.appsflyer.com/onelink-smart-script-latest.js': `
    V().smartScript = true;
    window.AF_SMART_SCRIPT = { generateOneLinkURL: function (o) { return { clickURL: o.oneLinkURL + '?pid=fake' }; } };`,
};

/** braintree-web's CDN builds: each adds its component; the data collector also loads PayPal's fraudnet and Kount's frame. */
function braintreeScript(url: string): string | undefined {
  const component = /\/js\/([a-z-]+)\.min\.js$/.exec(url)?.[1];
  if (!component) return undefined;
  const name = component.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const extra =
    component === 'data-collector'
      ? `var fraudnet = document.createElement('script'); fraudnet.src = 'https://c.paypal.com/da/r/fb.js'; document.body.appendChild(fraudnet);
         new Image().src = 'https://b.stats.paypal.com/counter.cgi?p=x';
         var kount = document.createElement('iframe'); kount.src = 'https://assets.braintreegateway.com/data/logo.htm'; document.body.appendChild(kount);`
      : '';
  return `(window.braintree = window.braintree || {}).${name} = {}; V()['braintree-${component}'] = true; ${extra}`;
}

function vendorRoute(extra?: (request: HTTPRequest) => Promise<boolean>) {
  return async (request: HTTPRequest): Promise<boolean> => {
    if (extra && (await extra(request))) return true;
    if (isLocalRequest(request)) return false;
    const url = request.url();
    const body =
      VENDOR_SCRIPTS[url] ?? braintreeScript(url) ?? (url === 'https://c.paypal.com/da/r/fb.js' ? 'V().fraudnet = true;' : undefined);
    const headers = { 'Access-Control-Allow-Origin': '*' };
    // Each script finds or makes the flags object: vendors load in any order.
    const flags = 'function V() { return (window.__vendor = window.__vendor || {}); }\n';
    if (body !== undefined) await request.respond({ status: 200, contentType: 'text/javascript', headers, body: flags + body });
    else await request.respond({ status: 200, contentType: url.includes('logo.htm') ? 'text/html' : 'image/gif', headers, body: '' });
    return true;
  };
}

async function recordViolations(page: Page) {
  await page.evaluateOnNewDocument(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

const state = (page: Page) =>
  page.evaluate(() => {
    const win = window as unknown as { violations: string[]; __vendor?: Record<string, unknown>; __injected?: boolean };
    return { violations: win.violations, vendor: win.__vendor ?? {}, injected: win.__injected === true };
  });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the strict policy ('strict-dynamic' and hashes)", () => {
  it('runs every vendor script a trusted script loads, with their beacons, and hydrates: zero violations', async () => {
    const { page } = await openPage(browser, { route: vendorRoute() });
    await recordViolations(page);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await waitForHydration(page);
    for (const flag of ['fraudnet', 'webSdkEvents', 'smartScript', 'pixelConfig']) {
      await page.waitForFunction(
        (name) => Boolean((window as unknown as { __vendor?: Record<string, unknown> }).__vendor?.[name]),
        { timeout: 20_000 },
        flag,
      );
    }
    const { violations, vendor } = await state(page);
    expect(violations).toEqual([]);
    expect(vendor).toMatchObject({
      pixel: true,
      pixelConfig: true,
      webSdk: true,
      webSdkEvents: 200,
      smartScript: true,
      'braintree-client': true,
      'braintree-data-collector': true,
      fraudnet: true,
    });
    await page.close();
  });

  it("blocks a parser-inserted script on an allowed vendor host (the host list's JSONP hole), and the page still runs", async () => {
    // The page as an injection would leave it: a script tag on connect.facebook.net, which the old host list allowed.
    const inject = async (request: HTTPRequest) => {
      if (!isLocalRequest(request) || new URL(request.url()).pathname !== '/feature1') return false;
      const html = await (await fetch(request.url())).text();
      const body = html.replace('</head>', '<script src="https://connect.facebook.net/jsonp?callback=x"></script></head>');
      await request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body });
      return true;
    };
    const route = vendorRoute(async (request) => {
      if (request.url() === 'https://connect.facebook.net/jsonp?callback=x') {
        await request.respond({ status: 200, contentType: 'text/javascript', body: 'window.__injected = true;' });
        return true;
      }
      return inject(request);
    });
    const { page } = await openPage(browser, { route });
    await recordViolations(page);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await waitForHydration(page);
    const { violations, injected, vendor } = await state(page);
    expect(injected).toBe(false);
    expect(violations).toContain('script-src-elem https://connect.facebook.net/jsonp?callback=x');
    expect(vendor.pixel).toBe(true);
    await page.close();
  });

  it("is sent with frame-ancestors and X-Frame-Options by serve; the meta tag carries the rest; neither upgrades requests over serve's plain http", async () => {
    const response = await fetch(`${baseUrl}/feature1`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const header = response.headers.get('content-security-policy')!;
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).toContain("'strict-dynamic'");
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(await response.text())![1]!.replace(/&#39;/g, "'");
    expect(meta).not.toContain('frame-ancestors');
    // serve speaks plain http, where WebKit would upgrade the page's own requests too (tests/webkit/plain-http.test.ts).
    expect(header).not.toContain('upgrade-insecure-requests');
    expect(meta).not.toContain('upgrade-insecure-requests');
  });
});
