// A host that negotiates nothing (a plain file server, a bucket, GitHub Pages): a visitor whose language is
// not the plain routes' never sees them painted.
import path from 'node:path';
import type { Browser, HTTPRequest } from 'puppeteer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/index.ts';
import { fixturesDir, temporaryDir } from '../helpers.ts';
import { servePlainFiles, type LocalServer } from '../local-servers.ts';
import { IPHONE, launchBrowser, openPage, withoutLanguageRedirect } from './browser.ts';
import { sleep } from './runtime-helpers.ts';

const outDir = inject('outDir');
/** How long the other language's page is held back: the window in which the English document is still the one shown. */
const HOLD_MS = 1500;

let browser: Browser;
let plain: LocalServer;
beforeAll(async () => {
  browser = await launchBrowser();
  plain = await servePlainFiles(outDir);
});
afterAll(async () => {
  await browser?.close();
  await plain?.close();
});

/** A frame the page painted, and when. */
interface Frame {
  at: number;
  png: Buffer;
}

/**
 * A tab whose browser speaks `languages` (navigator.languages and Accept-Language both, as a
 * real browser sets them), recording every frame it paints (CDP screencast). Documents under
 * `/<held>/` are held back for HOLD_MS; `hold.until` says when the held one was let through.
 */
async function visitor(languages: string, held?: string) {
  const documents: string[] = [];
  const hold = { until: 0 };
  const route = async (request: HTTPRequest) => {
    if (request.resourceType() !== 'document') return false;
    const url = new URL(request.url());
    documents.push(url.pathname + url.search);
    if (held && url.pathname.startsWith(`/${held}/`)) {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      hold.until = Date.now();
    }
    return false;
  };
  const opened = await openPage(await browser.createBrowserContext(), { route });
  const cdp = await opened.page.createCDPSession();
  await cdp.send('Network.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: languages });
  const frames: Frame[] = [];
  cdp.on('Page.screencastFrame', (event) => {
    frames.push({ at: Date.now(), png: Buffer.from(event.data, 'base64') });
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
  });
  // At CSS pixels, not the phone's three device pixels each: whether a frame is blank shows as well in a ninth of the pixels.
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1, maxWidth: IPHONE.width, maxHeight: IPHONE.height });
  return { ...opened, documents, hold, frames };
}

/**
 * Whether a frame that shows content arrives at or after `since`. Frames come over CDP a while
 * after they are painted, later on a busy machine: up to 5 s is waited for.
 */
async function contentFrameSince(frames: Frame[], since: number): Promise<boolean> {
  const deadline = Date.now() + 5000;
  for (let checked = 0; ; await sleep(50)) {
    for (; checked < frames.length; checked++) {
      if (frames[checked]!.at >= since && !(await isBlank(frames[checked]!.png))) return true;
    }
    if (Date.now() > deadline) return false;
  }
}

/** True when the whole frame is one colour: nothing but the background is painted. */
async function isBlank(png: Buffer): Promise<boolean> {
  const { channels } = await sharp(png).stats();
  return channels.every((channel) => channel.min === channel.max);
}

