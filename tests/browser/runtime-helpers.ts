// Shared steps of the runtime browser tests: the settings of variants.yaml, a visit with fakes, reading the
// CTA, a tap followed to the install link.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'puppeteer';
import { inject } from 'vitest';
import { parse } from 'yaml';
import { TRAP_STATE } from '../../page/runtime/back-trap.ts';
import type { PageOptions } from './browser.ts';
import { waitForHydration } from './browser.ts';
import { openFakedPage, type FakedPage, type FakeOptions, type HostMode } from './fakes.ts';
import { defaultConfig } from '../helpers.ts';

export const baseUrl = inject('baseUrl');

interface Settings {
  tracking: {
    metaPixelId: string;
    appsflyer: { webAppId: string; oneLink: { base: string; default: string } };
    deepLink: string;
    attribution: Record<string, string>;
  };
  splitTest: Record<string, Record<string, number>>;
  payments: { braintree: { components: string[] } };
}

/** The default variants.yaml, the one the served build comes from. */
export const settings = parse(readFileSync(defaultConfig, 'utf8')) as Settings;

/**
 * The install-link parameter that takes its value from `source` (`cookie._fbc`, `paywall`, ...),
 * per a YAML's mapping: the default config's, or `attribution` (a fixture's).
 */
export function paramOf(source: string, attribution: Record<string, string> = settings.tracking.attribution): string {
  const entry = Object.entries(attribution).find(([, from]) => from === source);
  if (!entry) throw new Error(`The config maps no install-link parameter from ${source}.`);
  return entry[0];
}

export const GET = 'a[data-cta="get"]';

export interface VisitOptions {
  fakes?: FakeOptions;
  /** Page options; a `route` is asked before the fakes. */
  page?: Omit<PageOptions, 'thirdParty'>;
  /** What `Math.random()` returns in every document of the page (the split-test draw is `random * 100`). */
  random?: number;
  /** Cookies of the served origin, set before the first request. */
  cookies?: Record<string, string>;
  /** Runs on the fresh page before it loads the route. */
  beforeLoad?: (page: Page) => Promise<unknown>;
  /** The served site's origin (default: the build of variants.yaml, `baseUrl`), e.g. a `fixtureSite`'s url. */
  site?: string;
}

/** Opens a page with the fakes in `context`, loads `route` and waits for hydration. */
export async function visit(context: BrowserContext, route: string, options: VisitOptions = {}): Promise<FakedPage> {
  const site = options.site ?? baseUrl;
  const opened = await openFakedPage(context, options.fakes, options.page);
  if (options.random !== undefined) await fixRandom(opened.page, options.random);
  const cookies = Object.entries(options.cookies ?? {});
  if (cookies.length > 0)
    await context.setCookie(...cookies.map(([name, value]) => ({ name, value, domain: new URL(site).hostname, path: '/' })));
  await options.beforeLoad?.(opened.page);
  await opened.page.goto(site + route, { waitUntil: 'load' });
  await waitForHydration(opened.page);
  return opened;
}

/** How often a name occurs among a link's query parameters. */
export function countParam(link: string, name: string): number {
  return paramsOf(link).filter(([key]) => key === name).length;
}

/**
 * Records, in the page, every change of the GET button's `href` with `performance.now()` as
 * `window.__hrefChanges`, from the first parse of the document on.
 */
