// browserTest's shared context: what one test leaves behind (cookies, local and session storage, open tabs) is gone for the next.
import { describe, expect, inject } from 'vitest';
import { browserTest, openPage } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('one browser context for a file, cleared between tests', () => {
  browserTest('a test leaves a cookie, local storage and a second tab behind', async ({ context }) => {
    const { page } = await openPage(context);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      document.cookie = 'left=1; path=/';
      localStorage.setItem('left', '1');
    });
    await context.newPage();
    expect(await context.cookies()).toHaveLength(1);
    expect(await context.pages()).toHaveLength(2);
  });

  browserTest('the next one finds none of it', async ({ context }) => {
    expect(await context.pages()).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    const { page } = await openPage(context);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => [document.cookie, localStorage.getItem('left')])).toEqual(['', null]);
  });
});
