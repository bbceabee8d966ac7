// The browser runtime on the served build with every third party faked: Meta pixel, the CTA's delayed
// navigation, the install link, AppsFlyer, blocked hosts, the "Done when" visit.
import { describe, expect } from 'vitest';
import { browserTest } from './browser.ts';
import { FAKE_AF_USER_ID, FAKE_FBP, FAKE_SMART_SCRIPT_VERSION, fbcFor } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import {
  baseUrl,
  ctaHref,
  GET,
  paramOf,
  paramsOf,
  pressBack,
  settings,
  sleep,
  tapAndFollow,
  visit,
  waitForHref,
} from './runtime-helpers.ts';

const { tracking } = settings;
const PIXEL_ID = tracking.metaPixelId;
const ONE_LINK_BASE = tracking.appsflyer.oneLink.base;
const DEFAULT_LINK = tracking.appsflyer.oneLink.default;
/** Console errors and warnings, less Chromium's own line for each request a fake blocked on purpose. */
const problems = (messages: string[]) =>
  messages.filter((message) => /^(error|warn)/.test(message) && !message.includes('net::ERR_BLOCKED_BY_CLIENT'));

describe('Meta pixel', () => {
  browserTest(
    'inits with the pixel id from variants.yaml and fires PageView exactly once per page load, Back presses included',
    async ({ context }) => {
      const { page, fakes } = await visit(context, '/feature1?utm_source=fb');
      await waitUntil(() => fakes.records.pixel.length >= 2, 'init and PageView');
      const calls = [...fakes.records.pixel].sort((a, b) => a.seq - b.seq);
      expect(calls.map(({ method, event, pixelId }) => [method, event, pixelId])).toEqual([
        ['init', '', PIXEL_ID],
        ['track', 'PageView', PIXEL_ID],
      ]);
      // The back trap pushes a history entry on every Back press; the real pixel (and so the fake)
      // tracks a PageView per pushState unless the page sets fbq.disablePushState.
      await pressBack(page);
      await pressBack(page);
      expect(page.url()).toBe(`${baseUrl}/feature1?utm_source=fb`);
      await page.reload({ waitUntil: 'load' });
      await waitUntil(() => fakes.tracked('PageView').length > 1, "the second page load's PageView");
      await sleep(300);
      expect(fakes.tracked('PageView')).toHaveLength(2);
      expect(fakes.records.pixel.filter((call) => call.method === 'init')).toHaveLength(2);
    },
  );
});

describe('the call to action', () => {
  // A visitor from a Meta ad (fbclid) whose pixel sets no cookies: the link shown stays the default
  // one until _fbc and _fbp exist, and the tap leaves on one built without them (fbc from fbclid).
  browserTest('tracks AddToCart on GET and navigates the same tab to the install link about 1000 ms later', async ({ context }) => {
    const { page, fakes } = await visit(context, '/feature1?utm_source=fb&fbclid=abc');
    await waitUntil(() => fakes.tracked('PageView').length > 0, 'the PageView');
    expect(await ctaHref(page)).toBe(DEFAULT_LINK);
    const tap = await tapAndFollow(page, GET);
    expect(fakes.tracked('AddToCart')).toHaveLength(1);
    expect(fakes.tracked('AddToCart')[0]!.pixelId).toBe(PIXEL_ID);
    expect(tap.delayMs).toBeGreaterThanOrEqual(900);
    expect(tap.delayMs).toBeLessThan(3000);
    expect(new URL(tap.url).searchParams.get('fbclid')).toBe('abc');
    expect(fakes.records.oneLink.map((visit) => visit.url)).toEqual([tap.url]);
    expect(tap.popups).toBe(0);
    expect(await context.pages()).toHaveLength(1);
  });

  browserTest.for(['icon', 'screenshot'])('does the same for the %s', async (kind, { context }) => {
    const { page, fakes } = await visit(context, '/feature1?utm_source=fb&fbclid=abc');
    const tap = await tapAndFollow(page, `a[data-cta="${kind}"]`);
    expect(fakes.tracked('AddToCart')).toHaveLength(1);
    expect(tap.delayMs).toBeGreaterThanOrEqual(900);
    expect(tap.delayMs).toBeLessThan(3000);
    expect(new URL(tap.url).searchParams.get('fbclid')).toBe('abc');
    expect(tap.popups).toBe(0);
  });

  browserTest(
    'takes a visitor not from a Meta ad to an attributed link once the pixel has run, without waiting for _fbc',
    async ({ context }) => {
      const { page, fakes } = await visit(context, '/feature1?utm_source=tiktok&utm_campaign=spring', {
        fakes: { pixelSetsCookies: true, hosts: { smartScript: 'block' } },
        random: 0.1,
      });
      await waitForHref(page, /[?&]af_sub2=/);
      const tap = await tapAndFollow(page, GET);
      expect(fakes.tracked('AddToCart')).toHaveLength(1);
      expect(tap.url.startsWith(`${ONE_LINK_BASE}?`)).toBe(true);
      const params = new Map(paramsOf(tap.url));
      expect(params.get(paramOf('query.utm_source'))).toBe('tiktok');
      expect(params.get(paramOf('query.utm_campaign'))).toBe('spring');
      expect(params.get(paramOf('cookie._fbp'))).toBe(FAKE_FBP);
      expect(params.has(paramOf('cookie._fbc'))).toBe(false);
      expect(params.get(paramOf('paywall'))).toBe('fullPrice');
      expect(fakes.records.oneLink.map((visit) => visit.url)).toEqual([tap.url]);
    },
  );
});

