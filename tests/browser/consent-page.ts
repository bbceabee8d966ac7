// The consent fixture's pages as the browser tests watch them: the prompt, its texts, the answer kept, and every read and write of `document.cookie`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer';
import type { FakedPage, FakeHost } from './fakes.ts';
import type { FixtureSite } from './fixture-site.ts';
import { sleep, visit } from './runtime-helpers.ts';

/** Where the runtime keeps the visitor's answer. */
const STORAGE_KEY = 'store-landing:consent';
/** The prompt's root element. */
export const PROMPT = '[data-consent-prompt]';
/** The hosts nothing may ask before the visitor allows tracking. */
export const TRACKERS: FakeHost[] = ['metaPixel', 'webSdk', 'smartScript', 'braintree'];
/** Long enough for everything the runtime defers (load, then idle: the payment SDK) to have started, were it allowed to. */
export const SETTLE_MS = 2500;

/** The prompt's texts in one locale. */
export interface ConsentTexts {
  title: string;
  body: string;
  allow: string;
  decline: string;
}

/** A visit that also counts the page scripts' reads and writes of `document.cookie` and collects CSP violations. */
export interface WatchedPage extends FakedPage {
  violations: string[];
}

/** The visits of the consent fixture `site`, and the prompt's texts its locale files write. */
export function consentVisits(site: FixtureSite) {
  /** The prompt's texts as the fixture's locale files write them. */
  function textsOf(locale: string): ConsentTexts {
    const localesDir = path.resolve('tests/fixtures/site', site.settings.localesDir);
    return (JSON.parse(readFileSync(path.join(localesDir, `${locale}.json`), 'utf8')) as { consent: ConsentTexts }).consent;
  }

  /** The route, the fakes as the real hosts behave (pixel cookies, afUserId), watched; resolves once hydrated. */
  async function visitWatched(context: BrowserContext, route: string, options: { preset?: boolean } = {}): Promise<WatchedPage> {
    const violations: string[] = [];
    const opened = await visit(context, route, {
      site: site.url,
      fakes: { pixelSetsCookies: true, webSdkSetsUserId: true },
      beforeLoad: async (page) => {
        await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
        await page.evaluateOnNewDocument((preset) => {
          const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
          const access = { reads: 0, writes: 0 };
          Object.assign(window, { __cookieAccess: access });
          Object.defineProperty(Document.prototype, 'cookie', {
            configurable: true,
            get() {
              access.reads += 1;
              return cookie.get!.call(this);
            },
            set(value: string) {
              access.writes += 1;
              cookie.set!.call(this, value);
            },
          });
          document.addEventListener('securitypolicyviolation', (event) => {
            void (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
              `${event.violatedDirective} ${event.blockedURI}`,
            );
          });
          // A site's consent platform that already knows the answer, before the runtime runs.
          if (preset) Object.assign(window, { storeLanding: { consent: true } });
        }, options.preset ?? false);
      },
    });
    return { ...opened, violations };
  }

  return { textsOf, visitWatched };
}

/** How often the page's scripts read and wrote `document.cookie` so far. */
export function cookieAccess(page: Page): Promise<{ reads: number; writes: number }> {
  return page.evaluate(() => (window as unknown as { __cookieAccess: { reads: number; writes: number } }).__cookieAccess);
}

/** The names of the page's cookies, read through the browser (not document.cookie, which is being counted). */
export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.cookies()).map((cookie) => cookie.name);
}

/** The runtime's answer to `window.storeLanding.consentState()`. */
export function consentState(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { storeLanding: { consentState(): string } }).storeLanding.consentState());
}

/** The answer the runtime stored, or null. */
export function storedAnswer(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
}

/** How many requests went to TRACKERS. */
export function trackerRequests(opened: FakedPage): number {
  return TRACKERS.reduce((count, host) => count + opened.fakes.requestsTo(host).length, 0);
}

/** The prompt as shown: its dialog's role, label, description and buttons. */
export async function readPrompt(page: Page) {
  await page.waitForSelector(`${PROMPT} [role="dialog"]`, { timeout: 15_000 });
  return page.$eval(PROMPT, (root) => {
    const dialog = root.querySelector('[role="dialog"]')!;
    const byId = (id: string | null) => (id ? document.getElementById(id)?.textContent : null);
    return {
      title: byId(dialog.getAttribute('aria-labelledby')),
      body: byId(dialog.getAttribute('aria-describedby')),
      buttons: [...dialog.querySelectorAll('button')].map((button) => [button.getAttribute('data-consent'), button.textContent]),
    };
  });
}

/** What readPrompt reads from a prompt showing `texts`, its buttons in their order: Don't Allow, then Allow. */
export function promptOf(texts: ConsentTexts) {
  return {
    title: texts.title,
    body: texts.body,
    buttons: [
      ['decline', texts.decline],
      ['allow', texts.allow],
    ],
  };
}

/** Waits until the prompt is gone. */
export function promptGone(page: Page): Promise<unknown> {
  return page.waitForFunction((selector) => document.querySelector(selector) === null, { timeout: 5000 }, PROMPT);
}

/** After load, hydration and a settling time: is a prompt there? */
export async function promptAfterSettling(page: Page): Promise<boolean> {
  await sleep(SETTLE_MS);
  return (await page.$(PROMPT)) !== null;
}
