// The Arabic page of the markets fixture in WebKit: right to left, its header mirrored, the screenshots
// starting at the right edge and stepping the way the row runs; and the Japanese, Brazilian and Arabic pages
// no wider than the window.
import { By, Key } from 'selenium-webdriver';
import { describe, expect, inject } from 'vitest';
import { measureOverflow, type Overflow } from '../overflow.ts';
import { consoleOf, drag, settledTranslation, visit, waitForHydration, webkitTest, type WebKit } from './webkit.ts';

const marketsUrl = inject('marketsUrl');
/** One screenshot (163 px) and the gap after it (8 px); the page margin before the first. */
const STEP = 171;
const MARGIN = 20;
const SCREENSHOTS = '[data-slider="screenshots"]';

/** The right edge of the `nth` screenshot, and the window's width. */
function screenshotRight({ driver }: WebKit, nth: number): Promise<{ right: number; width: number }> {
  return driver.executeScript(
    `return { right: document.querySelector('${SCREENSHOTS} .slider__item:nth-child(${nth})').getBoundingClientRect().right, width: innerWidth };`,
  );
}

describe('right to left (ar), in WebKit', () => {
  webkitTest('is dir="rtl", starts the screenshots at the right edge, and mirrors the header', async ({ webkit }) => {
    await visit(webkit, `${marketsUrl}/ar`);
    await waitForHydration(webkit);
    const layout = await webkit.driver.executeScript<{ dir: string; iconLeft: number; titleRight: number; getRight: number }>(`
      const box = (selector) => document.querySelector(selector).getBoundingClientRect();
      return {
        dir: document.documentElement.dir,
        iconLeft: box('.product-header__icon').left,
        titleRight: box('.product-header__title').right,
        getRight: box('.get-button').right,
      };`);
    expect(layout.dir).toBe('rtl');
    const first = await screenshotRight(webkit, 1);
    expect(first.right).toBe(first.width - MARGIN);
    // The icon on the right, the title and the GET button beside it on its left, as the Arabic App Store shows them.
    expect(layout.iconLeft).toBeGreaterThan(layout.titleRight);
    expect(layout.getRight).toBe(layout.titleRight);
    const page = await consoleOf(webkit);
    expect(page.errors).toEqual([]);
    expect(page.warnings.filter((warning) => warning.includes('hydration'))).toEqual([]);
  });

  webkitTest(
    `moves the screenshots one step (${STEP} px) to the right for a drag to the right, back for one to the left, and on with the left arrow key`,
    async ({ webkit }) => {
      await visit(webkit, `${marketsUrl}/ar`);
      await waitForHydration(webkit);
      const row = await webkit.driver.findElement(By.css(SCREENSHOTS));
      // A drag to the left at the start would go before the first screenshot: nothing moves.
      await drag(webkit, row, -120);
      expect(await settledTranslation(webkit, 'screenshots')).toBe(0);
      await drag(webkit, row, 60);
      expect(await settledTranslation(webkit, 'screenshots')).toBe(STEP);
      await drag(webkit, row, 120);
      expect(await settledTranslation(webkit, 'screenshots')).toBe(2 * STEP);
      await drag(webkit, row, -60);
      expect(await settledTranslation(webkit, 'screenshots')).toBe(STEP);
      const second = await screenshotRight(webkit, 2);
      expect(second.right).toBe(second.width - MARGIN);
      await webkit.driver.executeScript('arguments[0].focus();', row);
      await row.sendKeys(Key.ARROW_LEFT);
      expect(await settledTranslation(webkit, 'screenshots')).toBe(2 * STEP);
      await row.sendKeys(Key.ARROW_RIGHT);
      await row.sendKeys(Key.ARROW_RIGHT);
      expect(await settledTranslation(webkit, 'screenshots')).toBe(0);
    },
  );
});

describe('no horizontal overflow, in WebKit', () => {
  // At the window's width: MiniBrowser's toolbar keeps it wider than a phone (447 px here), and
  // the page refuses to be framed. Chromium checks the 350 px phone (tests/browser/markets.test.ts).
  webkitTest.for(['/ar', '/ja', '/pt-BR'])(
    '%s fits, every box outside the sideways rows within the page margins',
    async (route, { webkit }) => {
      await visit(webkit, marketsUrl + route);
      await waitForHydration(webkit);
      // The description open is the longest the page gets.
      await webkit.driver.findElement(By.css('label.description__more')).click();
      const layout = await webkit.driver.executeScript<Overflow>(measureOverflow);
      expect(layout.clipped).toEqual(['visible', 'visible']);
      expect(layout.wide).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    },
  );
});
