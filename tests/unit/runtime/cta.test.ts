import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ctaAnchor,
  handleCtaClicks,
  isPlainClick,
  remainingDelay,
  syncCtaLinks,
  takeEarlyTap,
  type ClickLike,
} from '../../../page/runtime/cta.ts';
import { EARLY_TAP, REDIRECT_DELAY_MS } from '../../../page/contract/early-input.ts';

interface FakeNode {
  isCta: boolean;
  parent: FakeNode | null;
  closest(selector: string): FakeNode | null;
}

/** A minimal element: `closest('a[data-cta]')` finds itself or its CTA parent. */
function element(isCta: boolean, parent: FakeNode | null = null): FakeNode {
  const node: FakeNode = {
    isCta,
    parent,
    closest: (selector) => {
      expect(selector).toBe('a[data-cta]');
      for (let current: FakeNode | null = node; current; current = current.parent) {
        if (current.isCta) return current;
      }
      return null;
    },
  };
  return node;
}

function click(target: unknown, overrides: Partial<ClickLike> = {}) {
  return {
    target: target as EventTarget,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    ...overrides,
  };
}

function setup(link = 'https://pictura.onelink.me/Ab1c/install', earlyTapAt?: number) {
  let captureListener: ((event: Event) => void) | undefined;
  let listener: ((event: Event) => void) | undefined;
  const doc = {
    addEventListener: vi.fn((type: string, fn: (event: Event) => void, capture?: boolean) => {
      expect(type).toBe('click');
      if (capture === true) captureListener = fn;
      else listener = fn;
    }),
    removeEventListener: vi.fn(),
  };
  let current = link;
  const actions = {
    currentLink: vi.fn(() => current),
    trackTap: vi.fn(),
    navigate: vi.fn(),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    // Fake timers move Date.now too.
    now: () => Date.now(),
  };
  const uninstall = handleCtaClicks(doc as never, actions, earlyTapAt);
  /**
   * One click's dispatch: the capture listener on document, then (after `betweenMs`, the time
   * React may spend hydrating synchronously on the root in between) the bubble listener,
   * unless something between stopped the propagation.
   */
  const dispatch = (event: ReturnType<typeof click>, betweenMs = 0, stopped = false) => {
    captureListener!(event as unknown as Event);
    if (betweenMs > 0) vi.setSystemTime(Date.now() + betweenMs);
    if (!stopped) listener!(event as unknown as Event);
  };
  return { actions, dispatch, uninstall, doc, setLink: (next: string) => (current = next) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('handleCtaClicks', () => {
  it('tracks the tap at once and navigates 1000 ms later', () => {
    const { actions, dispatch } = setup();
    const event = click(element(true));
    dispatch(event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    expect(actions.trackTap).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1);
    expect(actions.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actions.navigate).toHaveBeenCalledExactlyOnceWith('https://pictura.onelink.me/Ab1c/install');
    expect(REDIRECT_DELAY_MS).toBe(1000);
  });

  it('navigates to the link current at the end of the delay', () => {
    const { actions, dispatch, setLink } = setup();
    dispatch(click(element(true)));
    vi.advanceTimersByTime(500);
    setLink('https://pictura.onelink.me/Ab1c?pid=facebook');
    vi.advanceTimersByTime(500);
    expect(actions.navigate).toHaveBeenCalledExactlyOnceWith('https://pictura.onelink.me/Ab1c?pid=facebook');
  });

  it('handles a click inside the anchor (the screenshot image)', () => {
    const { actions, dispatch } = setup();
    const image = element(false, element(true));
    dispatch(click(image));
    vi.advanceTimersByTime(1000);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('still navigates when the pixel throws', () => {
    const { actions, dispatch } = setup();
    actions.trackTap.mockImplementation(() => {
      throw new Error('fbq blocked');
    });
    expect(() => dispatch(click(element(true)))).not.toThrow();
    vi.advanceTimersByTime(1000);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('finishes a tap the loader held, 1000 ms after that tap, and navigates once when tapped again', () => {
    const tappedAt = Date.now();
    vi.setSystemTime(tappedAt + 400);
    const { actions, dispatch } = setup(undefined, tappedAt);
    expect(actions.trackTap).toHaveBeenCalledTimes(1);
    const again = click(element(true));
    dispatch(again);
    expect(again.preventDefault).toHaveBeenCalled();
    vi.advanceTimersByTime(599);
    expect(actions.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
    expect(actions.trackTap).toHaveBeenCalledTimes(1);
  });

  it('navigates once for a double click', () => {
    const { actions, dispatch } = setup();
    const second = click(element(true));
    dispatch(click(element(true)));
    vi.advanceTimersByTime(300);
    dispatch(second);
    expect(second.preventDefault).toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
    expect(actions.trackTap).toHaveBeenCalledTimes(1);
  });

  it('works again after a navigation (page restored from the back-forward cache)', () => {
    const { actions, dispatch } = setup();
    dispatch(click(element(true)));
    vi.advanceTimersByTime(1000);
    dispatch(click(element(true)));
    vi.advanceTimersByTime(1000);
    expect(actions.navigate).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['cmd-click', { metaKey: true }],
    ['ctrl-click', { ctrlKey: true }],
    ['shift-click', { shiftKey: true }],
    ['alt-click', { altKey: true }],
    ['middle button', { button: 1 }],
    ['right button', { button: 2 }],
    ['a click already handled (slider drag)', { defaultPrevented: true }],
  ])('leaves a %s to the browser', (_name, overrides) => {
    const { actions, dispatch } = setup();
    const event = click(element(true), overrides);
    dispatch(event);
    vi.advanceTimersByTime(2000);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(actions.trackTap).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['a non-CTA element', element(false)],
    ['a text node without closest()', { nodeType: 3 }],
    ['no target', null],
  ])('ignores clicks on %s', (_name, target) => {
    const { actions, dispatch } = setup();
    const event = click(target);
    dispatch(event);
    vi.advanceTimersByTime(2000);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['React hydrating for 300 ms inside the dispatch', 300, 700],
    ['React hydrating for 999 ms', 999, 1],
    ['React hydrating for longer than the delay', 1500, 0],
  ])('navigates 1000 ms after the tap, not after the handler: %s', (_name, betweenMs, remaining) => {
    const { actions, dispatch } = setup();
    dispatch(click(element(true)), betweenMs);
    expect(actions.trackTap).toHaveBeenCalledTimes(1);
    if (remaining > 0) {
      vi.advanceTimersByTime(remaining - 1);
      expect(actions.navigate).not.toHaveBeenCalled();
    }
    vi.advanceTimersByTime(1);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves a click alone whose propagation a slider stopped after the capture phase (the end of a drag)', () => {
    const { actions, dispatch } = setup();
    const event = click(element(true));
    dispatch(event, 0, true);
    vi.advanceTimersByTime(2000);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
    // The next tap is timed from its own capture, not from the abandoned one.
    vi.setSystemTime(Date.now() + 5000);
    dispatch(click(element(true)), 200);
    vi.advanceTimersByTime(799);
    expect(actions.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });

  it('uninstalls both listeners', () => {
    const { uninstall, doc } = setup();
    uninstall();
    expect(doc.removeEventListener).toHaveBeenCalledWith('click', doc.addEventListener.mock.calls[0]![1], true);
    expect(doc.removeEventListener).toHaveBeenCalledWith('click', doc.addEventListener.mock.calls[1]![1]);
  });
});

describe('remainingDelay', () => {
  it.each([
    [0, 1000],
    [250, 750],
    [1000, 0],
    [5000, 0],
    [-20, 1000],
  ])('after %d ms, %d ms are left', (elapsed, left) => {
    expect(remainingDelay(elapsed)).toBe(left);
  });
});

describe('isPlainClick and ctaAnchor', () => {
  it('accepts a plain primary click', () => {
    expect(isPlainClick(click(null))).toBe(true);
  });
  it('finds the anchor', () => {
    const anchor = element(true);
    expect(ctaAnchor(element(false, anchor) as never)).toBe(anchor);
  });
});

describe('syncCtaLinks', () => {
  it('sets every CTA href that differs', () => {
    const anchors = ['old', 'new', 'old'].map((href) => {
      const attributes = new Map([['href', href]]);
      return {
        getAttribute: (name: string) => attributes.get(name) ?? null,
        setAttribute: vi.fn((name: string, value: string) => attributes.set(name, value)),
      };
    });
    const root = {
      querySelectorAll: (selector: string) => {
        expect(selector).toBe('a[data-cta]');
        return anchors;
      },
    };
    syncCtaLinks(root as never, 'new');
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['new', 'new', 'new']);
    expect(anchors[1]!.setAttribute).not.toHaveBeenCalled();
  });
});

describe('takeEarlyTap', () => {
  it("returns the held tap's time, cancels the loader's navigation and leaves null, so the loader holds no more taps", () => {
    const win = { [EARLY_TAP]: { at: 1234, timer: 7 }, clearTimeout: vi.fn() };
    expect(takeEarlyTap(win)).toBe(1234);
    expect(win.clearTimeout).toHaveBeenCalledExactlyOnceWith(7);
    expect(win[EARLY_TAP]).toBeNull();
  });

  it('without a held tap: returns nothing, cancels nothing, and still leaves null', () => {
    const win: { [EARLY_TAP]?: null; clearTimeout: () => void } = { clearTimeout: vi.fn() };
    expect(takeEarlyTap(win)).toBeUndefined();
    expect(win.clearTimeout).not.toHaveBeenCalled();
    expect(win[EARLY_TAP]).toBeNull();
  });
});
