// Consent state: mode none is always granted; mode required starts from a preset, stored or missing answer and tells its listeners.
import { describe, expect, it, vi } from 'vitest';
import {
  CONSENT_STORAGE_KEY,
  createConsent,
  initialChoice,
  readStoredChoice,
  setUpConsent,
  whenGranted,
  type ConsentWindow,
} from '../../../page/runtime/consent.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('initialChoice', () => {
  it.each([
    // [mode, preset, stored, choice]
    [undefined, undefined, null, 'granted'],
    ['none', false, 'denied', 'granted'],
    ['required', undefined, null, null],
    ['required', undefined, 'granted', 'granted'],
    ['required', undefined, 'denied', 'denied'],
    ['required', true, 'denied', 'granted'],
    ['required', false, 'granted', 'denied'],
    ['required', 'yes', null, null],
    ['required', () => {}, 'granted', 'granted'],
  ] as const)('mode %s, preset %s, stored %s: %s', (mode, preset, stored, choice) => {
    expect(initialChoice(mode, preset, stored)).toBe(choice);
  });
});

describe('readStoredChoice', () => {
  it.each([
    ['granted', 'granted'],
    ['denied', 'denied'],
    ['yes', null],
    [undefined, null],
  ])('%s', (stored, choice) => {
    expect(readStoredChoice(memoryStorage(stored ? { [CONSENT_STORAGE_KEY]: stored } : {}))).toBe(choice);
  });

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(readStoredChoice(blocked)).toBeNull();
    expect(readStoredChoice(null)).toBeNull();
  });
});

describe('createConsent and whenGranted', () => {
  it('tells its listeners of each new answer, stores it, and runs a waiting task once at the first grant', () => {
    const persist = vi.fn();
    const consent = createConsent(null, persist);
    const heard: boolean[] = [];
    consent.subscribe((granted) => heard.push(granted));
    const task = vi.fn();
    whenGranted(consent, task);
    expect([consent.granted(), consent.decided()]).toEqual([false, false]);
    consent.set(false);
    consent.set(false);
    expect(task).not.toHaveBeenCalled();
    consent.set(true);
    consent.set(false);
    consent.set(true);
    expect(task).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([false, true, false, true]);
    expect(persist.mock.calls.map(([choice]) => choice)).toEqual(['denied', 'granted', 'denied', 'granted']);
  });

  it('runs a task at once when already granted', () => {
    const task = vi.fn();
    whenGranted(createConsent('granted'), task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('keeps going when storing or a listener fails', () => {
    const consent = createConsent(null, () => {
      throw new Error('QuotaExceededError');
    });
    const after = vi.fn();
    consent.subscribe(() => {
      throw new Error('listener');
    });
    consent.subscribe(after);
    expect(() => consent.set(true)).not.toThrow();
    expect(after).toHaveBeenCalledWith(true);
    expect(consent.granted()).toBe(true);
  });
});

describe('setUpConsent', () => {
  it('mode none installs no hook and is granted', () => {
    const win: ConsentWindow = {};
    const consent = setUpConsent(win, 'none', memoryStorage());
    expect(consent.granted()).toBe(true);
    expect(win.storeLanding).toBeUndefined();
  });

  it('mode required installs window.storeLanding.consent and consentState, and stores answers', () => {
    const win: ConsentWindow = {};
    const storage = memoryStorage();
    const consent = setUpConsent(win, 'required', storage);
    expect(win.storeLanding?.consentState?.()).toBe('pending');
    (win.storeLanding!.consent as (granted: boolean) => void)(true);
    expect(consent.granted()).toBe(true);
    expect(win.storeLanding?.consentState?.()).toBe('granted');
    expect(storage.values.get(CONSENT_STORAGE_KEY)).toBe('granted');
    // Only a real `true` grants.
    (win.storeLanding!.consent as (granted: unknown) => void)('false');
    expect(win.storeLanding?.consentState?.()).toBe('denied');
  });

  it('keeps the object a site set before, with its preset answer', () => {
    const hook = { consent: true, other: 1 };
    const win = { storeLanding: hook } as ConsentWindow;
    const consent = setUpConsent(win, 'required', memoryStorage({ [CONSENT_STORAGE_KEY]: 'denied' }));
    expect(consent.granted()).toBe(true);
    expect(win.storeLanding).toBe(hook);
    expect(typeof hook.consent).toBe('function');
  });
});
