// The Chromium the browser tests start (browser.ts), in a module of its own so that global-setup.ts, which
// runs outside any test, can check that it is there.
import type { LaunchOptions } from 'puppeteer';
import { chromiumPath } from '../../generator/shared/chromium.ts';

/**
 * launchChromium's options for the tests' browser: Debian's headless shell
 * (`chromium-headless-shell`), or, when PUPPETEER_EXECUTABLE_PATH is set, that browser as
 * everywhere (launchChromium's default).
 */
export function testBrowserOptions(): LaunchOptions {
  return process.env.PUPPETEER_EXECUTABLE_PATH ? {} : { executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell' };
}

/** The binary testBrowserOptions starts. */
export function testBrowserPath(): string {
  return testBrowserOptions().executablePath ?? chromiumPath();
}
