// Every third party blocked, slow (10 s) or answering garbage, alone and all together: the page still renders
// and the CTA still reaches a valid install link.
import { describe, expect } from 'vitest';
import { browserTest, waitForHydration } from './browser.ts';
import { openFakedPage, type FakeHost, type HostMode } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import { baseUrl, GET, settings, tapAndFollow } from './runtime-helpers.ts';

const VENDORS: FakeHost[] = ['metaPixel', 'webSdk', 'smartScript', 'braintree'];
const FAILURES: Array<[string, HostMode]> = [
  ['blocked', 'block'],
  ['slow (10 s)', { delayMs: 10_000 }],
  ['garbage', 'garbage'],
];
const CASES = [
  ...VENDORS.flatMap((vendor) => FAILURES.map(([label, mode]) => [`${vendor} ${label}`, { [vendor]: mode }] as const)),
  ...FAILURES.map(([label, mode]) => [`all four ${label}`, Object.fromEntries(VENDORS.map((vendor) => [vendor, mode]))] as const),
];
const { base, default: defaultLink } = settings.tracking.appsflyer.oneLink;

describe('third-party failure matrix', () => {
  browserTest('covers 4 vendors x 3 failures, alone and together', () => {
    expect(CASES).toHaveLength(15);
  });

  browserTest.for(CASES)('%s: the page renders and the CTA reaches a valid install link', async ([, hosts], { context }) => {
    const { page, console: messages, errors, fakes } = await openFakedPage(context, { hosts, pixelSetsCookies: true });
    // Not waiting for `load`: a slow pixel holds the load event back for its 10 s.
    await page.goto(`${baseUrl}/feature1?utm_source=fb&fbclid=abc&campaign_id=1`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    expect(await page.$eval('h1', (h1) => h1.textContent)).toContain('Pictura');
    // A blocked or garbage payment SDK is one warning, once the load event has let it start, and so is a
    // blocked or garbage pixel once it has failed; wait for them before leaving.
    const paymentFails = hosts.braintree === 'block' || hosts.braintree === 'garbage';
    const pixelFails = hosts.metaPixel === 'block' || hosts.metaPixel === 'garbage';
    const warnings = () => messages.filter((message) => message.startsWith('warn'));
    if (paymentFails) await waitUntil(() => warnings().some((message) => message.includes('braintree-web')), 'the payment SDK warning');
    if (pixelFails) await waitUntil(() => warnings().some((message) => message.includes('Ad network')), 'the ad network warning');

    const { url } = await tapAndFollow(page, GET);
    // The default link, or one built on the OneLink base: never anywhere else.
    expect(url === defaultLink || url.startsWith(base + '?') || url.startsWith(base + '/')).toBe(true);
    expect(fakes.records.oneLink.at(-1)?.url).toBe(url);

    expect(warnings()).toHaveLength((paymentFails ? 1 : 0) + (pixelFails ? 1 : 0));
    for (const warning of warnings())
      expect(warning).toMatch(
        /braintree-web 3\.100\.0|Ad network scripts did not load \(blocked, failed or not JavaScript\): Meta pixel\./,
      );
    expect(
      messages.filter((message) => message.startsWith('error') && !/net::ERR_(BLOCKED_BY_CLIENT|FAILED)|status of (404|500)/.test(message)),
    ).toEqual([]);
    // What a garbage third-party script throws as it runs (a SyntaxError, the Smart Script's Error) is handled by the runtime.
    expect(errors).toEqual([]);
  });
});
