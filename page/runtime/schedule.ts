// When deferred work runs: in tasks of its own, after the window's load event, or after load once the main thread is idle.

/** The part of `window` the scheduling needs. */
export interface SchedulingWindow {
  document: { readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void, options: { once: boolean }): void;
  setTimeout(handler: () => void, ms: number): unknown;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown;
}

/** The longest an idle callback may wait on a busy page before it runs anyway. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `task`, swallowing what it throws: each part of the runtime degrades on its own, and never surfaces as an uncaught error. */
export function safely(task: () => void): void {
  try {
    task();
  } catch {
    // At worst a part is missing: the CTA keeps the install link from the HTML, a third-party SDK or the QR code stays away.
  }
}

/** Runs `task` after the load event (at once when the page has already loaded). */
export function afterLoad(win: SchedulingWindow, task: () => void): void {
  if (win.document.readyState === 'complete') safely(task);
  else win.addEventListener('load', () => safely(task), { once: true });
}

/**
 * Runs `task` once the page is interactive: after load, then when the main thread is idle
 * (`requestIdleCallback`, missing in older Safari, where a short timeout stands in).
 */
export function afterLoadAndIdle(win: SchedulingWindow, task: () => void): void {
  afterLoad(win, () => {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(() => safely(task), { timeout: IDLE_TIMEOUT_MS });
    } else {
      win.setTimeout(() => safely(task), 1);
    }
  });
}

/**
 * Runs `parts` in order, the first at once and each of the others in a task of its own, so
 * the main thread can paint and answer input between them; a failing part never stops the
 * rest. No long task: Lighthouse's simulated phone runs the page four times slower than a
 * desktop, so a start-up that is short here is a long task there.
 */
export function inSeparateTasks(win: Pick<SchedulingWindow, 'setTimeout'>, parts: Array<() => void>): void {
  const [part, ...rest] = parts;
  if (!part) return;
  safely(part);
  if (rest.length) win.setTimeout(() => inSeparateTasks(win, rest), 0);
}
