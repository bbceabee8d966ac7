// Event ids (crypto.randomUUID or an equivalent) and the dataLayer entries a Conversions API sender reads.
import { describe, expect, it, vi } from 'vitest';
import { createEventId, publishEvent, trackedEvent, type EventWindow } from '../../../page/runtime/tracking-events.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createEventId', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(createEventId({ randomUUID: () => 'from-crypto' })).toBe('from-crypto');
  });

  it.each([
    [
      'getRandomValues (iOS before 15.4)',
      { getRandomValues: (array: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(array) },
    ],
    [
      'randomUUID that throws (an insecure context)',
      {
        randomUUID: () => {
          throw new Error('insecure');
        },
        getRandomValues: (array: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(array),
      },
    ],
    ['no crypto at all', undefined],
  ])('falls back to a version 4 UUID from %s, a fresh one each time', (_name, crypto) => {
    const ids = new Set(Array.from({ length: 200 }, () => createEventId(crypto)));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('uses Math.random when getRandomValues throws', () => {
    const random = vi.fn(() => 0.5);
    const id = createEventId(
      {
        getRandomValues: () => {
          throw new Error('quota');
        },
      },
      random,
    );
    expect(id).toMatch(UUID_V4);
    expect(random).toHaveBeenCalledTimes(16);
  });
});

describe('publishEvent', () => {
  const entry = trackedEvent('PageView', 'id-1', 1_700_000_000_999, 'https://landing.example/feature1', {
    meta: 'PageView',
    snap: 'PAGE_VIEW',
  });

  it('builds the entry a Conversions API sender needs', () => {
    expect(entry).toEqual({
      event: 'store-landing.PageView',
      eventName: 'PageView',
      eventID: 'id-1',
      eventTime: 1_700_000_000,
      eventSourceUrl: 'https://landing.example/feature1',
      networks: { meta: 'PageView', snap: 'PAGE_VIEW' },
    });
  });

  it.each([
    ['no dataLayer yet', {}, [entry]],
    ['an array', { dataLayer: ['earlier'] }, ['earlier', entry]],
  ])('pushes to window.dataLayer: %s', (_name, win: EventWindow, expected) => {
    publishEvent(win, entry);
    expect(win.dataLayer).toEqual(expected);
  });

  it('leaves a dataLayer that is not one alone, and survives a throwing push', () => {
    const odd: EventWindow = { dataLayer: 'x' };
    publishEvent(odd, entry);
    expect(odd.dataLayer).toBe('x');
    const throwing: EventWindow = {
      dataLayer: {
        push: () => {
          throw new Error('gtm');
        },
      },
    };
    expect(() => publishEvent(throwing, entry)).not.toThrow();
  });
});
