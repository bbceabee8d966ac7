// The runtime wired on a fake page with consent required: nothing tracks before an answer, the prompt, consent given, refused, kept and withdrawn.
import { describe, expect, it, vi } from 'vitest';
import { SMART_SCRIPT_SRC, WEB_SDK_SRC } from '../../../page/runtime/appsflyer.ts';
import { CONSENT_STORAGE_KEY } from '../../../page/runtime/consent.ts';
import { ENGLISH_CONSENT_TEXTS } from '../../../page/contract/consent-texts.ts';
import { META_PIXEL_SRC } from '../../../page/ad-networks/meta-pixel.ts';
import { DEFAULT_LINK, fakePage, paramsOf, runtimeConfig, setUpFakeRuntime } from './fake-page.ts';

setUpFakeRuntime();

describe('consent mode required on a fake page', () => {
  const THIRD_PARTY = [META_PIXEL_SRC, WEB_SDK_SRC, SMART_SCRIPT_SRC, 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js'];
  const requiredConfig = () => {
    const config = runtimeConfig();
    config.tracking.consent = 'required';
    return config;
  };

  /** A page whose cookie reads are counted, every script loading. */
  function consentPage(options: Parameters<typeof fakePage>[0] = {}) {
    const page = fakePage(options);
    page.doc.scriptOutcome = () => 'load';
    let cookieReads = 0;
    let cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    Object.defineProperty(page.doc, 'cookie', {
      get: () => {
        cookieReads++;
        return cookie;
      },
      set: (value: string) => (cookie = value),
    });
    return { ...page, cookieReads: () => cookieReads };
  }

  it('before an answer: no third party, no cookie read, the default link, and the prompt', async () => {
    const page = consentPage();
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.doc.scriptSrcs()).toEqual([]);
    expect(page.win.fbq).toBeUndefined();
    expect(page.cookieReads()).toBe(0);
    expect(page.hrefs()).toEqual([DEFAULT_LINK, DEFAULT_LINK, DEFAULT_LINK]);
    expect(page.win.storeLanding?.consentState?.()).toBe('pending');
    expect(page.doc.prompt()?.text()).toContain(ENGLISH_CONSENT_TEXTS.title);
    // The install link works throughout: a tap goes to the default link, and tracks nothing.
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.win.location.assign).toHaveBeenCalledWith(DEFAULT_LINK);
    expect(page.win.fbq).toBeUndefined();
    expect((page.win as { dataLayer?: unknown }).dataLayer).toBeUndefined();
    expect(page.cookieReads()).toBe(0);
  });

  it("shows the prompt in the page's language, with English for a missing key", async () => {
    const page = consentPage();
    page.doc.setPageTexts({ consent: { title: 'Tracking erlauben?', allow: 'Erlauben', decline: 'Nicht erlauben' } });
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(10);
    const texts = page.doc
      .prompt()!
      .descendants()
      .map((element) => element.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Tracking erlauben?', ENGLISH_CONSENT_TEXTS.body, 'Nicht erlauben', 'Erlauben']));
  });

  it.each([
    [
      "the prompt's Allow button",
      (page: ReturnType<typeof consentPage>) =>
        page.doc
          .prompt()!
          .descendants()
          .find((e) => e.attributes.get('data-consent') === 'allow')!
          .fire('click'),
    ],
    [
      'the hook window.storeLanding.consent(true)',
      (page: ReturnType<typeof consentPage>) => (page.win.storeLanding!.consent as (granted: boolean) => void)(true),
    ],
  ])('after consent through %s: the pixel (consent granted first), AppsFlyer, payments and the attributed link', async (_name, consent) => {
    const page = consentPage();
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(100);
    consent(page);
    expect(page.doc.prompt()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.doc.scriptSrcs()).toEqual(expect.arrayContaining(THIRD_PARTY));
    expect(page.win.fbq!.queue.slice(0, 3).map((call) => call.slice(0, 2))).toEqual([
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ]);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb', af_sub1: 'fb.1.1.abc', af_sub2: 'fb.1.1.123' });
    expect(page.storage.get(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(page.win.storeLanding?.consentState?.()).toBe('granted');
  });

  it('after a refusal: nothing loads, no cookie is read, the answer is kept', async () => {
    const page = consentPage();
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(100);
    page.doc
      .prompt()!
      .descendants()
      .find((e) => e.attributes.get('data-consent') === 'decline')!
      .fire('click');
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.doc.scriptSrcs()).toEqual([]);
    expect(page.cookieReads()).toBe(0);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    expect(page.storage.get(CONSENT_STORAGE_KEY)).toBe('denied');
  });

  it.each([
    ['a stored consent', (page: ReturnType<typeof consentPage>) => page.storage.set(CONSENT_STORAGE_KEY, 'granted')],
    [
      'an answer the site set before the runtime ran',
      (page: ReturnType<typeof consentPage>) => (page.win.storeLanding = { consent: true }),
    ],
  ])('with %s: no prompt, tracking at once', async (_name, prepare) => {
    const page = consentPage();
    prepare(page);
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.doc.scriptSrcs()).toContain(META_PIXEL_SRC);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb' });
  });

  it('with a stored refusal: no prompt, nothing loads', async () => {
    const page = consentPage();
    page.storage.set(CONSENT_STORAGE_KEY, 'denied');
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.doc.scriptSrcs()).toEqual([]);
  });

  it("a withdrawn consent revokes the pixel's consent and puts the default link back", async () => {
    const page = consentPage();
    page.storage.set(CONSENT_STORAGE_KEY, 'granted');
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.hrefs()[0]).not.toBe(DEFAULT_LINK);
    (page.win.storeLanding!.consent as (granted: boolean) => void)(false);
    expect(page.win.fbq!.queue.at(-1)).toEqual(['consent', 'revoke']);
    expect(page.hrefs()).toEqual([DEFAULT_LINK, DEFAULT_LINK, DEFAULT_LINK]);
    const reads = page.cookieReads();
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.win.location.assign).toHaveBeenCalledWith(DEFAULT_LINK);
    expect(page.cookieReads()).toBe(reads);
    expect(page.storage.get(CONSENT_STORAGE_KEY)).toBe('denied');
  });

  it('mode none (the default) behaves as the spec: no prompt, no hook, the pixel without consent calls', async () => {
    const page = consentPage();
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.win.storeLanding).toBeUndefined();
    expect(page.win.fbq!.queue[0]).toEqual(['init', '123456789012345']);
  });
});
