// The redirect after a tap while the ad networks' libraries are still on their way: 1000 ms when they have the tap by then,
// else once they do (plus the time their requests need to leave), never later than 2500 ms after the tap.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleCtaClicks, SEND_MARGIN_MS } from '../../../page/runtime/cta.ts';
import { REDIRECT_DELAY_MS, REDIRECT_MAX_DELAY_MS } from '../../../page/contract/early-input.ts';

const LINK = 'https://pictura.onelink.me/Ab1c/install';

/** The CTA handler on a fake document with `tapDelivered` as given, and one plain click on a CTA at `tapAt` (default: now). */
function tapWith(tapDelivered: (() => Promise<unknown>) | undefined, earlyTapAt?: number) {
  const listeners: Array<(event: Event) => void> = [];
  const doc = { addEventListener: (_type: string, fn: (event: Event) => void) => listeners.push(fn), removeEventListener: () => {} };
  const actions = {
    currentLink: () => LINK,
    trackTap: vi.fn(),
    navigate: vi.fn(),
    leaving: vi.fn(),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    now: () => Date.now(),
    tapDelivered,
  };
  handleCtaClicks(doc as never, actions, earlyTapAt);
  if (earlyTapAt === undefined) {
    const target = { closest: () => ({}) };
    const event = { target, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
    for (const listener of listeners) listener({ ...event, preventDefault: () => {} } as never);
  }
  return actions;
}

/** A promise and its resolver. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the redirect after a tap', () => {
  it('leaves 1000 ms after the tap when every network already has it', async () => {
    const actions = tapWith(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1);
    expect(actions.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(actions.navigate).toHaveBeenCalledWith(LINK);
  });

  it('waits for a network still loading, then leaves once its requests had time to leave', async () => {
    const library = deferred();
    const actions = tapWith(() => library.promise);
    await vi.advanceTimersByTimeAsync(1600);
    expect(actions.navigate).not.toHaveBeenCalled();
    library.resolve();
    await vi.advanceTimersByTimeAsync(SEND_MARGIN_MS - 1);
    expect(actions.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REDIRECT_MAX_DELAY_MS);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves 2500 ms after the tap at the latest, whatever the networks do; hydration is told so', async () => {
    const actions = tapWith(() => new Promise(() => {}));
    expect(actions.leaving).toHaveBeenCalledWith(REDIRECT_MAX_DELAY_MS);
    await vi.advanceTimersByTimeAsync(REDIRECT_MAX_DELAY_MS - 1);
    expect(actions.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('counts the bound from a tap the loader held before the runtime came', async () => {
    const actions = tapWith(() => new Promise(() => {}), Date.now() - 2000);
    await vi.advanceTimersByTimeAsync(REDIRECT_MAX_DELAY_MS - 2000);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves after 1000 ms without a way to know (no networks), and when asking throws', async () => {
    for (const tapDelivered of [undefined, () => Promise.reject(new Error('broken'))]) {
      const actions = tapWith(tapDelivered);
      await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS);
      expect(actions.navigate).toHaveBeenCalledTimes(1);
    }
  });
});
