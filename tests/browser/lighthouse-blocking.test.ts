// `npm run lighthouse`'s split of Total Blocking Time, on a real Lighthouse run: the page's own long task is
// the page's, not Chromium's navigation, and is named as its longest.
import lighthouse from 'lighthouse';
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { causeOf, runningBlocking, runningPart, splitBlockingTime } from '../../scripts/lighthouse-blocking.ts';
import { serveOnLoopback, type LocalServer } from '../local-servers.ts';
import { launchBrowser } from './browser.ts';

/**
 * Busy for 200 ms once the first frame is painted: 800 ms on Lighthouse's simulated phone, 750 ms of it
 * blocking. Long enough that no task of Chromium's, stretched by a busy machine, outlasts it.
 */
const LONG_TASK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long task</title></head><body><h1>A page with one long task</h1>' +
  '<script>requestAnimationFrame(() => setTimeout(() => { const end = performance.now() + 200; while (performance.now() < end); }));</script>' +
  '</body></html>';

let server: LocalServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveOnLoopback((_request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(LONG_TASK_PAGE),
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test("a page's own long task counts as its own blocking time, and the split adds up to Lighthouse's TBT", async () => {
  const page = await browser.newPage();
  const url = `${server.origin}/`;
  const result = (await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page))!;
  await page.close();

  // splitBlockingTime throws unless its task-by-task total matches the audit's.
  const split = await splitBlockingTime(result);
  expect(split.total).toBeCloseTo(result.lhr.audits['total-blocking-time']!.numericValue!, 0);
  expect(split.navigation).toBeGreaterThanOrEqual(0);
  // The 200 ms task, four times slower, less the 50 ms that do not block, is 750 ms; what of it the
  // simulation places before its first paint does not count, so at least 500 ms whatever the machine's load.
  expect(split.total - split.navigation).toBeGreaterThanOrEqual(500);
  // And it is the page's longest task, named by what ran it: the timer's callback in the page's own script.
  expect(split.longestOwnTask.duration).toBeGreaterThanOrEqual(800);
  expect(split.longestOwnTask.cause).toMatch(/^(TimerFire|FunctionCall)\b/);
  // A busy loop runs whenever it has a core; how often it has one depends on the machine's load.
  expect(split.longestOwnTask.running).toBeGreaterThan(0);
  expect(split.longestOwnTask.running).toBeLessThanOrEqual(split.longestOwnTask.duration);
  // The same loop counted by its running part alone blocks too, and never more than it did whole.
  expect(split.ownRunning).toBeGreaterThan(0);
  expect(split.ownRunning).toBeLessThanOrEqual(split.total - split.navigation + 1e-9);
});

test("a task's running part is its simulated duration in the share of the observed task its thread ran", () => {
  // Observed 30 ms, 12 of them on a core: 120 ms on the simulated phone, 48 of them running.
  expect(runningPart({ dur: 30_000, tdur: 12_000 }, 120)).toBeCloseTo(48);
  expect(runningPart({ dur: 30_000, tdur: 30_000 }, 120)).toBe(120);
  expect(runningPart({ dur: 30_000 }, 120)).toBeNaN();
});

test('a task counted by its running part blocks only for what of that part passes 50 ms inside the window', () => {
  // Observed 30 ms, 12 on a core: 120 ms simulated, 48 running, under the 50 ms threshold.
  expect(runningBlocking({ dur: 30_000, tdur: 12_000 }, { start: 1000, duration: 120 }, 0, 5000)).toBe(0);
  // Running throughout: all 120 ms, 70 of them blocking; from a window opening at 1050, 70 ms inside it, 20 blocking.
  expect(runningBlocking({ dur: 30_000, tdur: 30_000 }, { start: 1000, duration: 120 }, 0, 5000)).toBeCloseTo(70);
  expect(runningBlocking({ dur: 30_000, tdur: 30_000 }, { start: 1000, duration: 120 }, 1050, 5000)).toBeCloseTo(20);
  // Without thread times in the trace, the task counts whole.
  expect(runningBlocking({ dur: 30_000 }, { start: 1000, duration: 120 }, 0, 5000)).toBeCloseTo(70);
});

test('a task with no traced event inside is named as such, not as work of the page', () => {
  const task = { name: 'RunTask', ts: 0, dur: 30_000 };
  const timer = { name: 'TimerFire', ts: 100, dur: 29_000, args: { data: { url: 'https://landing.example/assets/runtime-x.js' } } };
  const layout = { name: 'Layout', ts: 200, dur: 20_000 };
  const node = (childEvents: object[]) => ({ event: task, childEvents }) as unknown as Parameters<typeof causeOf>[0];
  expect(causeOf(node([task]))).toBe('RunTask (nothing traced inside)');
  expect(causeOf(node([task, timer, layout]))).toBe('TimerFire › Layout runtime-x.js');
});