describe('the install link', () => {
  browserTest(
    "is the Smart Script's clickURL when the Smart Script is there, generated from the mapped parameters",
    async ({ context }) => {
      const { page, fakes } = await visit(
        context,
        '/feature1?utm_source=fb&utm_campaign=spring&utm_medium=paid&campaign_id=42&fbclid=abc',
        {
          fakes: { pixelSetsCookies: true },
          random: 0.9,
        },
      );
      const href = await waitForHref(page, /af_js_web=true/);
      await fakes.reported(page);
      const call = fakes.records.smartScriptCalls.at(-1)!;
      expect(href).toBe(call.clickURL);
      expect(new URL(href).origin).toBe(new URL(ONE_LINK_BASE).origin);
      const forced = (value: string) => ({ keys: [], defaultValue: encodeURIComponent(value) });
      expect(call.options).toMatchObject({
        oneLinkURL: ONE_LINK_BASE,
        afParameters: {
          mediaSource: forced('fb'),
          campaign: forced('spring'),
          channel: forced('paid'),
          afSub1: forced(fbcFor('abc')),
          afSub2: forced(FAKE_FBP),
          afSub4: forced(`${baseUrl}/feature1?utm_source=fb&utm_campaign=spring&utm_medium=paid&campaign_id=42&fbclid=abc`),
          afSub5: forced(await page.evaluate(() => navigator.userAgent)),
          deepLinkValue: forced(tracking.deepLink),
          afCustom: expect.arrayContaining([
            { paramKey: 'af_c_id', ...forced('42') },
            { paramKey: 'paywall_type', ...forced('discount') },
          ]),
        },
      });
      // The Smart Script copies fbclid from the page URL itself; passing it too would repeat it.
      const custom = (call.options as { afParameters: { afCustom: Array<{ paramKey: string }> } }).afParameters.afCustom;
      expect(custom.map((param) => param.paramKey)).not.toContain('fbclid');
      expect(paramsOf(href).filter(([name]) => name === 'fbclid')).toEqual([['fbclid', 'abc']]);
      // The Web SDK was loaded with the YAML's web app id.
      expect(fakes.records.webSdkIds).toEqual([{ pba: { webAppId: tracking.appsflyer.webAppId } }]);
    },
  );

  browserTest('falls back to our own builder when the Smart Script is garbage, its error handled', async ({ context }) => {
    const { page, fakes, errors } = await visit(context, '/feature1?utm_source=fb&fbclid=abc', {
      fakes: { pixelSetsCookies: true, hosts: { smartScript: 'garbage' } },
    });
    const href = await waitForHref(page, /af_sub1=/);
    await waitUntil(() => fakes.requestsTo('smartScript').length > 0, 'the Smart Script request');
    await sleep(1200); // one more Smart Script poll
    expect(await ctaHref(page)).toBe(href);
    expect(href).not.toContain('af_js_web');
    // What the garbage script throws as it runs is the runtime's to handle (page/ad-networks/inject-script.ts), never uncaught.
    expect(errors).toEqual([]);
  });
});

