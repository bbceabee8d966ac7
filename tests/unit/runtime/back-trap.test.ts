import { describe, expect, it, vi } from 'vitest';
import { trapBackButton, TRAP_STATE } from '../../../page/runtime/back-trap.ts';

function fakeWindow(pathname: string, search: string, hash = '') {
  const listeners: Array<() => void> = [];
  return {
    history: { pushState: vi.fn() },
    location: { pathname, search, hash },
    addEventListener: vi.fn((type: string, listener: () => void) => {
      expect(type).toBe('popstate');
      listeners.push(listener);
    }),
    back: () => listeners.forEach((listener) => listener()),
  };
}

describe('trapBackButton', () => {
  it('pushes the current path and query on load and again on every popstate', () => {
    const win = fakeWindow('/feature1', '?utm+source=fb&fbclid=abc');
    trapBackButton(win);
    expect(win.history.pushState).toHaveBeenCalledExactlyOnceWith(TRAP_STATE, '', '/feature1?utm+source=fb&fbclid=abc');
    win.back();
    win.back();
    expect(win.history.pushState).toHaveBeenCalledTimes(3);
    for (const call of win.history.pushState.mock.calls) {
      expect(call).toEqual([TRAP_STATE, '', '/feature1?utm+source=fb&fbclid=abc']);
    }
  });

  it('keeps the fragment too', () => {
    const win = fakeWindow('/de/', '', '#reviews');
    trapBackButton(win);
    expect(win.history.pushState).toHaveBeenCalledWith(TRAP_STATE, '', '/de/#reviews');
  });

  it('survives a browser that refuses pushState', () => {
    const win = fakeWindow('/', '?a=1');
    win.history.pushState.mockImplementation(() => {
      throw new DOMException('too many calls', 'SecurityError');
    });
    expect(() => trapBackButton(win)).not.toThrow();
    expect(() => win.back()).not.toThrow();
  });
});
