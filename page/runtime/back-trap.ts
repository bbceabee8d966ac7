// The back-button trap: a pushed history entry, pushed again on every popstate, so the visitor stays on the page and its query.

/** The part of `window` the trap needs. */
export interface HistoryWindow {
  history: Pick<History, 'pushState'>;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  addEventListener(type: 'popstate', listener: () => void): void;
}

/** Marks the entries the trap pushed. */
export const TRAP_STATE = { storeLandingBackTrap: true } as const;

/**
 * Pushes an entry for the current URL (path, query and fragment unchanged) now and after
 * every back/forward step, so Back lands on the same page. Browsers that refuse history
 * writes (rate limits) just leave the back button alone.
 */
export function trapBackButton(win: HistoryWindow): void {
  const push = () => {
    try {
      const { pathname, search, hash } = win.location;
      win.history.pushState(TRAP_STATE, '', pathname + search + hash);
    } catch {
      // Safari throws SecurityError after too many pushState calls; nothing to trap then.
    }
  };
  push();
  win.addEventListener('popstate', push);
}
