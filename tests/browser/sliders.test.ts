// The screenshot and review sliders in Chromium with real touch, mouse and key input: one step past 50 px,
// 400 ms, no overshoot, taps install and drags do not.
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { browserTest, openPage, waitForHydration, type PageOptions } from './browser.ts';

const baseUrl = inject('baseUrl');

/** What the page CSS gives each row on a phone: item width, gap, and the page margin on both ends. */
const GAP = 8;
const MARGIN = 20;
const SLIDERS = [
  { name: 'screenshots', itemWidth: 163, step: 171 },
  { name: 'reviews', itemWidth: 319, step: 327 },
] as const;
type SliderName = (typeof SLIDERS)[number]['name'];

const viewportOf = (name: SliderName) => `[data-slider="${name}"]`;
const trackOf = (name: SliderName) => `[data-slider="${name}"] .slider__track`;

// Each test's page lives in its own context, closed after the test.

/** A hydrated iPhone page (390x844, touch) of `route`. */
async function openHydrated(context: BrowserContext, route = '/', options: PageOptions = {}): Promise<Page> {
  const opened = await openPage(context, options);
  await opened.page.goto(baseUrl + route, { waitUntil: 'load' });
  await waitForHydration(opened.page);
  return opened.page;
}

/** How far the track is moved left now, from its computed transform (0 when it has none). */
function offsetOf(page: Page, name: SliderName): Promise<number> {
  return page.$eval(trackOf(name), (track) => {
    const transform = getComputedStyle(track).transform;
    return transform === 'none' ? 0 : 0 - new DOMMatrix(transform).m41;
  });
}

/** Waits for the track's transition to end, then returns where it stopped. */
async function settledOffset(page: Page, name: SliderName): Promise<number> {
  await page.waitForFunction((selector) => document.querySelector(selector)!.getAnimations().length === 0, {}, trackOf(name));
  return offsetOf(page, name);
}

/** Scrolls the row to the middle of the screen and returns the vertical centre of it in viewport px. */
async function bringIntoView(page: Page, name: SliderName): Promise<number> {
  return page.$eval(viewportOf(name), (element) => {
    element.scrollIntoView({ block: 'center' });
    const rect = element.getBoundingClientRect();
    return rect.top + rect.height / 2;
  });
}

/** A one-finger horizontal swipe of `deltaX` px (negative = leftwards) across the row, through CDP touch events. */
async function swipe(page: Page, name: SliderName, deltaX: number): Promise<void> {
  const y = await bringIntoView(page, name);
  const startX = deltaX < 0 ? 300 : 90;
  await page.touchscreen.touchStart(startX, y);
  for (let i = 1; i <= 10; i++) await page.touchscreen.touchMove(startX + (deltaX * i) / 10, y);
  await page.touchscreen.touchEnd();
}

/** A mouse drag of `deltaX` px across the row, starting on its first item. */
async function mouseDrag(page: Page, name: SliderName, deltaX: number): Promise<void> {
  const y = await bringIntoView(page, name);
  const startX = deltaX < 0 ? 150 : 60;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + deltaX, y, { steps: 10 });
  await page.mouse.up();
}

/** The furthest offset: the last item's end plus the end margin, against the window width. */
async function expectedMax(page: Page, name: SliderName, itemWidth: number): Promise<number> {
  const { count, width } = await page.$eval(viewportOf(name), (element) => ({
    count: element.querySelectorAll('.slider__item').length,
    width: window.innerWidth,
  }));
  return MARGIN + count * itemWidth + (count - 1) * GAP + MARGIN - width;
}

