// `npm run lighthouse [-- --markets | --networks] [-- --busy]`: Lighthouse (mobile emulation, simulated
// throttling) on Debian's Chromium against `store-landing serve`, medians of 3 runs.
//
// Third-party hosts are answered locally with empty scripts (request interception), so the
// figures measure our page, not Meta's, AppsFlyer's or Braintree's servers or this
// machine's closed network. By default it measures variants.yaml's pages; with --markets,
// the Japanese, Brazilian and Arabic pages of tests/fixtures/markets (its `launch` campaign,
// which has /feature1 beside /); with --networks, the pages of tests/fixtures/site/ad-networks.yaml,
// which turns on all four ad networks (their loaders answered empty, like every third party's).
// With --busy, a process spins on one core for the whole run, as
// other work on a phone (or a shared CI machine) would.
//
// Each TBT is split between Chromium's navigation (the tasks before the document is parsed) and
// the page's own tasks (lighthouse-blocking.ts); the own part is counted again by the time the
// page's thread ran, which moves less from hour to hour. A bare page (a heading and a line of
// text) is measured first under the same conditions: the floor no page can go below. Each page's
// longest task of its own is printed with what it was busy with, so a regression names its cause.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { launchChromium } from '../generator/shared/chromium.ts';
import { splitBlockingTime, type OwnTask } from './lighthouse-blocking.ts';
import { buildAndServe } from './serve-child.ts';

