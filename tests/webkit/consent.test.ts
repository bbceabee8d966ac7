// Consent mode `required` in WebKit: the iOS-style prompt shows at the bottom of the screen, nothing
// third-party is asked for until the visitor taps Allow, and Don't Allow holds across a reload.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { By } from 'selenium-webdriver';
import { describe, expect } from 'vitest';
import { fixtureSite } from '../browser/fixture-site.ts';
import { consoleOf, visit, waitFor, waitForHydration, waitForRequest, webkitTest, type WebKit } from './webkit.ts';

// tests/fixtures/site/runtime-consent.yaml: runtime-tracking.yaml with tracking.consent: required.
const site = fixtureSite('runtime-consent');
const PROMPT = '[data-consent-prompt]';
/** The hosts the runtime loads its vendors from once allowed: Meta's pixel, AppsFlyer's Web SDK and Smart Script, the payment SDK. */
const TRACKER_HOSTS = [
  'connect.facebook.net:443',
  'websdk.appsflyer.com:443',
  'onelinksmartscript.appsflyer.com:443',
  'js.braintreegateway.com:443',
];
/** Long enough for everything the runtime defers (load, then its idle fallback: the payment SDK) to have started, were it allowed to. */
const SETTLE_MS = 2500;

/** The prompt's texts as the fixture's English locale file writes them. */
const texts: { title: string; body: string; allow: string; decline: string } = JSON.parse(
  readFileSync(path.resolve('tests/fixtures/site', site.settings.localesDir, 'en.json'), 'utf8'),
).consent;

/**
 * The feature page with no answer stored. The origin's storage is cleared from its split-test
 * config, a document that runs nothing: a page of an earlier test could still be asking for a
 * vendor. Resolves with the moment the page is visited.
 */
async function visitUnanswered(webkit: WebKit): Promise<number> {
  await visit(webkit, `${site.url}/config.json`);
  await webkit.driver.executeScript('localStorage.clear();');
  const since = Date.now();
  await visit(webkit, `${site.url}/feature1?utm_source=fb&fbclid=abc`);
  return since;
}

/** The prompt once shown: its dialog's title and description, its buttons in order, and where the card is in the window. */
function readPrompt({ driver }: WebKit) {
  return waitFor<{
    title: string;
    body: string;
    buttons: string[][];
    card: { left: number; right: number; bottom: number };
    window: { width: number; height: number };
  }>(
    driver,
    `const dialog = document.querySelector('${PROMPT} [role="dialog"]');
     if (!dialog) return null;
     const byId = (id) => document.getElementById(id).textContent;
     const box = dialog.getBoundingClientRect();
     return {
       title: byId(dialog.getAttribute('aria-labelledby')),
       body: byId(dialog.getAttribute('aria-describedby')),
       buttons: [...dialog.querySelectorAll('button')].map((button) => [button.getAttribute('data-consent'), button.textContent]),
       card: { left: box.left, right: box.right, bottom: box.bottom },
       window: { width: innerWidth, height: innerHeight },
     };`,
    'the consent prompt',
  );
}

async function tap({ driver }: WebKit, answer: 'allow' | 'decline') {
  await driver.findElement(By.css(`${PROMPT} [data-consent="${answer}"]`)).click();
  await waitFor(driver, `return document.querySelector('${PROMPT}') === null || null;`, 'the prompt to go');
}

/** The hosts of the vendors the page asked for (the proxy refused) at `since` or later. */
function trackersAskedFor(webkit: WebKit, since: number): string[] {
  return webkit.thirdParty.filter((request) => request.at >= since && TRACKER_HOSTS.includes(request.host)).map((request) => request.host);
}

function consentState({ driver }: WebKit): Promise<string> {
  return driver.executeScript('return window.storeLanding.consentState();');
}

/** After a reload, hydration and a settling time: whether the page shows the prompt again. */
async function promptAfterReload(webkit: WebKit): Promise<boolean> {
  await visit(webkit, await webkit.driver.getCurrentUrl());
  await waitForHydration(webkit);
  await webkit.driver.sleep(SETTLE_MS);
  return webkit.driver.executeScript(`return document.querySelector('${PROMPT}') !== null;`);
}

describe('consent required, in WebKit', () => {
  webkitTest('asks in a card at the bottom of the screen and asks for nothing third-party before an answer', async ({ webkit }) => {
    const since = await visitUnanswered(webkit);
    const prompt = await readPrompt(webkit);
    expect([prompt.title, prompt.body, prompt.buttons]).toEqual([
      texts.title,
      texts.body,
      [
        ['decline', texts.decline],
        ['allow', texts.allow],
      ],
    ]);
    // Not modal: the card sits at the bottom of the window, inside its width.
    expect(prompt.card.bottom).toBeLessThanOrEqual(prompt.window.height);
    expect(prompt.card.bottom).toBeGreaterThan(prompt.window.height - 40);
    expect(prompt.card.left).toBeGreaterThanOrEqual(0);
    expect(prompt.card.right).toBeLessThanOrEqual(prompt.window.width);
    await waitForHydration(webkit);
    await webkit.driver.sleep(SETTLE_MS);
    expect(webkit.thirdParty.filter((request) => request.at >= since)).toEqual([]);
    expect(await consentState(webkit)).toBe('pending');
    expect((await consoleOf(webkit)).errors).toEqual([]);
  });

  webkitTest(
    'Allow: the prompt goes and every vendor is asked for; after a reload, they are at once, with no prompt',
    async ({ webkit }) => {
      const since = await visitUnanswered(webkit);
      await readPrompt(webkit);
      await tap(webkit, 'allow');
      for (const host of TRACKER_HOSTS) await waitForRequest(webkit, host, since);
      expect(await consentState(webkit)).toBe('granted');
      expect(await webkit.driver.executeScript('return localStorage.getItem("store-landing:consent");')).toBe('granted');
      const reloaded = Date.now();
      expect(await promptAfterReload(webkit)).toBe(false);
      expect(trackersAskedFor(webkit, reloaded)).toContain('connect.facebook.net:443');
      expect((await consoleOf(webkit)).errors).toEqual([]);
    },
  );

  webkitTest(
    'Don\u2019t Allow: the prompt goes and nothing third-party is asked for, on this load or after a reload',
    async ({ webkit }) => {
      const since = await visitUnanswered(webkit);
      await readPrompt(webkit);
      await tap(webkit, 'decline');
      await waitForHydration(webkit);
      await webkit.driver.sleep(SETTLE_MS);
      expect(await consentState(webkit)).toBe('denied');
      expect(await webkit.driver.executeScript('return localStorage.getItem("store-landing:consent");')).toBe('denied');
      expect(await promptAfterReload(webkit)).toBe(false);
      expect(webkit.thirdParty.filter((request) => request.at >= since)).toEqual([]);
      expect((await consoleOf(webkit)).errors).toEqual([]);
    },
  );
});
