// Polls a condition on a fixed interval until it holds: the tracking cookies (500 ms), the Smart Script (1 s).

/** The timer functions polling needs; `window` in the browser, fake timers in tests. */
export interface Clock {
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface Poll {
  /** Resolves the first time `check` returns true; never rejects. */
  done: Promise<void>;
  /** Stops polling; `done` then never resolves. */
  stop(): void;
}

function holds(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    // A third-party global that throws on access is "not ready yet", never an uncaught error.
    return false;
  }
}

/**
 * Checks once at once, then every `intervalMs` until `check()` is true, and stops there.
 * After `maxChecks` checks (the first included) it gives up without resolving.
 */
export function pollUntil(check: () => boolean, intervalMs: number, clock: Clock, maxChecks = Infinity): Poll {
  let handle: unknown;
  let stopped = false;
  const stop = () => {
    stopped = true;
    if (handle !== undefined) clock.clearInterval(handle);
    handle = undefined;
  };
  const done = new Promise<void>((resolve) => {
    let checks = 1;
    if (holds(check)) {
      stopped = true;
      resolve();
      return;
    }
    if (checks >= maxChecks) return;
    handle = clock.setInterval(() => {
      if (stopped) return;
      checks += 1;
      if (holds(check)) {
        stop();
        resolve();
      } else if (checks >= maxChecks) {
        stop();
      }
    }, intervalMs);
  });
  return { done, stop };
}