describe.each(SLIDERS)('the $name slider', ({ name, itemWidth, step }) => {
  browserTest(
    'is taken over at hydration: active, 400 ms transform transition, pan-y touch action, and no style attribute in the HTML',
    async ({ context }) => {
      const page = await openHydrated(context);
      const html = await (await fetch(`${baseUrl}/`)).text();
      expect(html).not.toMatch(/<[^>]+\sstyle=/);
      expect(html).toContain(`data-slider="${name}"`);
      const track = await page.$eval(trackOf(name), (element) => {
        const style = getComputedStyle(element);
        return {
          active: element.parentElement!.hasAttribute('data-slider-active'),
          property: style.transitionProperty,
          duration: style.transitionDuration,
          touchAction: style.touchAction,
        };
      });
      expect(track.active).toBe(true);
      expect(track.property).toBe('transform');
      expect(track.duration).toBe('0.4s');
      expect(track.touchAction.split(' ')).toContain('pan-y');
      expect(await offsetOf(page, name)).toBe(0);
    },
  );

  browserTest('does not move for a 49 px swipe', async ({ context }) => {
    const page = await openHydrated(context);
    await swipe(page, name, -49);
    expect(await settledOffset(page, name)).toBe(0);
  });

  browserTest(`moves exactly one step (${step} px) for a 51 px swipe, either way`, async ({ context }) => {
    const page = await openHydrated(context);
    await swipe(page, name, -51);
    expect(await settledOffset(page, name)).toBe(step);
    await swipe(page, name, 51);
    expect(await settledOffset(page, name)).toBe(0);
  });

  browserTest(
    'moves one step per swipe however long the swipe, and stops at the last item without a blank past it',
    async ({ context }) => {
      const page = await openHydrated(context);
      await swipe(page, name, -200);
      expect(await settledOffset(page, name)).toBe(step);
      const max = await expectedMax(page, name, itemWidth);
      expect(max).toBeGreaterThan(step);
      for (let i = 0; i < 8; i++) await swipe(page, name, -120);
      expect(await settledOffset(page, name)).toBe(max);
      // The last item's right edge sits on the end margin.
      const lastRight = await page.$eval(`${viewportOf(name)} .slider__item:last-child`, (item) => item.getBoundingClientRect().right);
      expect(lastRight).toBe(390 - MARGIN);
      // Back from the end: the previous whole step.
      await swipe(page, name, 120);
      expect(await settledOffset(page, name)).toBe(Math.ceil(max / step - 1) * step);
    },
  );

  browserTest('does not go before the first item', async ({ context }) => {
    const page = await openHydrated(context);
    await swipe(page, name, 120);
    expect(await settledOffset(page, name)).toBe(0);
  });

  browserTest('moves one step per arrow key when the row has focus', async ({ context }) => {
    const page = await openHydrated(context);
    await page.focus(viewportOf(name));
    await page.keyboard.press('ArrowRight');
    expect(await settledOffset(page, name)).toBe(step);
    await page.keyboard.press('ArrowRight');
    expect(await settledOffset(page, name)).toBe(Math.min(2 * step, await expectedMax(page, name, itemWidth)));
    await page.keyboard.press('ArrowLeft');
    expect(await settledOffset(page, name)).toBe(step);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await settledOffset(page, name)).toBe(0);
  });

  browserTest('moves one step for a mouse drag past 50 px, and none for a shorter one', async ({ context }) => {
    const page = await openHydrated(context);
    await mouseDrag(page, name, -40);
    expect(await settledOffset(page, name)).toBe(0);
    await mouseDrag(page, name, -60);
    expect(await settledOffset(page, name)).toBe(step);
    await mouseDrag(page, name, 60);
    expect(await settledOffset(page, name)).toBe(0);
  });

  browserTest('leaves vertical swipes to the page', async ({ context }) => {
    const page = await openHydrated(context);
    const y = await bringIntoView(page, name);
    const before = await page.evaluate(() => window.scrollY);
    await page.touchscreen.touchStart(200, y);
    for (let i = 1; i <= 10; i++) await page.touchscreen.touchMove(200, y - 20 * i);
    await page.touchscreen.touchEnd();
    await page.waitForFunction((start) => window.scrollY > start + 100, { timeout: 5_000 }, before);
    expect(await settledOffset(page, name)).toBe(0);
  });
});

describe('screenshot links', () => {
  /** Resolves with the navigation to the install link's host, or null if none starts within `ms`. */
  function installNavigation(page: Page, ms: number): Promise<HTTPRequest | null> {
    return page
      .waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).hostname.endsWith('onelink.me'), {
        timeout: ms,
      })
      .catch(() => null);
  }

  /** The centre of the first screenshot, in viewport px. */
  async function firstScreenshot(page: Page): Promise<{ x: number; y: number }> {
    await bringIntoView(page, 'screenshots');
    return page.$eval('[data-slider="screenshots"] a[data-cta="screenshot"]', (link) => {
      const rect = link.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
  }

  browserTest('a tap on a screenshot goes to the install link', async ({ context }) => {
    const page = await openHydrated(context);
    const { x, y } = await firstScreenshot(page);
    const navigation = installNavigation(page, 5_000);
    await page.touchscreen.tap(x, y);
    const request = await navigation;
    expect(request?.url()).toMatch(/^https:\/\/[a-z0-9-]+\.onelink\.me\//);
  });

  browserTest('a mouse click on a screenshot goes to the install link', async ({ context }) => {
    const page = await openHydrated(context);
    const { x, y } = await firstScreenshot(page);
    const navigation = installNavigation(page, 5_000);
    await page.mouse.click(x, y);
    expect(await navigation).not.toBeNull();
  });

  browserTest('a swipe that starts on a screenshot does not', async ({ context }) => {
    const page = await openHydrated(context);
    const { x, y } = await firstScreenshot(page);
    const navigation = installNavigation(page, 2_500);
    await page.touchscreen.touchStart(x + 60, y);
    for (let i = 1; i <= 10; i++) await page.touchscreen.touchMove(x + 60 - 8 * i, y);
    await page.touchscreen.touchEnd();
    expect(await navigation).toBeNull();
    expect(await settledOffset(page, 'screenshots')).toBe(171);
  });

  browserTest('a mouse drag that starts on a screenshot does not, even one too short to move the row', async ({ context }) => {
    const page = await openHydrated(context);
    // The runtime handles CTA clicks on document: the click that ends a drag must never get there.
    await page.evaluate(() => {
      const counter = window as unknown as { documentClicks: number };
      counter.documentClicks = 0;
      document.addEventListener('click', () => counter.documentClicks++);
    });
    const { x, y } = await firstScreenshot(page);
    const navigation = installNavigation(page, 2_500);
    for (const deltaX of [-30, -80]) {
      await page.mouse.move(x + 40, y);
      await page.mouse.down();
      await page.mouse.move(x + 40 + deltaX, y, { steps: 8 });
      await page.mouse.up();
    }
    expect(await navigation).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { documentClicks: number }).documentClicks)).toBe(0);
    expect(await settledOffset(page, 'screenshots')).toBe(171);
  });
});

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
