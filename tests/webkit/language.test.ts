// A German visitor's WebKit, whose navigator.languages holds the one entry Safari gives: on a host that
// negotiates nothing it sees no English and lands on the German page, query and hash kept; `serve` answers
// the plain address in German.
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { waitUntil } from '../helpers.ts';
import { servePlainFiles, type LocalServer } from '../local-servers.ts';
import { germanWebkitTest, visit, waitFor } from './webkit.ts';

/** The query and hash an ad's link brings. */
const FROM_AN_AD = '?utm_source=facebook&fbclid=abc#top';

/** The documents the plain host was asked for (path and query). */
const documents: string[] = [];
/**
 * The German page is held back until the test has looked at the English document, however slow
 * the machine: until then the English document is the one in the window.
 */
let letGermanThrough = () => {};
const germanLetThrough = new Promise<void>((resolve) => {
  letGermanThrough = resolve;
});
let plain: LocalServer;

beforeAll(async () => {
  plain = await servePlainFiles(inject('outDir'), async (url) => {
    if (!/\.\w+$/.test(url.pathname)) documents.push(url.pathname + url.search);
    if (url.pathname.startsWith('/de/')) await germanLetThrough;
  });
});
afterAll(() => {
  // The hold ends with the file, should the test have failed before letting the page through.
  letGermanThrough();
  return plain?.close();
});

/**
 * Runs in the page: whether <html> is hidden, how it is displayed, and the paints WebKit reported (Paint
 * Timing); `first-contentful-paint` once text or an image was drawn.
 */
const PAINTED =
  'return [document.documentElement.hidden, getComputedStyle(document.documentElement).display, performance.getEntriesByType("paint").map((entry) => entry.name)];';

germanWebkitTest(
  'a German visitor at /feature1 on a plain file host never sees English, and lands on /de/feature1 with the query and hash',
  async ({ webkit: { driver } }) => {
    expect(await driver.executeScript('return navigator.languages;')).toEqual(['de-DE']);
    await driver.get(`${plain.origin}/feature1${FROM_AN_AD}`);
    // While the German page is held back, the English document is the one in the window: hidden
    // since its <head> (not displayed at all), and WebKit reports no paint of it.
    await waitFor(
      driver,
      'return document.documentElement.lang === "en" && document.readyState !== "loading" || null;',
      'the English document, parsed',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await driver.executeScript(PAINTED)).toEqual([true, 'none', []]);
    // The English document asks for the German page straight away, which is let through only now.
    await waitUntil(() => documents.length >= 2, 'the German page to be asked for', 30_000);
    const query = FROM_AN_AD.split('#')[0];
    expect(documents).toEqual([`/feature1${query}`, `/de/feature1${query}`]);
    letGermanThrough();

    await waitFor(
      driver,
      'return document.documentElement.lang === "de" && document.readyState === "complete" || null;',
      'the German page',
    );
    expect(
      await driver.executeScript(
        'return [location.pathname + location.search + location.hash, document.querySelector(\'a[data-cta="get"]\').textContent];',
      ),
    ).toEqual([`/de/feature1${FROM_AN_AD}`, 'Laden']);
    // The German page is shown, and WebKit reports its paint.
    await waitFor(driver, 'return performance.getEntriesByType("paint").length > 0 || null;', "the German page's first paint");
    expect(await driver.executeScript(PAINTED)).toEqual([false, 'block', ['first-contentful-paint']]);
    expect(documents).toEqual([`/feature1${query}`, `/de/feature1${query}`]);
  },
);

germanWebkitTest('serve answers the plain address in German, the address unchanged', async ({ webkit }) => {
  const url = `${inject('baseUrl')}/feature1`;
  await visit(webkit, url);
  expect(
    await webkit.driver.executeScript(
      'return [location.href, document.documentElement.lang, document.querySelector(\'a[data-cta="get"]\').textContent];',
    ),
  ).toEqual([url, 'de', 'Laden']);
});
