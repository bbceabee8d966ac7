import { describe, expect, it, vi } from 'vitest';
import { createLinkStore } from '../../../page/runtime/link-store.ts';

describe('createLinkStore', () => {
  it('tells subscribers the current link at once and every change', () => {
    const store = createLinkStore('default');
    const seen: string[] = [];
    store.subscribe((link) => seen.push(link));
    store.set('attributed');
    store.set('attributed');
    store.set('smart');
    expect(seen).toEqual(['default', 'attributed', 'smart']);
    expect(store.get()).toBe('smart');
  });

  it('keeps notifying the others when one subscriber throws', () => {
    const store = createLinkStore('a');
    store.subscribe(() => {
      throw new Error('qr failed');
    });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(() => store.set('b')).not.toThrow();
    expect(listener).toHaveBeenLastCalledWith('b');
  });

  it('stops notifying after unsubscribe', () => {
    const store = createLinkStore('a');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.set('b');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
