// Launches Debian's Chromium through Puppeteer for screenshots, the browser tests and the Lighthouse script: one path, one set of flags.
import { existsSync } from 'node:fs';
import type { Browser, LaunchOptions } from 'puppeteer';
import { ChromiumMissing } from './errors.ts';

/** Debian's Chromium, unless PUPPETEER_EXECUTABLE_PATH names another. */
export function chromiumPath(): string {
  return process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
}

/**
 * Headless, as root in a container (no sandbox), and quiet on a closed network: without the
 * background-networking flags Chromium keeps dialling Google's hosts. Without the two omnibox
 * features, each new window (every browser context) starts a renderer of its own for the
 * address bar's drop-down, which nobody sees headless, and that renderer loads its pages on the
 * same cores as the page under test. Without the spare renderer, Chromium does not start a
 * renderer process ahead of a navigation that may never come: each window and page here
 * gets one as it opens, and the spare would be started again after each, for nothing.
 * Puppeteer merges this --disable-features with its own.
 */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
];

/**
 * Launches Chromium headless with our flags plus `extraArgs`, talking to it over a pipe, not a
 * WebSocket: the pipe is Chromium's lifeline, so when this process dies by any signal (SIGKILL
 * included, which no handler sees) the pipe closes and Chromium exits with it.
 * @throws UserError (ChromiumMissing) when there is no browser at `options.executablePath`, else chromiumPath().
 */
export async function launchChromium(extraArgs: string[] = [], options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? chromiumPath();
  if (!existsSync(executablePath)) throw ChromiumMissing.create(executablePath);
  // Loaded here, not at the top: commands other than screenshots never pay for Puppeteer.
  const { default: puppeteer } = await import('puppeteer');
  return puppeteer.launch({ executablePath, headless: true, pipe: true, args: [...FLAGS, ...extraArgs], ...options });
}
