// No layout shift in WebKit while the images arrive late: every section, heading and card stays where it was
// first laid out, down to the bottom and after hydration. WebKit has no Layout Instability API, so positions
// are compared.
import { describe, expect, inject, onTestFinished } from 'vitest';
import { createHandler } from '../../generator/serve/server.ts';
import { serveOnLoopback, type LocalServer } from '../local-servers.ts';
import { waitFor, waitForHydration, webkitTest, type WebKit } from './webkit.ts';

/** How late each image is answered. */
const IMAGE_DELAY_MS = 700;

/**
 * `serve`'s own handler for the default config's build, each image answered late; a server (an
 * origin) per test, so that no image comes from WebKit's cache of an earlier one.
 */
function serveWithLateImages(): Promise<LocalServer> {
  const handler = createHandler(inject('outDir'));
  return serveOnLoopback((req, res) => {
    if (/\.(avif|webp|png|jpe?g|svg)$/.test(new URL(req.url ?? '/', 'http://host').pathname))
      setTimeout(() => handler(req, res), IMAGE_DELAY_MS);
    else handler(req, res);
  });
}

/** Where each section, heading and card of the page is, in document coordinates, by its place in the page. */
const POSITIONS = `
  return [...document.querySelectorAll('main section, main h2, .review, .privacy-card, .info-list__row')].map((element, index) => {
    const box = element.getBoundingClientRect();
    return index + ' ' + element.tagName.toLowerCase() + '.' + element.className + ' ' + Math.round(box.top + scrollY) + ' ' + Math.round(box.left) + ' ' + Math.round(box.height);
  });`;

/** Scrolls down a screen at a time, so each lazy image is asked for, and arrives late, in view; resolves once every image has loaded. */
async function scrollThrough({ driver }: WebKit): Promise<void> {
  const height = await driver.executeScript<number>('return document.documentElement.scrollHeight;');
  for (let y = 0; y < height; y += 600) {
    await driver.executeScript(`scrollTo(0, ${y});`);
    await driver.sleep(150);
  }
  await waitFor(driver, 'return [...document.images].every((image) => image.complete) || null;', 'every image to load');
}

describe('layout shift in WebKit', () => {
  webkitTest.for(['/', '/de/feature1'])(
    '%s moves nothing while its images arrive late, down to the bottom and after hydration',
    async (route, { webkit }) => {
      const { driver } = webkit;
      const late = await serveWithLateImages();
      onTestFinished(() => late.close());
      await driver.get(late.origin + route);
      // Laid out, the first screen's images (fetched eagerly) still on their way.
      await waitFor(
        driver,
        "return document.readyState !== 'loading' && [...document.images].some((image) => image.loading !== 'lazy' && !image.complete) || null;",
        "the page laid out before its first screen's images",
      );
      const before = await driver.executeScript<string[]>(POSITIONS);
      expect(before.length).toBeGreaterThan(10);
      await scrollThrough(webkit);
      await waitForHydration(webkit);
      const lazy = await driver.executeScript<number>('return document.querySelectorAll(\'img[loading="lazy"]\').length;');
      expect(lazy).toBeGreaterThan(0);
      expect(await driver.executeScript<string[]>(POSITIONS)).toEqual(before);
    },
  );
});
