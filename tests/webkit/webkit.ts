// WebKit for the WebKit tests: Debian's WebKitWebDriver with MiniBrowser on the project's Xvfb display, one
// session per test file, third parties refused (or faked) by a local proxy, and the page's console errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Builder, Key, Origin, type WebDriver, type WebElement } from 'selenium-webdriver';
import { inject, test } from 'vitest';
import { WEBKIT_DRIVER } from './display-setup.ts';
import { GERMAN_LOCALE } from './global-setup.ts';
import { type FakeOptions, Fakes } from '../browser/fakes.ts';
import { startFakingProxy } from './faking-proxy.ts';
import { startRefusingProxy, type LoopbackProxy, type ProxiedRequest } from './refusing-proxy.ts';

/** One MiniBrowser, driven through WebDriver, for the tests of one file. */
export interface WebKit {
  driver: WebDriver;
  /** Third-party requests the pages made, refused (or faked) by the proxy, in order. */
  thirdParty: ProxiedRequest[];
}

/** What the page's console and error events reported, from before the load event on (visit). */
export interface PageConsole {
  /** `console.error` calls, uncaught errors and unhandled rejections. */
  errors: string[];
  warnings: string[];
}

/**
 * `test` for the WebKit tests: `webkit` is the file's browser, started for its first test and
 * ended after its last (its tests run one after another, each visiting its own page). It runs
 * in the C library's neutral locale whatever the machine's: its language is `C`, which the pages
 * take for their default locale.
 */
export const webkitTest = test.extend('webkit', { scope: 'file' }, ({}, { onCleanup }) => startWebKit(onCleanup, { LC_ALL: 'C.UTF-8' }));

/**
 * `test` with a German visitor's WebKit: run in the German locale the global setup generated,
 * it gives `navigator.languages` one entry, `de-DE`, as Safari on a German iPhone does.
 */
export const germanWebkitTest = test.extend('webkit', { scope: 'file' }, ({}, { onCleanup }) =>
  startWebKit(onCleanup, { LOCPATH: inject('localePath'), LC_ALL: GERMAN_LOCALE }),
);

/**
 * `test` whose WebKit's third parties are answered by `fakes`, fakes of `options` (tests/browser/fakes.ts), through
 * the faking proxy, over https with the tests' own certificate, which the session accepts. Each test has a
 * WebKit of its own, which has never visited anything: no cache, no cookie.
 */
export function fakedWebkitTest(options: FakeOptions) {
  return test
    .extend('fakes', () => new Fakes(options))
    .extend('webkit', ({ fakes }, { onCleanup }) => startWebKit(onCleanup, { LC_ALL: 'C.UTF-8' }, () => startFakingProxy(fakes)));
}

/**
 * Starts the proxy (by default one that refuses every third party), a driver whose MiniBrowser runs with `env`
 * added to its environment, and a session; `onCleanup` ends them.
 */
async function startWebKit(
  onCleanup: (cleanup: () => Promise<void>) => void,
  env: Record<string, string>,
  startProxy: () => Promise<LoopbackProxy> = startRefusingProxy,
): Promise<WebKit> {
  const proxy = await startProxy();
  const faking = startProxy !== startRefusingProxy;
  const driverProcess = await startDriver(env).catch(async (error: unknown) => {
    await proxy.close();
    throw error;
  });
  let driver: WebDriver | undefined;
  onCleanup(async () => {
    await driver?.quit().catch(() => undefined);
    driverProcess.process.kill();
    await proxy.close();
  });
  driver = await new Builder()
    .usingServer(driverProcess.url)
    .withCapabilities({
      browserName: 'MiniBrowser',
      // The faking proxy's certificate is its own.
      acceptInsecureCerts: faking,
      // Navigation returns at once, so that visit() hooks the console before the page's load event.
      pageLoadStrategy: 'none',
      'webkitgtk:browserOptions': {
        // WebDriver's own proxy capability sends https to the proxy as TLS, with no host to record; MiniBrowser's option sends a CONNECT.
        args: ['--automation', `--proxy=${proxy.url}`, ...localAddresses().map((address) => `--ignore-host=${address}`)],
      },
    })
    .build();
  // As narrow as the window gets (MiniBrowser's toolbar keeps it wider than a phone), and a phone's height.
  await driver.manage().window().setRect({ width: 390, height: 844 });
  return { driver, thirdParty: proxy.requests };
}

/** The names and IPv4 addresses of this machine (loopback and LAN), which the pages reach directly and the proxy never sees. */
function localAddresses(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).filter((entry) => entry.family === 'IPv4').map((entry) => entry.address),
  );
  return ['localhost', ...new Set(addresses)];
}

/**
 * This machine's first non-loopback IPv4 address: where a phone on the same network would open
 * a preview (`serve --host <address>`). Traffic to it never leaves the machine.
 */
export function lanAddress(): string {
  const address = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('This machine has no non-loopback IPv4 address to preview at, as a phone on its network would.');
  return address;
}

/**
 * Opens `url` in the session's window and hooks the page's console and error events as soon as
 * its document exists, which is before hydration: React is loaded only at the visitor's first
 * interaction (page/runtime/hydration.ts), which waitForHydration makes. WebKitGTK's driver
 * has no earlier hook (no BiDi, no log endpoint, no script run before the page's own), so a hook
 * that finds hydration already begun is not trusted: the page is visited again. Resolves once
 * the page has loaded.
 */
