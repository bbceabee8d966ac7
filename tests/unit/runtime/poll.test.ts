import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollUntil, type Clock } from '../../../page/runtime/poll.ts';

const clock: Clock = {
  setInterval: (handler, ms) => setInterval(handler, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A check that becomes true from the `readyAt`-th call on, recording its call times. */
function checkReadyAt(readyAt: number) {
  const calls: number[] = [];
  const check = vi.fn(() => {
    calls.push(Date.now());
    return calls.length >= readyAt;
  });
  return { check, calls };
}

describe.each([
  ['the tracking cookies', 500],
  ['the Smart Script', 1000],
])('pollUntil for %s (every %d ms)', (_name, interval) => {
  it('checks at once, then once per interval, and stops when ready', async () => {
    const start = Date.now();
    const { check, calls } = checkReadyAt(4);
    const onReady = vi.fn();
    void pollUntil(check, interval, clock).done.then(onReady);

    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(interval - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(interval * 2);
    expect(check).toHaveBeenCalledTimes(4);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(calls.map((t) => t - start)).toEqual([0, interval, interval * 2, interval * 3]);

    await vi.advanceTimersByTimeAsync(interval * 10);
    expect(check).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves without a timer when ready at once', async () => {
    const { check } = checkReadyAt(1);
    const onReady = vi.fn();
    void pollUntil(check, interval, clock).done.then(onReady);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('keeps polling while not ready', async () => {
    const check = vi.fn(() => false);
    const onReady = vi.fn();
    void pollUntil(check, interval, clock).done.then(onReady);
    await vi.advanceTimersByTimeAsync(interval * 20);
    expect(check).toHaveBeenCalledTimes(21);
    expect(onReady).not.toHaveBeenCalled();
  });
});

describe('pollUntil', () => {
  it('stops when asked', async () => {
    const check = vi.fn(() => false);
    const poll = pollUntil(check, 500, clock);
    await vi.advanceTimersByTimeAsync(1000);
    poll.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts a check that throws as not ready', async () => {
    let calls = 0;
    const onReady = vi.fn();
    void pollUntil(
      () => {
        calls += 1;
        if (calls < 3) throw new Error('third-party getter');
        return true;
      },
      1000,
      clock,
    ).done.then(onReady);
    await vi.advanceTimersByTimeAsync(2000);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('gives up after maxChecks', async () => {
    const check = vi.fn(() => false);
    void pollUntil(check, 1000, clock, 3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
