// Islands hydration: the client entry loads once, on the first interaction (a touch, a key, focus, a slider scrolled), and never by itself.
import { describe, expect, it, vi } from 'vitest';
import { EARLY_INTERACTION } from '../../../page/contract/early-input.ts';
import { createHydration, scheduleHydration, type HydrationWindow } from '../../../page/runtime/hydration.ts';

/** A window with controllable event listeners. */
function fakeWindow() {
  const listeners = new Map<string, Set<(event?: Event) => void>>();
  const win: HydrationWindow = {
    addEventListener: (type: string, listener: (event?: Event) => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type: string, listener: (event?: Event) => void) => {
      listeners.get(type)?.delete(listener);
    },
  };
  return {
    win,
    fire: (type: string, event?: unknown) => [...(listeners.get(type) ?? [])].forEach((listener) => listener(event as Event)),
    listening: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

/** An element a scroll event may come from, matching `[data-slider]` or not. */
const scrolled = (isSlider: boolean) => ({
  type: 'scroll',
  target: { matches: (selector: string) => isSlider && selector === '[data-slider]' },
});

describe('lazy hydration', () => {
  it('loads the client entry once however often it is started', async () => {
    const load = vi.fn(async () => {});
    const start = createHydration('/assets/client-X.js', load);
    await Promise.all([start(), start(), start()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/assets/client-X.js');
  });

  it('does not start by itself: not at load, not when the page is idle', () => {
    const page = fakeWindow();
    const start = vi.fn(async () => {});
    scheduleHydration(page.win, start);
    page.fire('load');
    expect(start).not.toHaveBeenCalled();
    expect(page.listening('load')).toBe(0);
  });

  it('starts at once when the visitor pressed before the runtime ran (the loader noted it)', () => {
    const start = vi.fn(async () => {});
    const untouched = fakeWindow();
    scheduleHydration({ ...untouched.win, [EARLY_INTERACTION]: false }, start);
    expect(start).not.toHaveBeenCalled();
    const pressed = fakeWindow();
    scheduleHydration({ ...pressed.win, [EARLY_INTERACTION]: true }, start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(pressed.listening('keydown')).toBe(0);
  });

  it('starts when a slider row is scrolled natively, not when the page or another element is', () => {
    const page = fakeWindow();
    const start = vi.fn(async () => {});
    scheduleHydration(page.win, start);
    page.fire('scroll', { type: 'scroll', target: {} });
    page.fire('scroll', scrolled(false));
    expect(start).not.toHaveBeenCalled();
    page.fire('scroll', scrolled(true));
    expect(start).toHaveBeenCalledTimes(1);
    expect(page.listening('scroll')).toBe(0);
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'focusin'])(
    'starts on the first %s before the page is idle, and stops listening',
    (type) => {
      const page = fakeWindow();
      const start = vi.fn(async () => {});
      scheduleHydration(page.win, start);
      page.fire(type);
      expect(start).toHaveBeenCalledTimes(1);
      expect(page.listening(type)).toBe(0);
    },
  );

  it('does not start on scrolling the page or mouse movement alone', () => {
    const page = fakeWindow();
    const start = vi.fn(async () => {});
    scheduleHydration(page.win, start);
    page.fire('scroll', { type: 'scroll', target: {} });
    page.fire('mousemove');
    expect(start).not.toHaveBeenCalled();
  });

  it.each(['pointerdown', 'touchstart', 'focusin', 'keydown'])(
    'does not start on a %s the page ignores (a touch on a CTA), and keeps listening',
    (type) => {
      const page = fakeWindow();
      const start = vi.fn(async () => {});
      const onCta = { target: 'cta' };
      scheduleHydration(page.win, start, (event) => (event as unknown as typeof onCta).target === 'cta');
      page.fire(type, onCta);
      expect(start).not.toHaveBeenCalled();
      expect(page.listening(type)).toBe(1);
      page.fire(type, { target: 'row' });
      expect(start).toHaveBeenCalledTimes(1);
    },
  );

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
    const page = fakeWindow();
    const start = createHydration('/missing.js', () => Promise.reject(new Error('offline')));
    scheduleHydration(page.win, start);
    page.fire('keydown');
    await expect(start()).rejects.toThrow('offline');
  });
});
