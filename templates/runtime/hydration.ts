// Lazy hydration: React and the page's client code load on the first interaction, or once the page is idle after load.
import { afterLoadAndIdle, type SchedulingWindow } from './schedule.ts';

/** Interactions that may need React soon: the swipe of a slider, a key press, focus moving in. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The part of `window` hydration needs. */
export interface HydrationWindow extends SchedulingWindow {
  addEventListener(type: string, listener: (event?: Event) => void, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: (event?: Event) => void, options: EventListenerOptions): void;
}

/** Starts hydration once; every later call returns the same promise. */
export type StartHydration = () => Promise<void>;

/**
 * Holds hydration back while the page is about to leave: evaluating React and hydrating are
 * long tasks on a phone, and one landing when a CTA's redirect is due makes it hundreds of ms late.
 */
export interface HydrationHold {
  /** How long from now hydration must still wait; 0 or less when it may start. */
  remainingMs(): number;
  setTimeout(handler: () => void, ms: number): unknown;
}

/**
 * Hydration of the page by the client entry at `clientUrl`, started at most once, and not
 * before `hold` allows (it is asked again after each wait, so a later tap extends it). `load`
 * imports the module (its evaluation hydrates the page); tests inject their own.
 */
export function createHydration(
  clientUrl: string,
  load: (url: string) => Promise<unknown> = (url) => import(url),
  hold?: HydrationHold,
): StartHydration {
  let started: Promise<void> | null = null;
  const begin = (): Promise<void> => {
    const wait = hold ? hold.remainingMs() : 0;
    if (wait > 0) return new Promise<void>((resolve) => void hold!.setTimeout(resolve, wait)).then(begin);
    return load(clientUrl).then(() => undefined);
  };
  return () => (started ??= begin());
}

/**
 * Starts hydration on the first interaction or when the main thread is idle after load,
 * whichever comes first: the server HTML is complete and usable meanwhile (links work,
 * rows scroll), so React's start-up cost never lands in the page load. An interaction
 * `ignore` picks out does not count: a touch on a CTA is the visitor leaving (or a swipe
 * the row scrolls natively), and React arriving during the redirect's delay would hold it up.
 */
export function scheduleHydration(win: HydrationWindow, start: StartHydration, ignore: (event: Event) => boolean = () => false): void {
  const onInteraction = (event?: Event) => {
    if (event && ignore(event)) return;
    for (const type of INTERACTIONS) win.removeEventListener(type, onInteraction, { capture: true });
    void start().catch(() => {
      // Without React the page stays as the server rendered it, which works: nothing more to do.
    });
  };
  for (const type of INTERACTIONS) win.addEventListener(type, onInteraction, { capture: true, passive: true });
  afterLoadAndIdle(win, () => onInteraction());
}
