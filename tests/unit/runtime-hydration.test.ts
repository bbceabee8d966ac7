// Lazy hydration: the client entry loads once, on the first interaction or when idle after load, whichever comes first.
import { describe, expect, it, vi } from 'vitest';
import { createHydration, scheduleHydration, type HydrationWindow } from '../../templates/runtime/hydration.ts';

/** A window with a controllable load state, idle callback and event listeners. */
function fakeWindow(readyState: DocumentReadyState = 'loading') {
  const listeners = new Map<string, Set<(event?: Event) => void>>();
  const idle: Array<() => void> = [];
  const win: HydrationWindow = {
    document: { readyState },
    addEventListener: (type: string, listener: (event?: Event) => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type: string, listener: (event?: Event) => void) => {
      listeners.get(type)?.delete(listener);
    },
    setTimeout: (handler: () => void) => handler(),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
  };
  return {
    win,
    fire: (type: string, event?: unknown) => [...(listeners.get(type) ?? [])].forEach((listener) => listener(event as Event)),
    runIdle: () => idle.splice(0).forEach((callback) => callback()),
    listening: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

describe('lazy hydration', () => {
  it('loads the client entry once however often it is started', async () => {
    const load = vi.fn(async () => {});
    const start = createHydration('/assets/client-X.js', load);
    await Promise.all([start(), start(), start()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/assets/client-X.js');
  });

  it('waits for load and then idle, not for the module script itself', () => {
    const page = fakeWindow();
    const start = vi.fn(async () => {});
    scheduleHydration(page.win, start);
    expect(start).not.toHaveBeenCalled();
    page.fire('load');
    expect(start).not.toHaveBeenCalled();
    page.runIdle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'focusin'])('starts on the first %s before the page is idle, and stops listening', (type) => {
    const page = fakeWindow();
    const start = vi.fn(async () => {});
    scheduleHydration(page.win, start);
    page.fire(type);
    expect(start).toHaveBeenCalledTimes(1);
    expect(page.listening(type)).toBe(0);
  });

  it('does not start on scrolling or mouse movement alone', () => {
    const page = fakeWindow('complete');
    const start = vi.fn(async () => {});
    scheduleHydration(page.win, start);
    page.fire('scroll');
    page.fire('mousemove');
    expect(start).not.toHaveBeenCalled();
  });

  it.each(['pointerdown', 'touchstart', 'focusin', 'keydown'])('does not start on a %s the page ignores (a touch on a CTA), and keeps listening', (type) => {
    const page = fakeWindow();
    const start = vi.fn(async () => {});
    const onCta = { target: 'cta' };
    scheduleHydration(page.win, start, (event) => (event as unknown as typeof onCta).target === 'cta');
    page.fire(type, onCta);
    expect(start).not.toHaveBeenCalled();
    expect(page.listening(type)).toBe(1);
    page.fire(type, { target: 'row' });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits while the hold says the page is leaving, then loads once', async () => {
    vi.useFakeTimers();
    try {
      let leavingUntil = Date.now() + 1250;
      const load = vi.fn(async () => {});
      const start = createHydration('/assets/client-X.js', load, {
        remainingMs: () => leavingUntil - Date.now(),
        setTimeout: (handler, ms) => setTimeout(handler, ms),
      });
      const started = start();
      void start();
      await vi.advanceTimersByTimeAsync(1000);
      expect(load).not.toHaveBeenCalled();
      // A second tap extends the hold.
      leavingUntil = Date.now() + 500;
      await vi.advanceTimersByTimeAsync(300);
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(load).toHaveBeenCalledTimes(1);
      await started;
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads at once when nothing holds it', async () => {
    const load = vi.fn(async () => {});
    const start = createHydration('/assets/client-X.js', load, { remainingMs: () => 0, setTimeout: () => expect.unreachable() });
    await start();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('swallows a failed load: the server HTML keeps working', async () => {
    const page = fakeWindow('complete');
    const start = createHydration('/missing.js', () => Promise.reject(new Error('offline')));
    scheduleHydration(page.win, start);
    page.fire('keydown');
    await expect(start()).rejects.toThrow('offline');
  });
});
