// Classic XSS payloads in every attribution parameter, odd keys, the path, the hash and the tracking cookies:
// no dialog, no injected element, every CTA on the OneLink host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { parse } from 'yaml';
import { browserTest, openPage, waitForHydration, waitForPaymentSdk, type TestPage } from './browser.ts';
import { openFakedPage } from './fakes.ts';
import { defaultConfig } from '../helpers.ts';
import { MODULE_LOADER } from '../../generator/pipeline/render/document.ts';

const baseUrl = inject('baseUrl');
/** The text of the plain routes' inline language script, as the build wrote it. */
const LANGUAGE_SCRIPT = /<script>(.*?)<\/script>/s.exec(readFileSync(path.join(inject('outDir'), 'index.html'), 'utf8'))![1]!;
const settings = parse(readFileSync(defaultConfig, 'utf8')) as {
  tracking: { deepLink: string; appsflyer: { oneLink: { base: string; default: string } }; attribution: Record<string, string> };
};
const ONELINK_ORIGIN = 'https://pictura.onelink.me';
const DEFAULT_LINK = settings.tracking.appsflyer.oneLink.default;

/** Each payload marks what it would create with an id starting "xss" and sets `window.__xss`. */
const PAYLOADS = [
  `"><img src=x id=xss-img onerror="window.__xss=1;alert(1)">`,
  `<script id="xss-script">window.__xss=1;alert(2)</script>`,
  `javascript:window.__xss=1;alert(3)//`,
  `'-alert(4)-'"-alert(4)-"`,
  `</script><svg id="xss-svg" onload="window.__xss=1;alert(5)">`,
  `%3Cimg%20src%3Dx%20id%3Dxss-encoded%20onerror%3Dalert(6)%3E`,
  `<iframe id="xss-frame" srcdoc="<script>parent.__xss=1;parent.alert(7)</script>"></iframe>`,
  `{{constructor.constructor('window.__xss=1;alert(8)')()}}`,
  `<a id="xss-link" href="javascript:alert(9)">x</a>&pid=evil&deep_link_value=javascript:alert(9)`,
];
const PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'fbclid',
  'deep_link_value',
  'campaign_id',
  'adset_id',
  'ad_id',
];
const ODD_KEYS = [
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '__proto__',
  'utm+source',
  'utm_<script>',
  'af_dp',
  'af_r',
  'redirect_url',
];