export async function visit({ driver }: WebKit, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // Marks the document being left, so that the hook below waits for the next one.
    await driver.executeScript('window.__storeLandingLeft = true;');
    await driver.get(url);
    const hooked = await waitFor(driver, HOOK_CONSOLE, `the document of ${url}`);
    if (hooked === 'in time') break;
    if (attempt === 3)
      throw new Error(`The console of ${url} was hooked after hydration began, ${attempt} times: its errors could go unseen.`);
  }
  await waitFor(driver, 'return document.readyState === "complete" || null;', `the load event of ${url}`);
}

/** What the page's console reported since visit() hooked it. */
export function consoleOf({ driver }: WebKit): Promise<PageConsole> {
  return driver.executeScript('return window.__storeLandingConsole;');
}

/**
 * Makes the visitor's first interaction, a real key press that moves nothing (Shift), which is
 * when the runtime loads React, and resolves once the islands have hydrated.
 */
export async function waitForHydration({ driver }: WebKit): Promise<void> {
  await driver.actions({ async: true }).keyDown(Key.SHIFT).keyUp(Key.SHIFT).perform();
  await waitFor(driver, 'return document.documentElement.hasAttribute("data-hydrated") || null;', 'hydration (<html data-hydrated>)');
}

/**
 * Runs in the page: null while the window still shows the document being left; otherwise hooks
 * the console once and says whether that was in time: 'late' once hydration has begun, which
 * hydrateRoot marks on each island's container (React's `__reactContainer$` key) before it renders anything.
 */
const HOOK_CONSOLE = `
  if (window.__storeLandingLeft || location.href === 'about:blank') return null;
  if (!window.__storeLandingConsole) {
    const page = { errors: [], warnings: [] };
    const begun = document.documentElement.hasAttribute('data-hydrated') || [...document.querySelectorAll('[data-slider] *')].some((node) => Object.keys(node).some((key) => key.startsWith('__reactContainer$')));
    const record = (list, original) => (...args) => {
      list.push(args.map((arg) => (arg instanceof Error ? arg.name + ': ' + arg.message : String(arg))).join(' '));
      original.apply(console, args);
    };
    console.error = record(page.errors, console.error);
    console.warn = record(page.warnings, console.warn);
    addEventListener('error', (event) => page.errors.push('uncaught: ' + event.message));
    addEventListener('unhandledrejection', (event) => page.errors.push('unhandled rejection: ' + String(event.reason)));
    window.__storeLandingConsole = page;
    window.__storeLandingHooked = begun ? 'late' : 'in time';
  }
  return window.__storeLandingHooked;
`;

/**
 * Where the slider's track (`data-slider="<slider>"`) stopped once its transition ended, from its computed
 * transform: negative is moved left.
 */
export function settledTranslation({ driver }: WebKit, slider: string): Promise<number> {
  return waitFor(
    driver,
    `const track = document.querySelector('[data-slider="${slider}"] .slider__track');
     if (track.getAnimations().length) return null;
     const transform = getComputedStyle(track).transform;
     return transform === 'none' ? 0 : new DOMMatrix(transform).m41;`,
    `the ${slider} track to stop`,
  );
}

/** Scrolls `element` to the middle of the window. */
export async function bringIntoView({ driver }: WebKit, element: WebElement): Promise<void> {
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" });', element);
}

/**
 * Presses left of the row's middle and moves `deltaX` px across it. WebKitGTK delivers WebDriver's
 * touch pointers as a mouse, so this stands for both a swipe and a drag: one pointer-event path.
 */
export async function drag(webkit: WebKit, row: WebElement, deltaX: number): Promise<void> {
  await bringIntoView(webkit, row);
  await webkit.driver
    .actions({ async: true })
    .move({ origin: row, x: -40, y: 0 })
    .press()
    .move({ origin: Origin.POINTER, x: deltaX, y: 0, duration: 200 })
    .release()
    .perform();
}

/** The first request to `host` (`name:port`) the proxy heard at `since` (Date.now()) or later, waited for up to 5 s. */
export async function waitForRequest(webkit: WebKit, host: string, since = 0): Promise<ProxiedRequest> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const request = webkit.thirdParty.find((request) => request.host === host && request.at >= since);
    if (request) return request;
    if (Date.now() > deadline)
      throw new Error(
        `No request to ${host} within 5 s; the page asked for: ${webkit.thirdParty.map((request) => request.host).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Polls `script` in the page until it returns something other than null; fails after 30 s (a
 * busy machine) naming `what`. A poll that meets a document unloading (the one a navigation
 * leaves) counts as null.
 */
export async function waitFor<T>(driver: WebDriver, script: string, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const result = await driver.executeScript<T | null>(script).catch((error: unknown) => {
      if ((error as Error).name === 'NoSuchFrameError') return null;
      throw error;
    });
    if (result !== null) return result;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts a WebKitWebDriver of this file's own (it drives one session at a time) on a free port,
 * on the project's display, with `env` added to the environment it passes on to MiniBrowser;
 * resolves once it answers.
 */
async function startDriver(env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
  const port = await findFreePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, ...env, DISPLAY: inject('webkitDisplay') },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  let ended: number | null | undefined;
  driver.once('exit', (code) => (ended = code));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (ended !== undefined) throw new Error(`WebKitWebDriver ended (exit code ${ended}) before it answered on port ${port}.`);
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, process: driver };
    if (Date.now() > deadline) {
      driver.kill();
      throw new Error(`WebKitWebDriver did not answer on port ${port} within 15 s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port free now: the driver would listen on port 0 too, but never says which port it got. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
