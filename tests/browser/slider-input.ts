// The sliders as the browser tests see them: each row's geometry, its offset, and touch, mouse and scrolling input on a hydrated page.
import type { BrowserContext, Page } from 'puppeteer';
import { inject } from 'vitest';
import { openPage, type PageOptions, waitForHydration } from './browser.ts';

/** What the page CSS gives each row on a phone: item width, gap, and the page margin on both ends. */
const GAP = 8;
export const MARGIN = 20;
export const SLIDERS = [
  { name: 'screenshots', itemWidth: 163, step: 171 },
  { name: 'reviews', itemWidth: 319, step: 327 },
] as const;
export type SliderName = (typeof SLIDERS)[number]['name'];

/** The selectors of a row's viewport and of the track that moves in it. */
export const viewportOf = (name: SliderName) => `[data-slider="${name}"]`;
export const trackOf = (name: SliderName) => `[data-slider="${name}"] .slider__track`;

/** A hydrated iPhone page (390x844, touch) of `route`. */
export async function openHydrated(context: BrowserContext, route = '/', options: PageOptions = {}): Promise<Page> {
  const opened = await openPage(context, options);
  await opened.page.goto(inject('baseUrl') + route, { waitUntil: 'load' });
  await waitForHydration(opened.page);
  return opened.page;
}

/** How far the track is moved left now, from its computed transform (0 when it has none). */
export function offsetOf(page: Page, name: SliderName): Promise<number> {
  return page.$eval(trackOf(name), (track) => {
    const transform = getComputedStyle(track).transform;
    return transform === 'none' ? 0 : 0 - new DOMMatrix(transform).m41;
  });
}

/** Waits for the track's transition to end, then returns where it stopped. */
export async function settledOffset(page: Page, name: SliderName): Promise<number> {
  await page.waitForFunction((selector) => document.querySelector(selector)!.getAnimations().length === 0, {}, trackOf(name));
  return offsetOf(page, name);
}

/** Scrolls the row to the middle of the screen and returns the vertical centre of it in viewport px. */
export async function bringIntoView(page: Page, name: SliderName): Promise<number> {
  return page.$eval(viewportOf(name), (element) => {
    element.scrollIntoView({ block: 'center' });
    const rect = element.getBoundingClientRect();
    return rect.top + rect.height / 2;
  });
}

/** A one-finger horizontal swipe of `deltaX` px (negative = leftwards) across the row, through CDP touch events. */
export async function swipe(page: Page, name: SliderName, deltaX: number): Promise<void> {
  const y = await bringIntoView(page, name);
  const startX = deltaX < 0 ? 300 : 90;
  await page.touchscreen.touchStart(startX, y);
  for (let i = 1; i <= 10; i++) await page.touchscreen.touchMove(startX + (deltaX * i) / 10, y);
  await page.touchscreen.touchEnd();
}

/** A mouse drag of `deltaX` px across the row, starting on its first item. */
export async function mouseDrag(page: Page, name: SliderName, deltaX: number): Promise<void> {
  const y = await bringIntoView(page, name);
  const startX = deltaX < 0 ? 150 : 60;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + deltaX, y, { steps: 10 });
  await page.mouse.up();
}

/** The furthest offset: the last item's end plus the end margin, against the window width. */
export async function expectedMax(page: Page, name: SliderName, itemWidth: number): Promise<number> {
  const { count, width } = await page.$eval(viewportOf(name), (element) => ({
    count: element.querySelectorAll('.slider__item').length,
    width: window.innerWidth,
  }));
  return MARGIN + count * itemWidth + (count - 1) * GAP + MARGIN - width;
}