/** Every parameter, and the odd keys, carrying `payload`: percent-encoded, or as typed (the browser encodes what it must). */
function hostileQuery(payload: string, raw: boolean): string {
  const value = raw ? payload.replace(/[&#]/g, encodeURIComponent) : encodeURIComponent(payload);
  return (
    '?' + [...PARAMETERS, ...ODD_KEYS].map((key) => `${encodeURIComponent(key)}=${value}`).join('&') + `&${encodeURIComponent(payload)}=1`
  );
}

const VISITS: Array<{ name: string; route: string; page: boolean }> = [
  ...PAYLOADS.map((payload, i) => ({
    name: `payload ${i + 1}, encoded, on /feature1`,
    route: `/feature1${hostileQuery(payload, false)}`,
    page: true,
  })),
  ...PAYLOADS.map((payload, i) => ({ name: `payload ${i + 1}, as typed, on /`, route: `/${hostileQuery(payload, true)}`, page: true })),
  { name: 'a payload in the hash', route: `/child-old?utm_source=fb#<img src=x id=xss-hash onerror=alert(10)>`, page: true },
  { name: 'the German page', route: `/de/feature2${hostileQuery(PAYLOADS[0]!, false)}`, page: true },
  {
    name: 'a payload in the path',
    route: `/feature1/%3Cscript%3Ealert(11)%3C%2Fscript%3E${hostileQuery(PAYLOADS[1]!, false)}`,
    page: false,
  },
  { name: 'a payload as the path', route: `/%22%3E%3Csvg%20id%3Dxss-path%20onload%3Dalert(12)%3E`, page: false },
  { name: 'a javascript: path', route: `/javascript:alert(13)`, page: false },
];

/** Hostile tracking cookies too: they become install-link parameters once both exist. */
const COOKIES = {
  _fbc: encodeURIComponent(`fb.1.1700000000000."><img src=x id=xss-cookie onerror=alert(14)>`),
  _fbp: encodeURIComponent(`fb.1.1700000000000.</script><script>alert(15)</script>`),
  afUserId: encodeURIComponent(`javascript:alert(16)`),
};

/** Loads `route` in a fresh context with the hostile cookies; records dialogs. */
async function open(context: BrowserContext, route: string, opened: TestPage) {
  const dialogs: string[] = [];
  opened.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await context.setCookie(
    ...Object.entries(COOKIES).map(([name, value]) => ({ name, value, domain: new URL(baseUrl).hostname, path: '/' })),
  );
  const response = await opened.page.goto(baseUrl + route, { waitUntil: 'load' });
  return { dialogs, status: response!.status() };
}

/** Waits until the GET button carries the rebuilt (attributed) link, not the default one. */
async function waitForRebuiltLink(page: Page): Promise<string> {
  await page.waitForFunction(
    (fallback) => {
      const href = document.querySelector('a[data-cta="get"]')?.getAttribute('href');
      return Boolean(href && href !== fallback && href.includes('paywall_type='));
    },
    { timeout: 10_000, polling: 50 },
    DEFAULT_LINK,
  );
  return (await page.$eval('a[data-cta="get"]', (anchor) => anchor.getAttribute('href')))!;
}

/** What the DOM holds that a payload could have made. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
      polluted: ({} as Record<string, unknown>).polluted ?? null,
      markedElements: [...document.querySelectorAll('[id^="xss" i]')].map((element) => element.outerHTML),
      handlers: all.flatMap((element) =>
        [...element.attributes].filter((attr) => /^on/i.test(attr.name)).map((attr) => `${element.tagName} ${attr.name}`),
      ),
      frames: document.querySelectorAll('iframe, frame, object, embed').length,
      javascriptUrls: all.flatMap((element) =>
        [...element.attributes]
          .filter((attr) => /^\s*(javascript|data|vbscript):/i.test(attr.value) && attr.name !== 'content')
          .map((attr) => `${element.tagName} ${attr.name}=${attr.value}`),
      ),
      scripts: [...document.scripts].map((script) => ({
        src: script.src,
        type: script.type,
        id: script.id,
        text: script.src ? '' : script.text,
      })),
      ctaHrefs: [...document.querySelectorAll('a[data-cta]')].map((anchor) => anchor.getAttribute('href') ?? ''),
      ctaCount: document.querySelectorAll('a[data-cta]').length,
    };
  });
}

/** Asserts no payload ran or left anything behind, and every CTA stays on the OneLink host. */
function expectClean(found: Awaited<ReturnType<typeof inspect>>, dialogs: string[], errors: string[]) {
  expect(dialogs).toEqual([]);
  expect(found.xss).toBeNull();
  expect(found.polluted).toBeNull();
  expect(found.markedElements).toEqual([]);
  expect(found.handlers).toEqual([]);
  expect(found.frames).toBe(0);
  expect(found.javascriptUrls).toEqual([]);
  // Scripts: our bundles, the known third-party SDK hosts, the two JSON blocks; no inline code from a payload.
  for (const script of found.scripts) {
    if (script.src) {
      expect(new URL(script.src).origin).toMatch(
        /^(http:\/\/127\.0\.0\.1:\d+|https:\/\/(connect\.facebook\.net|websdk\.appsflyer\.com|onelinksmartscript\.appsflyer\.com|js\.braintreegateway\.com))$/,
      );
    } else if (script.type === 'module') {
      // The one inline module script: the loader that starts the page's module scripts (generator/pipeline/render/document.ts).
      expect(script.text).toBe(MODULE_LOADER);
    } else if (script.type === '') {
      // The one classic inline script: the plain routes' language script, exactly as built.
      expect(script.text).toBe(LANGUAGE_SCRIPT);
    } else {
      expect(script.type).toBe('application/json');
      expect(['page-texts', 'island-props', 'runtime-config']).toContain(script.id);
    }
  }
  for (const href of found.ctaHrefs) {
    expect(href.startsWith(`${ONELINK_ORIGIN}/`)).toBe(true);
    const url = new URL(href);
    expect([url.protocol, url.host, url.username, url.password, url.hash]).toEqual(['https:', 'pictura.onelink.me', '', '', '']);
  }
  expect(errors).toEqual([]);
}

/** The link's parameters hold exactly the mapped names, and the payload only as values. */
function expectAttributedLink(link: string, utmSource: string) {
  const url = new URL(link);
  const names = [...url.searchParams.keys()];
  const mapped = Object.keys(settings.tracking.attribution);
  // Our builder, or the Smart Script (which adds its own markers and forwards fbclid itself).
  for (const name of names) expect([...mapped, 'af_js_web', 'af_ss_ver']).toContain(name);
  expect(new Set(names).size).toBe(names.length);
  expect(url.searchParams.get('pid')).toBe(utmSource);
  // The query's deep_link_value never reaches the link: the app's own deep link does.
  expect(url.searchParams.get('deep_link_value')).toBe(settings.tracking.deepLink);
  expect(url.searchParams.get('af_sub1')).toBe(decodeURIComponent(COOKIES._fbc));
  expect(url.searchParams.get('af_sub2')).toBe(decodeURIComponent(COOKIES._fbp));
  expect(url.origin + url.pathname).toBe(settings.tracking.appsflyer.oneLink.base);
}

describe(`XSS payloads in the query, path, hash and cookies (${VISITS.length} visits, own link builder)`, () => {
  browserTest.for(VISITS)(
    '$name: no dialog, no injected element, every CTA on pictura.onelink.me',
    async ({ route, page: isPage }, { context }) => {
      const opened = await openPage(context);
      const { dialogs, status } = await open(context, route, opened);
      if (isPage) {
        expect(status).toBe(200);
        await waitForHydration(opened.page);
        const link = await waitForRebuiltLink(opened.page);
        const utmSource = new URL(baseUrl + route).searchParams.get('utm_source')!;
        expectAttributedLink(link, utmSource);
      } else {
        expect(status).toBe(404);
      }
      // Let the deferred SDK loaders run too, the payment SDK last (the 404 page has no scripts).
      if (isPage) await waitForPaymentSdk(opened.page);
      const found = await inspect(opened.page);
      if (isPage) expect(found.ctaCount).toBeGreaterThanOrEqual(3);
      expectClean(found, dialogs, opened.errors);
    },
  );

  browserTest('a tap on GET with hostile parameters goes to the OneLink host, with the payload only encoded', async ({ context }) => {
    const opened = await openPage(context);
    const route = `/feature3${hostileQuery(PAYLOADS[0]!, false)}`;
    const { dialogs } = await open(context, route, opened);
    await waitForHydration(opened.page);
    const link = await waitForRebuiltLink(opened.page);
    const navigation = opened.page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(ONELINK_ORIGIN), {
      timeout: 10_000,
    });
    await opened.page.tap('a[data-cta="get"]');
    const request = await navigation;
    expect(request.url()).toBe(link);
    expect(new URL(request.url()).host).toBe('pictura.onelink.me');
    expect(dialogs).toEqual([]);
  });
});

describe('XSS payloads with the link built by the Smart Script (fake)', () => {
  browserTest.for(PAYLOADS.map((payload, i) => [i + 1, payload] as const))(
    'payload %i: the Smart Script link stays on pictura.onelink.me with the values encoded',
    async ([, payload], { context }) => {
      const opened = await openFakedPage(context);
      const route = `/feature2${hostileQuery(payload, false)}`;
      const { dialogs } = await open(context, route, opened);
      await waitForHydration(opened.page);
      // The fake Smart Script appends its af_ss_ver marker: wait for its link, not our own builder's.
      await opened.page.waitForFunction(() => document.querySelector('a[data-cta="get"]')?.getAttribute('href')?.includes('af_ss_ver='), {
        timeout: 15_000,
        polling: 50,
      });
      const link = (await opened.page.$eval('a[data-cta="get"]', (anchor) => anchor.getAttribute('href')))!;
      expectAttributedLink(link, payload);
      // The Smart Script forwards fbclid from the page URL by itself, encoded.
      expect(new URL(link).searchParams.getAll('fbclid')).toEqual([payload]);
      expectClean(await inspect(opened.page), dialogs, opened.errors);
    },
  );
});
