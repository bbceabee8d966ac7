// launchChromium (generator/shared/chromium.ts), the full browser as the screenshots and the Lighthouse
// script start it: no process of Chromium's own UI, and no spare renderer, competes with the page for the
// machine.
import { spawnSync } from 'node:child_process';
import { beforeAll, expect, inject, test } from 'vitest';
import { launchChromium } from '../../generator/shared/chromium.ts';

const baseUrl = inject('baseUrl');

/** The command lines of the processes below `pid`, at any depth. */
function descendants(pid: number): string[] {
  const rows = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const processes = rows.map((row) => {
    const [, child, parent, args] = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(row)!;
    return { child: Number(child), parent: Number(parent), args: args! };
  });
  const below = new Set([pid]);
  let size = 0;
  while (below.size > size) {
    size = below.size;
    for (const { child, parent } of processes) if (below.has(parent)) below.add(child);
  }
  return processes.filter(({ child }) => child !== pid && below.has(child)).map(({ args }) => args);
}

/**
 * The full browser, as the product starts it (the browser tests' headless shell has no address
 * bar), with a page loaded in a new browser context, a window of its own as the second screenshot
 * worker opens; a second later, the renderers Chromium runs and the pages open.
 */
let renderers: string[];
let openPages: number;
beforeAll(async () => {
  const browser = await launchChromium();
  try {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    // Without the flags, the address bar's drop-down and the spare renderer have started by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    renderers = descendants(browser.process()!.pid!).filter((args) => args.includes('--type=renderer'));
    openPages = (await browser.pages()).length;
  } finally {
    await browser.close();
  }
});

test('a new window starts no renderer for the address bar, which would load beside the page under test', () => {
  expect(renderers.length).toBeGreaterThan(0);
  expect(renderers.filter((args) => args.includes('--top-chrome-webui'))).toEqual([]);
});

test('starts no spare renderer: one renderer per open page, none waiting for a navigation that may never come', () => {
  expect(renderers.length).toBeGreaterThan(0);
  expect(renderers.length).toBeLessThanOrEqual(openPages);
});
