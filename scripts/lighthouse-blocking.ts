// Splits a Lighthouse run's Total Blocking Time between Chromium's navigation and the page's own tasks, for `npm run lighthouse`.
//
// Lighthouse's simulated TBT (Lantern) replays the trace's main-thread tasks four times slower
// on a simulated phone and sums what each task beyond 50 ms spends between the simulated FCP
// and TTI. The simulated FCP counts only the first parse, layout and paint tasks; the tasks
// before them are replayed too, so they push the page's first-screen tasks past FCP, and those
// that run long are counted themselves. The longest of them are Chromium's, before the document
// is parsed at all: finishing a garbage collection, then committing the navigation (mostly
// creating the window's script context). A bare page has them too, and a busy core stretches them.
import type { RunnerResult } from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

export interface BlockingSplit {
  /** Lighthouse's TBT, recomputed task by task (ms). */
  total: number;
  /** The part from tasks that started before the document's first parse: Chromium's navigation. */
  navigation: number;
  /**
   * The page's own part as if each of its tasks had lasted only while its thread ran (ms): the
   * same simulation, without the time the thread waited (for a core, or for another process). A
   * change to the page moves it; the machine's load moves it much less than the whole.
   */
  ownRunning: number;
  /** The page's own longest task as Lighthouse's simulated phone runs it (the pessimistic estimate), and what it was busy with. */
  longestOwnTask: OwnTask;
}

/** One task of the page's own. */
export interface OwnTask {
  /** Simulated duration (ms): the observed one times Lighthouse's CPU slowdown. */
  duration: number;
  /**
   * The part of `duration` the main thread was running (ms): the observed task's thread time over its
   * wall time. The rest it waited, for a core that other processes held or for another thread.
   */
  running: number;
  /** What took most of it: the longest event in it and the script or document it ran, e.g. `v8.evaluateModule client-X.js`. */
  cause: string;
}

type Estimate = 'optimistic' | 'pessimistic';

/**
 * Recomputes `result`'s TBT as Lighthouse does (the mean of the optimistic and the pessimistic
 * simulation) and attributes each simulated task's blocking time to the navigation or the page.
 * @throws Error when the recomputed total differs from the audit's figure (Lighthouse changed how it counts).
 */
export async function splitBlockingTime(result: RunnerResult): Promise<BlockingSplit> {
  const context = { computedCache: new Map(), settings: result.lhr.configSettings } as Parameters<
    typeof LanternTotalBlockingTime.request
  >[1];
  const data = Audit.makeMetricComputationDataInput(result.artifacts, context);
  const [tbt, fcp, tti] = await Promise.all([
    LanternTotalBlockingTime.request(data, context),
    LanternFirstContentfulPaint.request(data, context),
    LanternInteractive.request(data, context),
  ]);
  // As Lantern's TotalBlockingTime: each simulation takes the other estimate's FCP and its own TTI.
  const windows: Record<Estimate, { fcp: number; tti: number }> = {
    optimistic: { fcp: fcp.pessimisticEstimate.timeInMs, tti: tti.optimisticEstimate.timeInMs },
    pessimistic: { fcp: fcp.optimisticEstimate.timeInMs, tti: tti.pessimisticEstimate.timeInMs },
  };
  const { mainDocumentUrl } = result.artifacts.URL;
  const parseStart = result.artifacts.Trace.traceEvents.find(
    (event) => event.name === 'ParseHTML' && parsedUrl(event) === mainDocumentUrl,
  )?.ts;
  if (parseStart === undefined) throw new Error(`the trace has no parse of ${mainDocumentUrl}`);
  const split: BlockingSplit = { total: 0, navigation: 0, ownRunning: 0, longestOwnTask: { duration: 0, running: 0, cause: 'none' } };
  for (const estimate of ['optimistic', 'pessimistic'] as const) {
    const { nodeTimings } = tbt[`${estimate}Estimate`];
    const cpuTimings = [...nodeTimings!].filter(([node]) => node.type === 'cpu') as Array<
      [Lantern.Graph.CPUNode, { startTime: number; endTime: number; duration: number }]
    >;
    const { fcp: start, tti: end } = windows[estimate];
    for (const [node, timing] of cpuTimings) {
      const event = { start: timing.startTime, end: timing.endTime, duration: timing.duration };
      // Each estimate weighs one half, as in Lantern's coefficients for TBT.
      const blocking = Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent(event, start, end) / 2;
      split.total += blocking;
      const navigation = isNavigation(node, parseStart);
      if (navigation) {
        split.navigation += blocking;
        continue;
      }
      split.ownRunning += runningBlocking(node.event, event, start, end) / 2;
      if (estimate === 'pessimistic' && timing.duration > split.longestOwnTask.duration) {
        split.longestOwnTask = { duration: timing.duration, running: runningPart(node.event, timing.duration), cause: causeOf(node) };
      }
    }
  }
  const audited = result.lhr.audits['total-blocking-time']?.numericValue ?? NaN;
  if (!(Math.abs(split.total - audited) < 1)) {
    throw new Error(`TBT recomputed task by task is ${split.total.toFixed(1)} ms, Lighthouse says ${audited.toFixed(1)} ms`);
  }
  return split;
}

