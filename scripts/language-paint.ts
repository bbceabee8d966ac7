// `npm run bench:language`: on a host that negotiates nothing, when is the visitor's language painted
// (Chromium at 4x CPU slowdown), and what does an English visitor pay for it.
//
// The default config is built and served twice: as plain files (sirv, no negotiation: a bucket,
// GitHub Pages) and by `store-landing serve` (the language picked from Accept-Language, as the
// host adapters do). For each case, RUNS fresh tabs; medians of the first contentful paint of
// the page in the visitor's language, from the start of the navigation.
import type { Browser, CDPSession, Page } from 'puppeteer';
import { launchChromium } from '../generator/shared/chromium.ts';
import { servePlainFiles } from '../tests/local-servers.ts';
import { buildAndServe } from './serve-child.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CPU_SLOWDOWN = 4;
const PAGE = '/feature1?utm_source=facebook&fbclid=abc';

interface Case {
  name: string;
  origin: string;
  languages: string;
  /** The English page served without its inline script (the cost it adds). */
  withoutScript?: boolean;
}

/** Milliseconds from the start of the navigation to the first contentful paint of the page it ends on, and that page's language. */
async function firstPaint(browser: Browser, test: Case): Promise<{ ms: number; lang: string }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const cdp: CDPSession = await page.createCDPSession();
  await cdp.send('Network.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: test.languages });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.setRequestInterception(true);
  page.on('request', (request) => void answer(page, request, test));
  const started = Date.now();
  await page.goto(test.origin + PAGE, { waitUntil: 'load' });
  const paint = await page.evaluate(
    () =>
      new Promise<{ at: number; lang: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const fcp = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
          if (fcp) resolve({ at: performance.timeOrigin + fcp.startTime, lang: document.documentElement.lang });
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return { ms: paint.at - started, lang: paint.lang };
}

async function answer(_page: Page, request: import('puppeteer').HTTPRequest, test: Case) {
  const url = new URL(request.url());
  if (url.hostname !== '127.0.0.1') return request.respond({ status: 200, contentType: 'text/javascript', body: '' });
  if (!test.withoutScript || request.resourceType() !== 'document') return request.continue();
  const response = await fetch(request.url(), { headers: request.headers() });
  const html = (await response.text()).replace(/<script>.*?<\/script>/s, '');
  return request.respond({ status: response.status, contentType: 'text/html', body: html });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const served = await buildAndServe();
const plain = await servePlainFiles(served.outDir);

const cases: Case[] = [
  { name: 'German visitor, plain host (redirected by the inline script)', origin: plain.origin, languages: 'de-DE,de;q=0.9' },
  { name: 'German visitor, negotiating host (serve)', origin: served.baseUrl, languages: 'de-DE,de;q=0.9' },
  { name: 'English visitor, plain host, with the inline script', origin: plain.origin, languages: 'en-US,en;q=0.9' },
  { name: 'English visitor, plain host, script removed', origin: plain.origin, languages: 'en-US,en;q=0.9', withoutScript: true },
];
const browser = await launchChromium();
try {
  const results = new Map(cases.map((test) => [test.name, [] as number[]]));
  // Interleaved, so a busy moment of the machine falls on every case alike.
  for (let run = 0; run < RUNS; run++) {
    for (const test of cases) {
      const { ms, lang } = await firstPaint(browser, test);
      const expected = test.languages.slice(0, 2);
      if (lang !== expected) throw new Error(`${test.name}: painted ${lang}, expected ${expected}.`);
      results.get(test.name)!.push(ms);
    }
  }
  console.log(
    `First contentful paint of the visitor's language on ${PAGE}, Chromium at ${CPU_SLOWDOWN}x CPU slowdown, medians of ${RUNS} (ms):`,
  );
  for (const [name, values] of results)
    console.log(`  ${name.padEnd(64)} ${String(Math.round(median(values))).padStart(6)}   (${values.map(Math.round).join(', ')})`);
} finally {
  await browser.close();
  await plain.close();
  served.stop();
}