describe('a plain static host', () => {
  it.each([
    ['de-DE,de;q=0.9', 'de', 'Laden'],
    ['es-ES,es;q=0.9', 'es', 'Obtener'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'fr', 'Obtenir'],
  ])('a %s browser at /feature1 never sees English, and lands on its language with the query kept', async (languages, locale, getLabel) => {
    const { page, documents, errors, hold, frames } = await visitor(languages, locale);
    await page.goto(`${plain.origin}/feature1?utm_source=facebook&fbclid=abc#top`, { waitUntil: 'load' });
    await page.waitForFunction((lang) => document.documentElement.lang === lang, {}, locale);
    // Until its language's page was let through, the English document was the one on screen: no frame showed anything.
    // (Chromium sends a frame only when the picture changes; the frames after show that content does get through.)
    expect(hold.until).toBeGreaterThan(0);
    expect(await contentFrameSince(frames, hold.until)).toBe(true);
    const blank = await Promise.all(frames.map(async (frame) => ({ before: frame.at < hold.until, blank: await isBlank(frame.png) })));
    expect(blank.filter((frame) => frame.before && !frame.blank)).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(
      `/${locale}/feature1?utm_source=facebook&fbclid=abc#top`,
    );
    expect(await page.$eval('html', (html) => [html.lang, html.hidden])).toEqual([locale, false]);
    expect(await page.$eval('a[data-cta="get"]', (link) => link.textContent)).toBe(getLabel);
    expect(documents).toEqual(['/feature1?utm_source=facebook&fbclid=abc', `/${locale}/feature1?utm_source=facebook&fbclid=abc`]);
    expect(errors).toEqual([]);
  });

  it('an English browser stays on the page it asked for: one document, never hidden', async () => {
    const { page, documents } = await visitor('en-US,en;q=0.9,de;q=0.5');
    await page.goto(`${plain.origin}/feature1?x=1`, { waitUntil: 'load' });
    expect(page.url()).toBe(`${plain.origin}/feature1?x=1`);
    expect(await page.$eval('html', (html) => [html.lang, html.hidden])).toEqual(['en', false]);
    expect(documents).toEqual(['/feature1?x=1']);
  });

  it('a language the campaign lacks gets the default page, and an explicit /de/ page stays whatever the browser says', async () => {
    const italian = await visitor('it-IT,it;q=0.9');
    await italian.page.goto(`${plain.origin}/`, { waitUntil: 'load' });
    expect(italian.documents).toEqual(['/']);
    const english = await visitor('en-US');
    await english.page.goto(`${plain.origin}/de/feature2`, { waitUntil: 'load' });
    expect(english.documents).toEqual(['/de/feature2']);
    expect(await english.page.$eval('html', (html) => html.lang)).toBe('de');
  });
});

describe("a plain static host, plain routes in pt-BR (the markets fixture's sao-paulo campaign)", () => {
  let brazil: LocalServer;
  beforeAll(async () => {
    const dir = path.join(await temporaryDir(), 'sao-paulo');
    await buildSite({ config: path.join(fixturesDir, 'markets/variants.yaml'), outDir: dir, campaign: 'sao-paulo' });
    brazil = await servePlainFiles(dir);
  }, 120_000);
  afterAll(() => brazil?.close());

  it.each([
    ['ko-KR,ko;q=0.9', 'en', 'a language the campaign lacks: English, the fallback'],
    ['it-IT,it;q=0.9,de;q=0.8', 'en', 'only languages the campaign lacks: English'],
    ['ja-JP,ja;q=0.9,en;q=0.5', 'ja', 'Japanese'],
  ])('a %s browser at / goes to the /%s page, the query kept (%s)', async (languages, locale) => {
    const { page, documents, errors } = await visitor(languages);
    await page.goto(`${brazil.origin}/?utm_source=facebook`, { waitUntil: 'load' });
    await page.waitForFunction((lang) => document.documentElement.lang === lang, {}, locale);
    expect(documents).toEqual(['/?utm_source=facebook', `/${locale}?utm_source=facebook`]);
    expect(await page.$eval('html', (html) => [html.lang, html.hidden])).toEqual([locale, false]);
    expect(errors).toEqual([]);
  });

  it('served without its inline script (a host that dropped it), a Korean browser gets English in place from the runtime', async () => {
    const languageRedirect = withoutLanguageRedirect();
    const { page, errors } = await openPage(await browser.createBrowserContext(), { route: languageRedirect });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: 'ko-KR,ko;q=0.9' });
    await page.goto(`${brazil.origin}/?x=1`, { waitUntil: 'load' });
    expect(languageRedirect.stripped).toBe(1);
    await page.waitForFunction(() => document.documentElement.lang === 'en', { timeout: 15_000 });
    expect(await page.$eval('a[data-cta="get"]', (link) => link.textContent)).toBe('Get');
    expect(page.url()).toBe(`${brazil.origin}/?x=1`);
    expect(errors).toEqual([]);
  });

  it('a Portuguese browser stays on the Brazilian page it asked for: one document, never hidden', async () => {
    const { page, documents } = await visitor('pt-PT,pt;q=0.9,en;q=0.5');
    await page.goto(`${brazil.origin}/?x=1`, { waitUntil: 'load' });
    expect(documents).toEqual(['/?x=1']);
    expect(await page.$eval('html', (html) => [html.lang, html.hidden])).toEqual(['pt-BR', false]);
  });
});
