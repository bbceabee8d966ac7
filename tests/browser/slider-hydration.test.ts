// The sliders before and at hydration in Chromium: plain scroll-snapping rows until then, taken over without a jump
// wherever a finger left them.
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { browserTest, openPage, waitForHydration } from './browser.ts';
import { MARGIN, settledOffset, SLIDERS, type SliderName, swipe, trackOf, viewportOf } from './slider-input.ts';

const baseUrl = inject('baseUrl');

// Each test's page lives in its own context, closed after the test.

describe('before and at hydration', () => {
  /** Holds the client entry's request until `release()`, so the page stays server-rendered HTML meanwhile. */
  function holdClient() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const route = async (request: HTTPRequest) => {
      if (/\/assets\/client-[^/]*\.js$/.test(new URL(request.url()).pathname)) await released;
      return false;
    };
    return { route, release };
  }

  /** Opens `route` with the client entry held; resolves once the rows are parsed. */
  async function openUnhydrated(context: BrowserContext, route = '/') {
    const hold = holdClient();
    const opened = await openPage(context, { route: hold.route });
    const page = opened.page;
    const loaded = page.goto(baseUrl + route, { waitUntil: 'load' });
    await page.waitForSelector('[data-slider="reviews"] .slider__item:last-child');
    return {
      page,
      async hydrate() {
        hold.release();
        await loaded;
        await waitForHydration(page);
      },
    };
  }

  /** Records the first item's left edge in every frame until `stop` is read. */
  function sampleFirstItem(page: Page, name: SliderName) {
    return page.evaluate(
      (selector) => {
        const item = document.querySelector(selector)!;
        const samples: number[] = [];
        const recorder = window as unknown as { sliderSamples: number[]; sliderSampling: boolean };
        recorder.sliderSamples = samples;
        recorder.sliderSampling = true;
        const tick = () => {
          samples.push(item.getBoundingClientRect().left);
          if (recorder.sliderSampling) requestAnimationFrame(tick);
        };
        tick();
      },
      `${viewportOf(name)} .slider__item`,
    );
  }

  async function stopSampling(page: Page): Promise<number[]> {
    return page.evaluate(() => {
      const recorder = window as unknown as { sliderSamples: number[]; sliderSampling: boolean };
      recorder.sliderSampling = false;
      return recorder.sliderSamples;
    });
  }

  /** The largest move of the first item from one frame to the next. */
  const largestJump = (samples: number[]) => Math.max(0, ...samples.slice(1).map((left, i) => Math.abs(left - samples[i]!)));

  browserTest('both rows are plain scroll-snapping lists that a finger scrolls natively', async ({ context }) => {
    const { page, hydrate } = await openUnhydrated(context);
    for (const { name } of SLIDERS) {
      const row = await page.$eval(viewportOf(name), (element) => ({
        active: element.hasAttribute('data-slider-active'),
        overflowX: getComputedStyle(element).overflowX,
        snap: getComputedStyle(element).scrollSnapType,
        scrollable: element.scrollWidth > element.clientWidth,
      }));
      expect(row).toEqual({ active: false, overflowX: 'auto', snap: 'x mandatory', scrollable: true });
    }
    await swipe(page, 'screenshots', -120);
    await page.waitForFunction(() => document.querySelector('[data-slider="screenshots"]')!.scrollLeft > 0, { timeout: 5_000 });
    expect(await page.$('html[data-hydrated]')).toBeNull();
    await hydrate();
  });

  browserTest('hydration leaves an unscrolled row exactly where it was', async ({ context }) => {
    const { page, hydrate } = await openUnhydrated(context);
    const lefts = () => page.$$eval('.slider .slider__item:first-child', (items) => items.map((item) => item.getBoundingClientRect().left));
    const before = await lefts();
    expect(before).toEqual([MARGIN, MARGIN]);
    await sampleFirstItem(page, 'screenshots');
    await hydrate();
    await page.waitForFunction(() => document.querySelectorAll('[data-slider-active]').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const samples = await stopSampling(page);
    expect(largestJump(samples)).toBe(0);
    expect(await lefts()).toEqual(before);
  });

  browserTest('takes over a natively scrolled row at that step without a jump', async ({ context }) => {
    const { page, hydrate } = await openUnhydrated(context);
    await page.$eval(viewportOf('screenshots'), (element) => (element.scrollLeft = 342));
    await page.waitForFunction(() => document.querySelector('[data-slider="screenshots"]')!.scrollLeft === 342);
    await sampleFirstItem(page, 'screenshots');
    await hydrate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const samples = await stopSampling(page);
    expect(samples[0]).toBe(MARGIN - 342);
    expect(largestJump(samples)).toBe(0);
    expect(await settledOffset(page, 'screenshots')).toBe(342);
    // It took over at that step: the next one is one step on.
    await page.focus(viewportOf('screenshots'));
    await page.keyboard.press('ArrowRight');
    expect(await settledOffset(page, 'screenshots')).toBe(513);
  });

  browserTest('takes over a row left between two steps by gliding from there to the nearer one', async ({ context }) => {
    const { page, hydrate } = await openUnhydrated(context);
    // Momentum can leave a row between snap points; without snapping, a script can too.
    await page.$eval(trackOf('screenshots'), (track) => {
      const viewport = track.parentElement!;
      viewport.style.scrollSnapType = 'none';
      viewport.scrollLeft = 250;
      // The transition the take-over starts, read in the microtask after the transform is written: no frame
      // has run yet, so it cannot have finished (transitionrun comes a frame later, when a slow machine may
      // already have finished and dropped it).
      const observer = new MutationObserver(() => {
        const [transition] = track.getAnimations();
        if (!transition) return;
        observer.disconnect();
        const keyframes = (transition.effect as KeyframeEffect).getKeyframes();
        Object.assign(window, { glide: keyframes.map((keyframe) => 0 - new DOMMatrix(String(keyframe.transform)).m41) });
      });
      observer.observe(track, { attributes: true, attributeFilter: ['style'] });
    });
    await hydrate();
    expect(await settledOffset(page, 'screenshots')).toBe(171);
    // It starts where the native scroll left the row, so the first frame looks the same, and ends on the step.
    expect(await page.evaluate(() => (window as unknown as { glide: number[] }).glide)).toEqual([250, 171]);
  });
});
