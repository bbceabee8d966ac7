// Consent to tracking: `none` (the spec's behaviour, always granted) or `required` (nothing third-party until the visitor says yes).
import type { StorageLike } from './split-test.ts';

/** `tracking.consent` of the config. */
export type ConsentMode = 'none' | 'required';
/** A visitor's answer. */
export type ConsentChoice = 'granted' | 'denied';

/** Where the answer is kept, so a visitor is asked once (functional storage, not a tracking cookie). */
export const CONSENT_STORAGE_KEY = 'store-landing:consent';

/** The page's hook for a site's own consent platform: `window.storeLanding.consent(true | false)`. */
export interface ConsentHook {
  /** Before the runtime starts: a boolean answer already known. After: the function to call. */
  consent?: boolean | ((granted: boolean) => void);
  /** The current state: `granted`, `denied` or `pending`. */
  consentState?: () => ConsentChoice | 'pending';
}

export interface ConsentWindow {
  storeLanding?: ConsentHook;
}

export interface Consent {
  /** True while tracking may run. */
  granted(): boolean;
  /** True once there is an answer (always, in mode `none`). */
  decided(): boolean;
  /** Records an answer; listeners hear of each new answer (not of the same one twice). */
  set(granted: boolean): void;
  /** Called with each new answer (`granted()` after it); returns the unsubscribe. */
  subscribe(listener: (granted: boolean) => void): () => void;
}

/** A stored answer, or null when there is none or storage is blocked. */
export function readStoredChoice(storage: StorageLike | null): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The answer at start: always `granted` in mode `none` (a missing mode is `none`); in mode
 * `required`, an answer the site set before the runtime ran (`window.storeLanding = { consent: true }`)
 * wins over the stored one; null means the visitor has not answered yet.
 */
export function initialChoice(mode: ConsentMode | undefined, preset: unknown, stored: ConsentChoice | null): ConsentChoice | null {
  if (mode !== 'required') return 'granted';
  if (typeof preset === 'boolean') return preset ? 'granted' : 'denied';
  return stored;
}

/** The consent state, starting at `initial`; `persist` stores each new answer. */
export function createConsent(initial: ConsentChoice | null, persist: (choice: ConsentChoice) => void = () => {}): Consent {
  let choice = initial;
  const listeners = new Set<(granted: boolean) => void>();
  return {
    granted: () => choice === 'granted',
    decided: () => choice !== null,
    set(granted) {
      const next: ConsentChoice = granted ? 'granted' : 'denied';
      if (next === choice) return;
      choice = next;
      try {
        persist(next);
      } catch {
        // Blocked storage: the answer holds for this page view.
      }
      for (const listener of listeners) {
        try {
          listener(granted);
        } catch {
          // One failing listener must not keep the others from hearing of it.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Runs `task` once, at once when consent is granted, else at the first grant. */
export function whenGranted(consent: Consent, task: () => void): void {
  if (consent.granted()) {
    task();
    return;
  }
  const unsubscribe = consent.subscribe((granted) => {
    if (!granted) return;
    unsubscribe();
    task();
  });
}

/**
 * Sets up consent for the page: mode `none` is granted and installs nothing. Mode `required`
 * reads the stored or preset answer and installs `window.storeLanding.consent(granted)` (and
 * `consentState()`) for a site's own consent platform; answers are stored in `storage`.
 */
export function setUpConsent(win: ConsentWindow, mode: ConsentMode | undefined, storage: StorageLike | null): Consent {
  const hook: ConsentHook = typeof win.storeLanding === 'object' && win.storeLanding !== null ? win.storeLanding : {};
  const consent = createConsent(initialChoice(mode, hook.consent, readStoredChoice(storage)), (choice) =>
    storage?.setItem(CONSENT_STORAGE_KEY, choice),
  );
  if (mode !== 'required') return consent;
  hook.consent = (granted: boolean) => consent.set(granted === true);
  hook.consentState = () => (consent.decided() ? (consent.granted() ? 'granted' : 'denied') : 'pending');
  win.storeLanding = hook;
  return consent;
}
