// browserTest's shared context and tab: what one test leaves behind (cookies, local and session storage, open
// tabs, the tab's listeners, scripts, functions and emulation) is gone for the next.
import type { Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { browserTest, openPage } from './browser.ts';

const baseUrl = inject('baseUrl');

/** The tab the previous test had, to tell whether the next one was handed the same. */
let previousTab: Page | undefined;

/** What a test can see of the state earlier tests could have left in the page it loads. */
function leftovers(page: Page) {
  return page.evaluate(() => ({
    cookie: document.cookie,
    local: localStorage.getItem('left'),
    session: sessionStorage.getItem('left'),
    script: (window as unknown as { leftByScript?: boolean }).leftByScript ?? null,
    exposed: typeof (window as unknown as { leftFunction?: unknown }).leftFunction,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
  }));
}

const CLEAN = { cookie: '', local: null, session: null, script: null, exposed: 'undefined', dark: false };

describe('one browser context and tab for a file, cleared between tests', () => {
  browserTest('a test leaves a cookie, storage, a script, a function, a listener and a second tab behind', async ({ context }) => {
    const { page } = await openPage(context);
    await page.evaluateOnNewDocument(() => {
      (window as unknown as { leftByScript: boolean }).leftByScript = true;
    });
    await page.exposeFunction('leftFunction', () => 1);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      document.cookie = 'left=1; path=/';
      localStorage.setItem('left', '1');
      sessionStorage.setItem('left', '1');
    });
    // A listener that would break every load of the next test if it stayed.
    page.on('request', (request) => void request.abort().catch(() => undefined));
    await context.newPage();
    expect(await leftovers(page)).toEqual({ cookie: 'left=1', local: '1', session: '1', script: true, exposed: 'function', dark: false });
    expect(await context.pages()).toHaveLength(2);
    previousTab = page;
  });

  browserTest('the next one gets the same tab and finds none of it', async ({ context }) => {
    expect(await context.cookies()).toEqual([]);
    const { page } = await openPage(context);
    expect(page).toBe(previousTab);
    expect(await context.pages()).toEqual([page]);
    // Fails (net::ERR_FAILED) if the aborting listener stayed.
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    expect(await leftovers(page)).toEqual(CLEAN);
  });

  browserTest('a test emulates dark mode, which is not undone', async ({ context }) => {
    const { page } = await openPage(context);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    expect((await leftovers(page)).dark).toBe(true);
    previousTab = page;
  });

  browserTest('so the next one gets a new tab, in light mode', async ({ context }) => {
    const { page } = await openPage(context);
    expect(page).not.toBe(previousTab);
    expect(previousTab!.isClosed()).toBe(true);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    expect(await leftovers(page)).toEqual(CLEAN);
  });
});