describe('with every third-party host blocked', () => {
  browserTest(
    'renders, warns once for the payment SDK and once for the pixel, raises no error, and the CTA reaches a link attributed without the pixel',
    async ({ context }) => {
      const {
        page,
        fakes,
        console: messages,
        errors,
      } = await visit(context, '/feature1?utm_source=fb&fbclid=abc', {
        fakes: { all: 'block' },
      });
      expect(await page.$eval(GET, (anchor) => (anchor as HTMLElement).innerText.trim())).not.toBe('');
      expect(await page.$(GET).then((anchor) => anchor!.boundingBox())).not.toBeNull();
      await waitUntil(() => messages.filter((message) => message.startsWith('warn:')).length === 2, 'the payment SDK and pixel warnings');
      for (const host of ['metaPixel', 'webSdk', 'smartScript', 'braintree'] as const) {
        expect(fakes.requestsTo(host).length, host).toBeGreaterThan(0);
      }
      const tap = await tapAndFollow(page, GET);
      // The pixel failed: the link carries the query, and fbc formed from fbclid as Meta documents it.
      expect(tap.url).not.toBe(DEFAULT_LINK);
      const params = new URL(tap.url).searchParams;
      expect(params.get('fbclid')).toBe('abc');
      expect(
        [...params.values()].some((value) => /^fb\.1\.\d{13}\.abc$/.test(value)),
        tap.url,
      ).toBe(true);
      const warnings = messages.filter((message) => message.startsWith('warn:')).sort();
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain('Ad network scripts did not load (blocked, failed or not JavaScript): Meta pixel.');
      expect(warnings[1]).toContain('braintree-web 3.100.0');
      expect(errors).toEqual([]);
    },
  );
});

describe('Done when: /feature1?utm+source=fb&fbclid=abc&campaign_id=1 ends on an install link carrying every attribution value', () => {
  const route = '/feature1?utm+source=fb&fbclid=abc&campaign_id=1';

  /** Every mapped value of this visit, in the mapping's order, as our own builder writes them. */
  async function expectedParams(userAgent: string): Promise<Array<[string, string]>> {
    const values: Record<string, string> = {
      'query.utm_source': 'fb',
      'query.campaign_id': '1',
      'query.fbclid': 'abc',
      'cookie._fbc': fbcFor('abc'),
      'cookie._fbp': FAKE_FBP,
      'cookie.afUserId': FAKE_AF_USER_ID,
      'page.url': baseUrl + route,
      'page.userAgent': userAgent,
      paywall: 'discount',
      'app.deepLink': tracking.deepLink,
    };
    return Object.entries(tracking.attribution).flatMap(([name, source]) => (values[source] ? [[name, values[source]]] : [])) as Array<
      [string, string]
    >;
  }

  browserTest('with the Smart Script blocked, through our own builder', async ({ context }) => {
    const {
      page,
      fakes,
      console: messages,
      errors,
    } = await visit(context, route, {
      fakes: { pixelSetsCookies: true, webSdkSetsUserId: true, hosts: { smartScript: 'block' } },
      random: 0.9,
    });
    await waitForHref(page, /af_sub1=/);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const tap = await tapAndFollow(page, GET);
    const url = new URL(tap.url);
    expect(url.origin + url.pathname).toBe(ONE_LINK_BASE);
    expect(paramsOf(tap.url)).toEqual(await expectedParams(userAgent));
    expect(fakes.records.oneLink.map((visit) => visit.url)).toEqual([tap.url]);
    expect(fakes.tracked('AddToCart')).toHaveLength(1);
    expect(problems(messages)).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserTest('with the Smart Script present, through its generateOneLinkURL', async ({ context }) => {
    const {
      page,
      fakes,
      console: messages,
      errors,
    } = await visit(context, route, {
      fakes: { pixelSetsCookies: true, webSdkSetsUserId: true },
      random: 0.9,
    });
    await waitForHref(page, /af_js_web=true/);
    await fakes.reported(page);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const tap = await tapAndFollow(page, GET);
    const url = new URL(tap.url);
    expect(url.origin + url.pathname).toBe(ONE_LINK_BASE);
    expect(Object.fromEntries(paramsOf(tap.url))).toEqual({
      ...Object.fromEntries(await expectedParams(userAgent)),
      af_js_web: 'true',
      af_ss_ver: FAKE_SMART_SCRIPT_VERSION,
    });
    expect(paramsOf(tap.url)).toHaveLength((await expectedParams(userAgent)).length + 2);
    expect(tap.url).toBe(fakes.records.smartScriptCalls.at(-1)!.clickURL);
    expect(problems(messages)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
