// The tab browserTest's tests hand on to each other, reset between them: what a test changed in it, taken back after the test.
import type { BrowserContext, CDPSession, Page } from 'puppeteer';

/** What a test did to a tab of browserTest's context that the next test must not inherit. */
interface TabChanges {
  /** Listeners the test added (openPage's own among them). */
  listeners: Array<[type: string, handler: (event: unknown) => void]>;
  /** Identifiers of its evaluateOnNewDocument scripts. */
  scripts: string[];
  /** Names of its exposed functions. */
  functions: string[];
  /** False once the test called a method whose effect is not undone (LASTING): the tab is then closed. */
  reusable: boolean;
}

/** Page methods whose effect outlives a navigation and that releaseTabs does not undo. */
const LASTING = [
  'authenticate',
  'createCDPSession',
  'emulateCPUThrottling',
  'emulateIdleState',
  'emulateMediaFeatures',
  'emulateMediaType',
  'emulateNetworkConditions',
  'emulateTimezone',
  'emulateVisionDeficiency',
  'setBypassCSP',
  'setBypassServiceWorker',
  'setCacheEnabled',
  'setGeolocation',
  'setJavaScriptEnabled',
  'setOfflineMode',
  'setUserAgent',
] as const;

/** browserTest's contexts, whose tabs go from test to test. */
export const reusableContexts = new WeakSet<BrowserContext>();
/** The tab a context's last test left, reset, for its next openPage. */
const spareTabs = new WeakMap<BrowserContext, Page>();
const tabChanges = new WeakMap<Page, TabChanges>();
/** A DevTools session per tab of browserTest's contexts, opened before the test could change the tab. */
const tabSessions = new WeakMap<Page, CDPSession>();

/**
 * The context's spare tab, or a new one whose changes are recorded from now on. A tab handed on
 * keeps its renderer process and the scripts it compiled, so a visit in it costs Chromium less
 * CPU than one in a new tab.
 */
export async function takeTab(context: BrowserContext): Promise<Page> {
  const spare = spareTabs.get(context);
  spareTabs.delete(context);
  if (spare && !spare.isClosed()) return spare;
  const page = await context.newPage();
  // Every request of every test reaches `answer` and `options.route`: a renderer that earlier tests
  // warmed would otherwise serve their scripts from its memory cache.
  await page.setCacheEnabled(false);
  tabSessions.set(page, await page.createCDPSession());
  const changes: TabChanges = { listeners: [], scripts: [], functions: [], reusable: true };
  tabChanges.set(page, changes);
  // Recorded by replacing the methods on this one tab: tests use the Page API as it is.
  const tab = page as unknown as Record<string, (...args: unknown[]) => unknown>;
  const replace = (method: string, wrapper: (original: (...args: unknown[]) => unknown, args: unknown[]) => unknown) => {
    const original = tab[method]!.bind(page);
    tab[method] = (...args) => wrapper(original, args);
  };
  replace('on', (on, [type, handler]) => {
    changes.listeners.push([type as string, handler as (event: unknown) => void]);
    return on(type, handler);
  });
  replace('evaluateOnNewDocument', async (evaluateOnNewDocument, args) => {
    const script = (await evaluateOnNewDocument(...args)) as { identifier: string };
    changes.scripts.push(script.identifier);
    return script;
  });
  replace('exposeFunction', async (exposeFunction, args) => {
    await exposeFunction(...args);
    changes.functions.push(args[0] as string);
  });
  for (const method of LASTING) {
    replace(method, (original, args) => {
      changes.reusable = false;
      return original(...args);
    });
  }
  return page;
}

/**
 * After a test: its page (the first reusable tab) ends, in the same renderer process (a navigation
 * the page starts itself keeps it; one from DevTools would not), and its listeners, scripts and
 * functions are removed; every other tab is closed; then the cookies and the storage of every
 * origin the test's tabs visited go.
 */
export async function releaseTabs(context: BrowserContext, origins: Set<string>) {
  let spare: Page | undefined;
  for (const page of await context.pages()) {
    if (!spare && tabChanges.get(page)?.reusable && (await endPage(page))) spare = page;
    else await closeTab(page);
  }
  const tab = spare ?? (await context.newPage());
  // Storage is cleared through a tab's DevTools session (the browser's refuses it).
  const cdp = tabSessions.get(tab) ?? (await tab.createCDPSession());
  await cdp.send('Network.clearBrowserCookies');
  // Sent from the spare tab, this clears its session storage too (isolation.test.ts).
  for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  if (spare) spareTabs.set(context, spare);
  else await tab.close();
}

/**
 * Closes `page`. Chromium drops a close that races the commit of a navigation to another site (the page leaving
 * for the install link as the test ends, crbug.com/536385539): it answers success, the tab lives on, and
 * Puppeteer's close waits for it forever. The close is sent again until the tab is gone; a close of a tab
 * already closing does nothing.
 */
async function closeTab(page: Page): Promise<void> {
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
  for (let attempt = 1; ; attempt++) {
    page.close().catch(() => undefined);
    const late = new Promise<'late'>((resolve) => setTimeout(resolve, CLOSE_RESEND_MS, 'late'));
    if ((await Promise.race([closed, late])) !== 'late') return;
    if (attempt === CLOSE_ATTEMPTS) throw new Error(`Chromium did not close the tab at ${page.url()} after ${attempt} attempts.`);
  }
}

/** A close takes milliseconds; this long without one, it is sent again, at most CLOSE_ATTEMPTS times. */
const CLOSE_RESEND_MS = 1_000;
const CLOSE_ATTEMPTS = 5;

/** Ends the test's page in its tab and undoes the test's changes to the tab; false when it cannot (a dialog left open). */
async function endPage(page: Page): Promise<boolean> {
  const changes = tabChanges.get(page)!;
  for (const [type, handler] of changes.listeners) page.off(type as 'console', handler);
  const ended = page.waitForNavigation({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  page.evaluate(() => location.replace('about:blank')).catch(() => undefined);
  if (!(await ended)) return false;
  for (const script of changes.scripts) await page.removeScriptToEvaluateOnNewDocument(script);
  for (const name of changes.functions) await page.removeExposedFunction(name);
  Object.assign(changes, { listeners: [], scripts: [], functions: [] });
  return true;
}
