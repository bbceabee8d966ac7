// The fill-in payloads in Chromium: a page whose app name and developer link equal the old stand-ins hydrates
// without a mismatch, and nothing runs on focus.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/index.ts';
import { startServer, type RunningServer } from '../../generator/serve/server.ts';
import { HOSTILE_LINK, OLD_HTML_TOKEN, OLD_JSON_TOKEN, writeHostileConfig } from '../unit/config/hostile-config.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';

let browser: Browser;
let server: RunningServer;
let dir: string;
beforeAll(async () => {
  dir = await writeHostileConfig();
  await buildSite({ config: path.join(dir, 'variants.yaml'), outDir: path.join(dir, 'out') });
  server = await startServer({ dir: path.join(dir, 'out'), port: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('user text equal to a stand-in', () => {
  it('hydrates with no React error, shows the name as text, and focusing a call to action runs nothing', async () => {
    const { page, console: messages, errors } = await openPage(browser);
    await page.evaluateOnNewDocument(() => {
      (window as unknown as { alert: (text: string) => void }).alert = () => ((window as unknown as { alerted: boolean }).alerted = true);
    });
    await page.goto(server.url + 'feature1', { waitUntil: 'load' });
    await waitForHydration(page);
    // The calls to action as served: the payload whole inside each href, escaped (the runtime may
    // swap in an attributed link on the OneLink host any moment after hydration).
    const served = new JSDOM(await (await fetch(server.url + 'feature1')).text()).window.document;
    const servedLinks = [...served.querySelectorAll('a[data-cta]')].map((link) => link.getAttribute('href'));
    expect(servedLinks.length).toBeGreaterThanOrEqual(3);
    expect(servedLinks.filter((href) => href === HOSTILE_LINK)).toEqual(servedLinks);
    const state = await page.evaluate(() => {
      const ctas = [...document.querySelectorAll('a[data-cta]')];
      for (const link of ctas) (link as HTMLElement).focus();
      return {
        name: document.querySelector('h1')?.textContent,
        links: [...document.querySelectorAll('a')].map((link) => link.getAttribute('href')),
        handlers: [...document.querySelectorAll('*')].flatMap((element) =>
          element.getAttributeNames().filter((name) => name.startsWith('on')),
        ),
        ctas: ctas.length,
        ctaLinks: ctas.map((link) => link.getAttribute('href') ?? ''),
        alerted: (window as unknown as { alerted?: boolean }).alerted === true,
      };
    });
    // The title, then its age badge.
    expect(state.name?.startsWith(OLD_HTML_TOKEN)).toBe(true);
    expect(state.links).toContain(OLD_JSON_TOKEN);
    expect(state.ctas).toBeGreaterThanOrEqual(3);
    for (const href of state.ctaLinks) expect(href === HOSTILE_LINK || href.startsWith('https://pictura.onelink.me/'), href).toBe(true);
    expect(state.handlers).toEqual([]);
    expect(state.alerted).toBe(false);
    expect(messages.filter((message) => /#418|#423|hydrat|did not match/i.test(message))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
