// The runtime wired on a fake page: startRuntime end to end, third parties faked (no DOM library needed): the CTAs, blocked hosts, config.json, what runs at once and what later, the language prefetch.
import { describe, expect, it, vi } from 'vitest';
import { SMART_SCRIPT_SRC, WEB_SDK_SRC } from '../../../page/runtime/appsflyer.ts';
import { readRuntimeConfig } from '../../../page/runtime/index.ts';
import { META_PIXEL_SRC } from '../../../page/ad-networks/meta-pixel.ts';
import { FakeDocument } from './fake-document.ts';
import { addAlternates, fakePage, jsonResponse, paramsOf, runtimeConfig, SPLIT_CONFIG, setUpFakeRuntime } from './fake-page.ts';

const runtime = setUpFakeRuntime();

describe('readRuntimeConfig', () => {
  it.each([
    ['valid JSON', JSON.stringify(runtimeConfig()), true],
    ['broken JSON', '{"route":', false],
    ['a JSON string', '"x"', false],
    ['empty text', '', false],
  ])('reads %s', (_name, text, found) => {
    const doc = new FakeDocument();
    doc.setConfig(text);
    expect(readRuntimeConfig(doc as never) !== null).toBe(found);
  });

  it('gives null without the element', () => {
    expect(readRuntimeConfig(new FakeDocument() as never)).toBeNull();
  });
});

describe('startRuntime on a fake page', () => {
  it('tracks AddToCart on a CTA click and navigates to the current link 1000 ms later', async () => {
    const page = fakePage();
    // Every network settled (failed) before the tap: nothing to wait for beyond the 1000 ms.
    page.doc.scriptOutcome = () => 'error';
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123; afUserId=af-1';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    const event = page.doc.click(page.anchors[2]!);
    expect(event.defaultPrevented).toBe(true);
    const queue = page.win.fbq!.queue;
    expect(queue.map((call) => call.slice(0, 2))).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'AddToCart'],
    ]);
    // Each event with an id of its own, the same one on window.dataLayer for a Conversions API sender.
    const [pageViewId, addToCartId] = queue.slice(1).map((call) => (call[3] as { eventID: string }).eventID);
    expect(pageViewId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(addToCartId).not.toBe(pageViewId);
    expect((page.win as { dataLayer?: unknown[] }).dataLayer).toEqual([
      expect.objectContaining({ event: 'store-landing.PageView', eventName: 'PageView', eventID: pageViewId }),
      expect.objectContaining({ event: 'store-landing.AddToCart', eventName: 'AddToCart', eventID: addToCartId }),
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(page.win.location.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.win.location.assign).toHaveBeenCalledTimes(1);
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({ af_sub3: 'af-1', pid: 'fb' });
  });

  it('with every third-party host and config.json blocked: no error, one warning for the pixel and one for the payment SDK, a link attributed without the pixel', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'error';
    page.win.fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => page.start()).not.toThrow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runtime.warn.mock.calls.map((call: unknown[]) => String(call[0]).split(':')[0])).toEqual([
      'Ad network scripts did not load (blocked, failed or not JavaScript)',
      expect.stringContaining('Payment SDK'),
    ]);
    expect(String(runtime.warn.mock.calls[0]![0])).toContain(': Meta pixel.');
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    // The pixel failed: the link is built from the query, its fbc from fbclid; no config.json, so fullPrice.
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({
      pid: 'fb',
      fbclid: 'abc',
      paywall_type: 'fullPrice',
      af_sub1: expect.stringMatching(/^fb\.1\.\d+\.abc$/),
    });
  });

  it.each([
    ['a 500', jsonResponse(SPLIT_CONFIG, 500)],
    ['HTML', jsonResponse('<!doctype html>', 200, 'text/html')],
    ['broken JSON', jsonResponse('{"feature1":', 200)],
  ])('config.json answered with %s gives fullPrice', async (_name, res) => {
    const page = fakePage();
    page.win.fetch = vi.fn(async () => res);
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(paramsOf(page.hrefs()[0]!).paywall_type).toBe('fullPrice');
  });

  it('fetches config.json from the campaign root', async () => {
    const page = fakePage({ pathname: '/summer/de/feature1/' });
    page.start(runtimeConfig({ locale: 'de' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledWith('/summer/config.json');
  });

  it("wires the pixel's queue, the CTAs and the back trap at once, and appends the pixel's script and reads cookies in later tasks (no long task)", async () => {
    const page = fakePage();
    let cookieReads = 0;
    Object.defineProperty(page.doc, 'cookie', {
      get: () => {
        cookieReads++;
        return '';
      },
    });
    page.start();
    expect(page.doc.hasListener('click')).toBe(true);
    expect(page.win.history.pushState).toHaveBeenCalledTimes(1);
    // The pixel's queue is there for the AddToCart of a tap the page's loader held.
    expect(page.win.fbq?.queue).toContainEqual(['init', expect.any(String)]);
    expect(page.doc.scripts).toHaveLength(0);
    expect(cookieReads).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(page.doc.scriptSrcs()).toContain(META_PIXEL_SRC);
    expect(cookieReads).toBeGreaterThan(0);
  });

  it('traps the back button on the same path and query', async () => {
    const page = fakePage();
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.history.pushState).toHaveBeenCalledWith(expect.anything(), '', '/feature1?utm+source=fb&fbclid=abc&campaign_id=1');
    const popstate = (page.win.addEventListener as ReturnType<typeof vi.fn>).mock.calls.find(([type]) => type === 'popstate');
    (popstate![1] as () => void)();
    expect(page.win.history.pushState).toHaveBeenCalledTimes(2);
  });

  it('loads the Web SDK, the Smart Script, the pixel and the payment SDK', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'load';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.doc.scriptSrcs()).toEqual(
      expect.arrayContaining([META_PIXEL_SRC, WEB_SDK_SRC, SMART_SCRIPT_SRC, ...runtimeConfig().payments!.scripts.map((s) => s.src)]),
    );
    expect(page.doc.scripts.every((script) => script.async)).toBe(true);
  });

  it('fetches the page of its route in the visitor language, as its alternates name it, after load (without React)', async () => {
    const page = fakePage({ languages: ['de-DE', 'en'] });
    addAlternates(page.doc);
    page.win.fetch = vi.fn(async (url: string) =>
      url.endsWith('config.json') ? jsonResponse(SPLIT_CONFIG) : jsonResponse('<!doctype html>', 200, 'text/html'),
    );
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledWith('https://landing.example/de/feature1');
    expect(page.importedModules).toEqual([]);
  });

  it('fetches nothing when its alternates name no page in the visitor language', async () => {
    const page = fakePage({ languages: ['de-DE', 'en'] });
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledTimes(1);
    expect(page.win.fetch).toHaveBeenCalledWith('/config.json');
  });

  it('keeps English for an English visitor', async () => {
    const page = fakePage({ languages: ['en-GB', 'de'] });
    addAlternates(page.doc);
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledTimes(1);
    expect(page.doc.events).toEqual([]);
  });
});