const { values: flags } = parseArgs({
  options: {
    markets: { type: 'boolean', default: false },
    networks: { type: 'boolean', default: false },
    busy: { type: 'boolean', default: false },
  },
});
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = flags.markets
  ? ['/ja/', '/ja/feature1', '/pt-BR/', '/pt-BR/feature1', '/ar/', '/ar/feature1']
  : flags.networks
    ? ['/', '/feature1', '/de', '/de/feature1']
    : ['/', '/feature1', '/de', '/de/feature1', '/es', '/es/feature1', '/fr', '/fr/feature1'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
const TARGETS = { fcp: 1000, lcp: 1200, tbt: 50, cls: 0 };

type Row = Record<(typeof CATEGORIES)[number], number> &
  Record<keyof typeof METRICS | 'tbtNavigation' | 'ownRunning' | 'longestOwn', number>;
/** One Lighthouse run: its figures, and the page's longest task of its own. */
interface Audit {
  row: Row;
  longest: OwnTask;
}

/** The floor: a page with nothing to load, parse or lay out beyond a heading and a line of text. */
const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Bare page</title><meta name="description" content="A heading and a line of text."></head>' +
  '<body><h1>Bare page</h1><p>A heading and a line of text.</p></body></html>';
const bareServer = createServer((_request, response) =>
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(BARE_PAGE),
);
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/`;

// The markets fixture's `launch` campaign has /feature1 beside / in every language.
const served = flags.markets
  ? await buildAndServe('tests/fixtures/markets/variants.yaml', 'launch')
  : flags.networks
    ? await buildAndServe('tests/fixtures/site/ad-networks.yaml')
    : await buildAndServe();
const { baseUrl } = served;

const browser = await launchChromium();
const spinner = flags.busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;

/** Lighthouse's CPU benchmark of this machine, one per run (higher is faster). */
const benchmarkIndexes: number[] = [];

/**
 * One Lighthouse run of `url` in a fresh tab whose third-party requests (all HTTPS; the
 * server is plain HTTP) are answered locally. Our own requests are not intercepted: pausing
 * each one for a round trip to this process would make them arrive later than they do.
 */
async function audit(url: string): Promise<Audit> {
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  session.on('Fetch.requestPaused', ({ requestId }) => {
    const emptyScript = { requestId, responseCode: 200, responseHeaders: [{ name: 'Content-Type', value: 'text/javascript' }], body: '' };
    session.send('Fetch.fulfillRequest', emptyScript).catch(() => {});
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: 'https://*' }] });
  const result = (await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, undefined, page))!;
  await page.close();
  const { categories, audits, environment } = result.lhr;
  benchmarkIndexes.push(environment.benchmarkIndex);
  const row = {} as Row;
  for (const category of CATEGORIES) row[category] = Math.round((categories[category]?.score ?? 0) * 100);
  for (const [key, id] of Object.entries(METRICS)) row[key as keyof typeof METRICS] = audits[id]?.numericValue ?? NaN;
  const split = await splitBlockingTime(result);
  row.tbtNavigation = split.navigation;
  row.ownRunning = split.ownRunning;
  row.longestOwn = split.longestOwnTask.duration;
  return { row, longest: split.longestOwnTask };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const header = [
  'page',
  'perf',
  'a11y',
  'best',
  'seo',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'nav ms',
  'own ms',
  'run ms',
  'CLS',
  'SI ms',
  'task ms',
  'TBT (nav) of each run',
  'longest own task (of the run where it was longest)',
];
const WIDTHS = header.map((_, i) => (i === 0 ? 18 : i === header.length - 2 ? 34 : i === header.length - 1 ? 0 : 7));
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i]!) : ` ${cell}`.padStart(WIDTHS[i]!))).join('');

/** RUNS audits of `url`, printed as one line of medians; returns the medians. */
async function measure(label: string, url: string): Promise<Row> {
  const audits: Audit[] = [];
  for (let i = 0; i < RUNS; i++) audits.push(await audit(url));
  const runs = audits.map((run) => run.row);
  const worst = audits.reduce((a, b) => (b.row.longestOwn > a.row.longestOwn ? b : a));
  const own = (run: Row) => run.tbt - run.tbtNavigation;
  const row = Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((run) => run[key as keyof Row]))])) as Row;
  console.log(
    line([
      label,
      ...CATEGORIES.map((category) => String(row[category])),
      row.fcp.toFixed(0),
      row.lcp.toFixed(0),
      row.tbt.toFixed(0),
      row.tbtNavigation.toFixed(0),
      median(runs.map(own)).toFixed(0),
      row.ownRunning.toFixed(0),
      row.cls.toFixed(3),
      row.si.toFixed(0),
      row.longestOwn.toFixed(0),
      // The one metric that varies much from run to run on a busy machine: shown whole.
      runs.map((run) => `${run.tbt.toFixed(0)} (${run.tbtNavigation.toFixed(0)})`).join(' / '),
      `${worst.longest.duration.toFixed(0)} ms (${worst.longest.running.toFixed(0)} running) ${worst.longest.cause}`,
    ]),
  );
  return row;
}

console.log(`Lighthouse ${RUNS} runs per page, medians (mobile, simulated throttling)${spinner ? ', one core kept busy' : ''}:`);
console.log("(nav: TBT from Chromium's navigation, before the document is parsed; own: the rest, the page's own tasks;");
console.log(" run: own as if each task had lasted only while the page's thread ran, not while it waited for a core or another process;");
console.log(" task: the page's longest task of its own on the simulated phone, median; the last column names what the longest of all did,");
console.log(" and how much of it the page's thread ran rather than waited for a core)\n");
console.log(line(header));
await measure('bare page (floor)', bareUrl);
let missed = 0;
for (const pagePath of PAGES) {
  const row = await measure(pagePath, baseUrl + pagePath);
  const scoresMet = CATEGORIES.every((category) => row[category] === 100);
  const metricsMet = row.fcp <= TARGETS.fcp && row.lcp <= TARGETS.lcp && row.tbt <= TARGETS.tbt && row.cls <= TARGETS.cls;
  if (!scoresMet || !metricsMet) missed++;
}
spinner?.kill();
await browser.close();
served.stop();
bareServer.close();
console.log(
  `\nLighthouse's CPU benchmark of this machine: ${median(benchmarkIndexes).toFixed(0)} (median; lowest ${Math.min(...benchmarkIndexes).toFixed(0)}).` +
    ' TBT is simulated from the tasks measured here, so anything else running on the machine makes it longer.',
);
console.log(
  missed
    ? `\n${missed} of ${PAGES.length} pages miss a target (100 in every category, FCP <= 1000 ms, LCP <= 1200 ms, TBT <= 50 ms, CLS 0).`
    : `\nEvery page meets the targets: 100 in every category, FCP <= 1000 ms, LCP <= 1200 ms, TBT <= 50 ms, CLS 0.`,
);
process.exitCode = missed ? 1 : 0;
