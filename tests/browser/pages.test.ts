// Every served page in a real browser: loads clean, hydrates without mismatch, negotiates language, 404s and refuses traversal.
import { request } from 'node:http';
import { describe, expect, inject } from 'vitest';
import { defaultPages } from '../helpers.ts';
import { browserTest, openPage, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('served pages', () => {
  browserTest('lists the 20 pages', () => {
    expect(defaultPages).toHaveLength(20);
  });

  browserTest.for(defaultPages)('%s loads and hydrates with no console error or warning', async (path, { context }) => {
    const { page, console: messages, errors } = await openPage(context);
    const response = await page.goto(baseUrl + path, { waitUntil: 'load' });
    expect(response!.status()).toBe(200);
    // The server HTML is complete before React runs.
    const serverHtml = await response!.text();
    expect(serverHtml).toContain('data-cta="get"');
    await waitForHydration(page);
    const lang = path.split('/')[1];
    expect(await page.$eval('html', (html) => html.lang)).toBe(['de', 'es', 'fr'].includes(lang!) ? lang : 'en');
    // The hydrated DOM shows the same text the server sent.
    const serverText = await page.evaluate((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return doc.getElementById('root')!.textContent;
    }, serverHtml);
    expect(await page.$eval('#root', (root) => root.textContent)).toBe(serverText);
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserTest('serves the German page on /feature1?x=1 to Accept-Language de-DE, keeping the URL', async ({ context }) => {
    const { page } = await openPage(context, { acceptLanguage: 'de-DE,de;q=0.9,en;q=0.5' });
    const response = await page.goto(`${baseUrl}/feature1?x=1`, { waitUntil: 'load' });
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-language']).toBe('de');
    expect(response!.headers()['vary']).toContain('Accept-Language');
    expect(await page.$eval('html', (html) => html.lang)).toBe('de');
    expect(await page.$eval('body', (body) => body.innerText)).toContain('Bewertungen und Rezensionen');
    expect(page.url()).toBe(`${baseUrl}/feature1?x=1`);
  });

  browserTest('serves /en/feature1 as the plain English page', async ({ context }) => {
    const { page } = await openPage(context, { acceptLanguage: 'fr' });
    const response = await page.goto(`${baseUrl}/en/feature1`, { waitUntil: 'load' });
    expect(response!.status()).toBe(200);
    expect(await page.$eval('html', (html) => html.lang)).toBe('en');
  });

  browserTest('answers an unknown path with status 404 and the error text', async ({ context }) => {
    const { page } = await openPage(context);
    const response = await page.goto(`${baseUrl}/no-such-page?utm_source=x`, { waitUntil: 'load' });
    expect(response!.status()).toBe(404);
    const text = await page.$eval('body', (body) => body.innerText);
    expect(text).toContain('Unexpected Application Error!');
    expect(text).toContain('404 Not Found');
  });

  browserTest('shows the error page with the message when rendering fails in the browser', async ({ context }) => {
    const { page } = await openPage(context);
    // Break the embedded island props before the client entry reads them: an island throws while hydrating.
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('readystatechange', () => {
        const element = document.getElementById('island-props');
        if (element && document.readyState === 'interactive') {
          const props = JSON.parse(element.textContent!);
          delete props.islands.reviews.reviews;
          element.textContent = JSON.stringify(props);
        }
      });
    });
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => {
        window.dispatchEvent(new KeyboardEvent('keydown'));
        return document.body.innerText.includes('Unexpected Application Error!');
      },
      { timeout: 15_000, polling: 200 },
    );
    expect(await page.$eval('h3', (h3) => h3.textContent)).toMatch(/map|undefined/);
    // In place of the whole page, as the app's render error always was.
    expect(await page.$('[data-slider]')).toBeNull();
  });
});

/** A raw GET, so the path reaches the server exactly as written (browsers normalise `..`). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve refuses paths outside the build', () => {
  browserTest.for([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/package.json',
    '/..%2fpackage.json',
    '/%252e%252e/package.json',
    '/..\\package.json',
    '/%5c..%5cpackage.json',
    '/feature1/../../package.json',
    '/assets/%00../../package.json',
  ])('%s gets the 404 page', async (path, { context }) => {
    const { status, body } = await rawGet(path);
    expect(status).toBe(404);
    expect(body).toContain('404 Not Found');
    expect(body).not.toContain('"store-landing"');
  });

  browserTest('serves config.json as JSON and hashed assets as immutable', async ({ context }) => {
    const config = await fetch(`${baseUrl}/config.json`);
    expect(config.headers.get('content-type')).toMatch(/^application\/json/);
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /src="(\/assets\/runtime-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    const response = await fetch(baseUrl + asset, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });
});
