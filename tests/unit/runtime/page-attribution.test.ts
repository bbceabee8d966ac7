// The runtime wired on a fake page, its install link: rebuilt as the cookies, the Smart Script and every network's script arrive, for visitors of each ad network.
import { describe, expect, it, vi } from 'vitest';
import { SMART_SCRIPT_SRC } from '../../../page/runtime/appsflyer.ts';
import { META_PIXEL_SRC } from '../../../page/ad-networks/meta-pixel.ts';
import { META_COOKIE_WAIT_MS } from '../../../page/runtime/link-tracker.ts';
import { BASE, DEFAULT_LINK, fakeGenerateOneLinkURL, fakePage, IPHONE, paramsOf, runtimeConfig, setUpFakeRuntime } from './fake-page.ts';

setUpFakeRuntime();

describe('startRuntime on a fake page', () => {
  const expectedParams = (page: ReturnType<typeof fakePage>, paywall: string) => ({
    pid: 'fb',
    af_c_id: '1',
    fbclid: 'abc',
    af_sub1: 'fb.1.1.abc',
    af_sub2: 'fb.1.1.123',
    af_sub4: page.win.location.href,
    af_sub5: IPHONE,
    paywall_type: paywall,
    deep_link_value: 'pictura://create',
  });

  it('keeps the default link until _fbc and _fbp exist, then rebuilds it within one poll', async () => {
    const page = fakePage();
    // The pixel on its way, every other third-party host blocked.
    page.doc.scriptOutcome = (src) => (src === META_PIXEL_SRC ? 'pending' : 'error');
    page.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.hrefs()).toEqual([DEFAULT_LINK, DEFAULT_LINK, DEFAULT_LINK]);

    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    await vi.advanceTimersByTimeAsync(500);
    const [link] = page.hrefs();
    expect(link).not.toBe(DEFAULT_LINK);
    expect(new Set(page.hrefs()).size).toBe(1);
    expect(link!.startsWith(`${BASE}?`)).toBe(true);
    expect(paramsOf(link!)).toEqual(expectedParams(page, 'discount'));
    expect(page.win.fetch).toHaveBeenCalledWith('/config.json');
  });

  it('uses the Smart Script once it appears, with the mapped parameters', async () => {
    const page = fakePage();
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.doc.scriptSrcs()).toContain(SMART_SCRIPT_SRC);
    const fireImpressionsLink = vi.fn();
    const build = fakeGenerateOneLinkURL(page.win.location.search, ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid']);
    const generateOneLinkURL = vi.fn((options: Parameters<typeof build>[0]) => {
      page.win.AF_SMART_SCRIPT!.fireImpressionsLink = fireImpressionsLink;
      return build(options);
    });
    page.win.AF_SMART_SCRIPT = { generateOneLinkURL: generateOneLinkURL as never };
    await vi.advanceTimersByTimeAsync(1000);

    expect(generateOneLinkURL).toHaveBeenCalled();
    const [options] = generateOneLinkURL.mock.calls.at(-1) as unknown as [{ oneLinkURL: string; afParameters: Record<string, unknown> }];
    expect(options.oneLinkURL).toBe(BASE);
    expect(options.afParameters).toMatchObject({
      mediaSource: { keys: [], defaultValue: 'fb' },
      afSub1: { keys: [], defaultValue: 'fb.1.1.abc' },
      afSub4: { keys: [], defaultValue: encodeURIComponent(page.win.location.href) },
      deepLinkValue: { keys: [], defaultValue: 'pictura%3A%2F%2Fcreate' },
      afCustom: [
        { paramKey: 'af_c_id', keys: [], defaultValue: '1' },
        { paramKey: 'paywall_type', keys: [], defaultValue: 'discount' },
      ],
    });
    // The Smart Script's own link, untouched: it lacks none of our parameters.
    const generated = build.mock.results.at(-1)!.value.clickURL as string;
    expect(page.hrefs()[0]).toBe(generated);
    expect(paramsOf(generated)).toMatchObject({ af_js_web: 'true', ...expectedParams(page, 'discount') });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fireImpressionsLink).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a Smart Script that forwards ttclid itself (2.10.4)', ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid']],
    ['a Smart Script that does not (2.9.2)', ['gclid', 'fbclid', 'gbraid', 'wbraid']],
  ])('puts custom parameters and a TikTok click id in the link with %s, each once', async (_name, forwarded) => {
    const search = '?utm_source=tiktok&ttclid=T1&my+key=1&x=hello%20world';
    const page = fakePage({ search });
    page.doc.scriptOutcome = () => 'load';
    const config = runtimeConfig();
    config.tracking.attribution = { ...config.tracking.attribution, my_key: 'query.my_key', x: 'query.x', af_sub3: 'query.ttclid' };
    page.start(config);
    page.win.AF_SMART_SCRIPT = { generateOneLinkURL: fakeGenerateOneLinkURL(search, forwarded) as never };
    await vi.advanceTimersByTimeAsync(1000);
    const link = new URL(page.hrefs()[0]!);
    expect(link.searchParams.get('af_js_web')).toBe('true');
    for (const [name, value] of [
      ['pid', 'tiktok'],
      ['my_key', '1'],
      ['x', 'hello world'],
      ['af_sub3', 'T1'],
      ['ttclid', 'T1'],
    ]) {
      expect(link.searchParams.getAll(name!)).toEqual([value]);
    }
  });

  it.each([
    ['TikTok', '?utm_source=tiktok&ttclid=T1', { pid: 'tiktok', ttclid: 'T1' }],
    ['Google', '?utm_source=google&gclid=G1&gbraid=B1&keyword=boat', { pid: 'google', gclid: 'G1', gbraid: 'B1', af_keywords: 'boat' }],
    ['Snapchat', '?utm_source=snapchat&ScCid=S1', { pid: 'snapchat', sccid: 'S1' }],
    ['Microsoft', '?utm_source=bing&msclkid=M1', { pid: 'bing', clickid: 'M1' }],
    ['X', '?utm_source=x&twclid=X1', { pid: 'x', twclid: 'X1' }],
  ])(
    'attributes a %s visitor (no fbclid, so no _fbc) once the blocked pixel has failed, Smart Script blocked too',
    async (_name, search, expected) => {
      const page = fakePage({ search });
      page.doc.scriptOutcome = () => 'error';
      page.start();
      await vi.advanceTimersByTimeAsync(1000);
      expect(page.hrefs()[0]).not.toBe(DEFAULT_LINK);
      expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ ...expected, paywall_type: 'discount' });
      expect(paramsOf(page.hrefs()[0]!)).not.toHaveProperty('af_sub1');
    },
  );

  it('attributes a visitor without fbclid with _fbp once the pixel has run', async () => {
    const page = fakePage({ search: '?utm_source=tiktok&ttclid=T1' });
    page.doc.scriptOutcome = () => 'pending'; // the pixel is slow
    page.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    page.doc.cookie = '_fbp=fb.1.1.123';
    await vi.advanceTimersByTimeAsync(500);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'tiktok', ttclid: 'T1', af_sub2: 'fb.1.1.123' });
  });

  it('sends a visitor without fbclid to an attributed link when they tap before the pixel has answered', async () => {
    const page = fakePage({ search: '?utm_source=tiktok&ttclid=T1' });
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    page.doc.click(page.anchors[0]!);
    // The pixel never answers: the page leaves at the bound.
    await vi.advanceTimersByTimeAsync(2500);
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({ pid: 'tiktok', ttclid: 'T1' });
  });

  it('attributes a Meta visitor whose pixel is blocked at once, with fbc formed from fbclid as Meta documents it', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'error';
    const startedAt = Date.now();
    page.start();
    await vi.advanceTimersByTimeAsync(600);
    const link = page.hrefs()[0]!;
    expect(link).not.toBe(DEFAULT_LINK);
    const params = paramsOf(link);
    expect(params).toMatchObject({ pid: 'fb', fbclid: 'abc', af_c_id: '1', paywall_type: 'discount', af_sub1: `fb.1.${startedAt}.abc` });
    expect(params).not.toHaveProperty('af_sub2');
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.win.location.assign).toHaveBeenCalledWith(link);
  });

  it('gives up waiting for the cookies of a pixel that loads but sets none once the bound has passed', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = (src) => (src === META_PIXEL_SRC ? 'pending' : 'error');
    page.start();
    await vi.advanceTimersByTimeAsync(META_COOKIE_WAIT_MS - 500);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    await vi.advanceTimersByTimeAsync(1000);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb', fbclid: 'abc', af_sub1: expect.stringMatching(/^fb\.1\.\d+\.abc$/) });
  });

  it('sends a Meta visitor who taps before the pixel has set its cookies to an attributed link, not the default', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = (src) => (src === META_PIXEL_SRC ? 'pending' : 'error');
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    page.doc.click(page.anchors[0]!);
    // The pixel never answers: the page leaves at the bound.
    await vi.advanceTimersByTimeAsync(2500);
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({ pid: 'fb', fbclid: 'abc', af_sub1: expect.stringMatching(/^fb\.1\.\d+\.abc$/) });
  });

  it('attributes a visitor from a Meta ad on a page without the Meta pixel (nothing there sets _fbc and _fbp) once the other networks have run', async () => {
    const page = fakePage();
    const { metaPixelId: _, ...tracking } = runtimeConfig().tracking;
    page.doc.scriptOutcome = () => 'error';
    page.start(runtimeConfig({ tracking: { ...tracking, tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9' } }));
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.win.fbq).toBeUndefined();
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb', fbclid: 'abc', af_c_id: '1', paywall_type: 'discount' });
  });

  it("waits for every network's script before building the link, so the cookies they set (TikTok's _ttp) reach it", async () => {
    const page = fakePage({ search: '?utm_source=tiktok&ttclid=T1' });
    const tracking = runtimeConfig().tracking;
    page.doc.scriptOutcome = (src) => (src.startsWith('https://analytics.tiktok.com/') ? 'pending' : 'error');
    page.start(
      runtimeConfig({
        tracking: { ...tracking, tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9', attribution: { ...tracking.attribution, af_sub1: 'cookie._ttp' } },
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    const script = page.doc.scripts.find((element) => element.src.startsWith('https://analytics.tiktok.com/'))!;
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    // events.js arrives and sets its cookie, as the real one does.
    page.doc.cookie = '_ttp=ttp-visitor';
    script.fire('load');
    await vi.advanceTimersByTimeAsync(500);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'tiktok', ttclid: 'T1', af_sub1: 'ttp-visitor' });
  });
});
