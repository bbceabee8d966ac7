// `store-landing dev` in Chromium, started as users start it: an edited locale string reaches the open page
// by itself; a broken YAML shows the overlay naming the line; fixing it removes the overlay.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevProject } from '../../scripts/dev-fixture.ts';
import { devProject, repoRoot } from '../helpers.ts';
import { launchBrowser, openPage, type TestPage } from './browser.ts';

let project: DevProject;
let child: ChildProcess;
let url: string;
let browser: Browser;

/** Starts `store-landing dev --json` in the project and resolves to its URL (from the "ready" line). */
function startDev(): Promise<string> {
  child = spawn(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), 'dev', '-c', 'variants.yaml', '-p', '0', '--json'], {
    cwd: project.dir,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('\n')) return;
      const ready = JSON.parse(output.split('\n')[0]!);
      if (ready.ok) resolve(ready.url);
      else reject(new Error(`dev did not start: ${output}`));
    });
    child.on('exit', (code) => reject(new Error(`dev exited with ${code}: ${output}`)));
  });
}

/** The overlay's text (in its shadow root), or null when there is none. */
const overlayText = (tab: TestPage) =>
  tab.page.evaluate(() => document.querySelector('store-landing-error-overlay')?.shadowRoot?.textContent ?? null);

beforeAll(async () => {
  project = await devProject();
  [url, browser] = await Promise.all([startDev(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  child?.kill('SIGINT');
});

describe('store-landing dev in Chromium', () => {
  it('shows an edited locale string without a manual reload, and a broken YAML as an overlay until it is fixed', async () => {
    const tab = await openPage(browser);
    await tab.page.goto(new URL('de/feature1', url).href, { waitUntil: 'load' });
    const de = JSON.parse(project.read('locales/de.json'));
    const before = de.app.subtitle as string;
    expect(await tab.page.evaluate(() => document.body.innerText)).toContain(before);
    // The page's stream is open before anything is edited.
    await tab.page.waitForSelector('html[data-store-landing-dev="connected"]');

    de.app.subtitle = 'Tippe eine Idee, sieh sie sofort';
    project.write('locales/de.json', JSON.stringify(de, null, 2));
    await tab.page.waitForFunction(
      (text) => document.body.innerText.includes(text),
      { timeout: 15_000 },
      'Tippe eine Idee, sieh sie sofort',
    );
    expect(await tab.page.evaluate(() => document.body.innerText)).not.toContain(before);

    const good = project.read('variants.yaml');
    const line = good.split('\n').indexOf('  rating: 4.5') + 1;
    project.write('variants.yaml', good.replace(/^ {2}rating: 4\.5$/m, '  rating: [4.5'));
    await tab.page.waitForFunction(() => document.querySelector('store-landing-error-overlay'), { timeout: 15_000 });
    const text = await overlayText(tab);
    expect(text).toContain(`variants.yaml:${line}:11`);
    expect(text).toContain('unclosed "["');
    expect(text).toMatch(new RegExp(`>\\s+${line} \\| {3}rating: \\[4\\.5`));
    // Styled from its constructed stylesheet, which the page's CSP allows.
    expect(await tab.page.evaluate(() => getComputedStyle(document.querySelector('store-landing-error-overlay')!).position)).toBe('fixed');
    // Behind it, the last good build.
    expect(await tab.page.evaluate(() => document.body.innerText)).toContain('Tippe eine Idee, sieh sie sofort');

    project.write('variants.yaml', good);
    await tab.page.waitForFunction(() => !document.querySelector('store-landing-error-overlay'), { timeout: 15_000 });
    expect(tab.errors).toEqual([]);
    expect(tab.console.filter((message) => /Content Security Policy|Refused|hydrat/i.test(message))).toEqual([]);
    await tab.page.close();
  });

  it('shows the overlay at once on a page opened while the config is broken', async () => {
    const good = project.read('variants.yaml');
    project.write('variants.yaml', good.replace('ratingCount: 25600', 'ratingCount: lots'));
    const tab = await openPage(browser);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tab.page.goto(new URL('feature1', url).href, { waitUntil: 'load' });
      await tab.page.waitForFunction(() => document.querySelector('store-landing-error-overlay'), { timeout: 15_000 });
      expect(await overlayText(tab)).toMatch(/variants\.yaml:\d+:\d+ app\.ratingCount/);
    } finally {
      project.write('variants.yaml', good);
      await tab.page.waitForFunction(() => !document.querySelector('store-landing-error-overlay'), { timeout: 15_000 });
      await tab.page.close();
    }
  });
});