/**
 * Whether `node` is Chromium's navigation rather than the page's: it ran before the document's
 * first parse began, or it committed the navigation (a small document is parsed in that task).
 */
function isNavigation(node: Lantern.Graph.CPUNode, parseStart: number): boolean {
  if (node.startTime >= parseStart) return false;
  return node.endTime <= parseStart || node.childEvents.some((event) => event.name === 'DocumentLoader::CommitNavigation');
}

/**
 * The part of a task's `duration` its thread ran: the trace event's thread time (`tdur`) over its wall time
 * (`dur`); NaN when the trace has no thread time.
 */
export function runningPart(event: { dur?: number; tdur?: number }, duration: number): number {
  if (event.tdur === undefined || !event.dur) return NaN;
  return duration * Math.min(1, event.tdur / event.dur);
}

/**
 * A simulated task's blocking time between `start` and `end` had it lasted only its running part
 * (runningPart), from where the simulation started it. A trace without thread times counts whole.
 */
export function runningBlocking(
  traced: { dur?: number; tdur?: number },
  task: { start: number; duration: number },
  start: number,
  end: number,
): number {
  const running = runningPart(traced, task.duration);
  const duration = Number.isNaN(running) ? task.duration : running;
  return Lantern.Metrics.TBTUtils.calculateTbtImpactForEvent({ start: task.start, end: task.start + duration, duration }, start, end);
}

/** Trace events that only wrap a task's work, and say nothing of what it was. */
const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'RunMicrotasks']);

/**
 * What the task was busy with: its longest event (the outermost piece of work, such as a timer
 * or a script's evaluation), then, inside it, the event that took most of it, as long as one
 * took at least half (`TimerFire › Layout`), with the last part of the URL the work ran. A task
 * with no event inside is Chromium's own untraced work, or the thread waiting for a core.
 */
export function causeOf(node: Pick<Lantern.Graph.CPUNode, 'event' | 'childEvents'>): string {
  type Event = (typeof node.childEvents)[number];
  const events = node.childEvents.filter((event) => !WRAPPERS.has(event.name) && typeof event.dur === 'number');
  const longestOf = (candidates: Event[]) =>
    candidates.reduce<Event | undefined>((best, event) => (!best || event.dur! > best.dur! ? event : best), undefined);
  const outer = longestOf(events);
  if (!outer) return `${node.event.name} (nothing traced inside)`;
  let inner = outer;
  for (;;) {
    const within = events.filter(
      (event) => event !== inner && event.ts >= inner.ts && event.ts + event.dur! <= inner.ts + inner.dur! && event.dur! >= inner.dur! / 2,
    );
    const next = longestOf(within);
    if (!next) break;
    inner = next;
  }
  const url = urlOf(inner) ?? urlOf(outer) ?? events.map(urlOf).find(Boolean);
  const name = inner === outer ? outer.name : `${outer.name} › ${inner.name}`;
  return url ? `${name} ${url.split(/[?#]/)[0]!.split('/').pop() || url}` : name;
}

function urlOf(event: { args?: unknown }): string | undefined {
  const args = event.args as { data?: { url?: string; stackTrace?: Array<{ url?: string }> }; fileName?: string } | undefined;
  return args?.data?.url || args?.data?.stackTrace?.[0]?.url || args?.fileName || undefined;
}

function parsedUrl(event: { args?: unknown }): string | undefined {
  return (event.args as { beginData?: { url?: string } } | undefined)?.beginData?.url;
}
