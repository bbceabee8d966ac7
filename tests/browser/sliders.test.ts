// The screenshot and review sliders in Chromium with real touch, mouse and key input: one step past 50 px,
// 400 ms, no overshoot, taps install and drags do not.
import type { HTTPRequest, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { browserTest } from './browser.ts';
import {
  bringIntoView,
  expectedMax,
  MARGIN,
  mouseDrag,
  offsetOf,
  openHydrated,
  settledOffset,
  SLIDERS,
  swipe,
  trackOf,
  viewportOf,
} from './slider-input.ts';

const baseUrl = inject('baseUrl');

// Each test's page lives in its own context, closed after the test.

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
