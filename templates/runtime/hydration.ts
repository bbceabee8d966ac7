// Lazy hydration: React and the page's client code load on the first interaction, or once the page is idle after load.
import { afterLoadAndIdle, type SchedulingWindow } from './schedule.ts';

/** Interactions that may need React soon: the swipe of a slider, a key press, focus moving in. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The part of `window` hydration needs. */
export interface HydrationWindow extends SchedulingWindow {
  addEventListener(type: string, listener: () => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options: EventListenerOptions): void;
}

/** Starts hydration once; every later call returns the same promise. */
export type StartHydration = () => Promise<void>;

/**
 * Hydration of the page by the client entry at `clientUrl`, started at most once. `load`
 * imports the module (its evaluation hydrates the page); tests inject their own.
 */
export function createHydration(clientUrl: string, load: (url: string) => Promise<unknown> = (url) => import(url)): StartHydration {
  let started: Promise<void> | null = null;
  return () => (started ??= load(clientUrl).then(() => undefined));
}

/**
 * Starts hydration on the first interaction or when the main thread is idle after load,
 * whichever comes first: the server HTML is complete and usable meanwhile (links work,
 * rows scroll), so React's start-up cost never lands in the page load.
 */
export function scheduleHydration(win: HydrationWindow, start: StartHydration): void {
  const onInteraction = () => {
    for (const type of INTERACTIONS) win.removeEventListener(type, onInteraction, { capture: true });
    void start().catch(() => {
      // Without React the page stays as the server rendered it, which works: nothing more to do.
    });
  };
  for (const type of INTERACTIONS) win.addEventListener(type, onInteraction, { capture: true, passive: true });
  afterLoadAndIdle(win, onInteraction);
}
