// Lazy hydration: the client entry loads once, on the first interaction or when idle after load, whichever comes first.
import { describe, expect, it, vi } from 'vitest';
import { createHydration, scheduleHydration, type HydrationWindow } from '../../templates/runtime/hydration.ts';

/** A window with a controllable load state, idle callback and event listeners. */
function fakeWindow(readyState: DocumentReadyState = 'loading') {
  const listeners = new Map<string, Set<() => void>>();
  const idle: Array<() => void> = [];
  const win: HydrationWindow = {
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type: string, listener: () => void) => {
      listeners.get(type)?.delete(listener);
    },
    setTimeout: (handler: () => void) => handler(),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
  };
  return {
    win,
    fire: (type: string) => [...(listeners.get(type) ?? [])].forEach((listener) => listener()),
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

  it('swallows a failed load: the server HTML keeps working', async () => {
    const page = fakeWindow('complete');
    const start = createHydration('/missing.js', () => Promise.reject(new Error('offline')));
    scheduleHydration(page.win, start);
    page.fire('keydown');
    await expect(start()).rejects.toThrow('offline');
  });
});