export function recordHrefChanges(page: Page): Promise<unknown> {
  return page.evaluateOnNewDocument((selector) => {
    const changes: Array<{ href: string; at: number }> = [];
    Object.assign(window, { __hrefChanges: changes });
    new MutationObserver(() => {
      const href = document.querySelector(selector)?.getAttribute('href') ?? '';
      if (href !== (changes.at(-1)?.href ?? '')) changes.push({ href, at: performance.now() });
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
  }, GET);
}

/** What `recordHrefChanges` recorded so far. */
export function hrefChanges(page: Page): Promise<Array<{ href: string; at: number }>> {
  return page.evaluate(() => (window as unknown as { __hrefChanges: Array<{ href: string; at: number }> }).__hrefChanges);
}

/** Makes `Math.random()` return `value` in every document from now on; returns the script id. */
export async function fixRandom(page: Page, value: number): Promise<string> {
  const { identifier } = await page.evaluateOnNewDocument((fixed) => {
    Math.random = () => fixed;
  }, value);
  return identifier;
}

/** The `href` of the first CTA matching `selector`. */
export function ctaHref(page: Page, selector = GET): Promise<string | null> {
  return page.$eval(selector, (anchor) => anchor.getAttribute('href'));
}

/** Every distinct CTA `href` on the page (the GET button, the icon, every screenshot). */
export function allCtaHrefs(page: Page): Promise<string[]> {
  return page.$$eval('a[data-cta]', (anchors) => [...new Set(anchors.map((anchor) => anchor.getAttribute('href') ?? ''))]);
}

/** Waits until the GET button's href satisfies `pattern`, and returns it. */
export async function waitForHref(page: Page, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  await page.waitForFunction(
    (selector, source) => new RegExp(source).test(document.querySelector(selector)?.getAttribute('href') ?? ''),
    { timeout: timeoutMs, polling: 50 },
    GET,
    pattern.source,
  );
  return (await ctaHref(page))!;
}

/** The query parameters of a link, in order. */
export function paramsOf(link: string): Array<[string, string]> {
  return [...new URL(link).searchParams];
}

export interface FollowedTap {
  /** Where the tab ended up. */
  url: string;
  /** From the click event to the start of the navigation, both on the page's clock. */
  delayMs: number;
  /** Tabs or windows the tap opened. */
  popups: number;
}

/**
 * Taps the CTA `selector` and follows the tab to where it navigates. The delay runs from the
 * click event (a capture listener notes `Date.now()`) to the new document's time origin, the
 * moment the navigation started.
 */
export async function tapAndFollow(page: Page, selector: string): Promise<FollowedTap> {
  let clickedAt = Number.NaN;
  await page.exposeFunction('__noteClick', (at: number) => {
    clickedAt = at;
  });
  await page.evaluate(() => {
    const note = (window as unknown as { __noteClick(at: number): void }).__noteClick;
    addEventListener('click', () => note(Date.now()), { capture: true, once: true });
  });
  let popups = 0;
  page.on('popup', () => (popups += 1));
  const navigation = page.waitForNavigation({ waitUntil: 'load', timeout: 10_000 });
  await page.tap(selector);
  await navigation;
  const navigationStart = await page.evaluate(() => performance.timeOrigin);
  return { url: page.url(), delayMs: navigationStart - clickedAt, popups };
}

/** The paywall type the GET button's link carries, once it carries one. */
export async function drawnPaywall(page: Page): Promise<string | null> {
  const name = paramOf('paywall');
  return new URL(await waitForHref(page, new RegExp(`[?&]${name}=`))).searchParams.get(name);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key of the history state the back trap pushes. */
const TRAP_KEY = Object.keys(TRAP_STATE)[0]!;

/**
 * Presses Back, then waits until the back trap has pushed its entry again. `goBack` resolves
 * once the step back commits, which can be before the page's popstate handler has run; a
 * second press in that gap would leave the page, which no visitor's thumb is quick enough for.
 */
export async function pressBack(page: Page): Promise<void> {
  await page.goBack();
  await page.waitForFunction((key) => (history.state as Record<string, unknown> | null)?.[key] === true, { timeout: 5000 }, TRAP_KEY);
}

/** The ways the Smart Script can be there: blocked (our own builder), or the fake of one build. */
export const SMART_SCRIPTS: Array<[string, Pick<FakeOptions, 'smartScriptBuild'> & { mode: HostMode }]> = [
  ['blocked', { mode: 'block' }],
  ['2.10.4', { mode: 'answer', smartScriptBuild: '2.10.4' }],
  ['2.9.2', { mode: 'answer', smartScriptBuild: '2.9.2' }],
];

/** The final link's pattern: the Smart Script's (af_js_web) when it is there, else one carrying `param`. */
export function finalLink(smartScript: HostMode, param: string): RegExp {
  return smartScript === 'block' ? new RegExp(`[?&]${param}=`) : /[?&]af_js_web=true/;
}
