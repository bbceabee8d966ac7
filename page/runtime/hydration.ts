// Islands hydration: React and the sliders' code load when the visitor first needs them (a touch, a key, a
// slider scrolled), never with the page.
import type { ClientEntry } from '../contract/client-entry.ts';
import { EARLY_INTERACTION } from '../contract/early-input.ts';
import { ISLAND_CONTAINER_SELECTOR, ISLAND_PROPS_ELEMENT_ID, readJsonElement } from '../contract/page-props.ts';

/**
 * What may need a slider soon: the swipe or drag of a row, a key press, focus moving in, and a
 * row scrolled natively (a trackpad, a mouse wheel). Scroll events do not bubble: a listener on
 * the window sees an element's in the capture phase, and isSliderScroll picks out the rows'.
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;

/** The part of `window` hydration needs. */
export interface HydrationWindow {
  [EARLY_INTERACTION]?: boolean;
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

/** True for the scroll of a slider row (`[data-slider]`), not of the page or of another element. */
export function isSliderScroll(event: Event): boolean {
  const target = event.target as { matches?: (selector: string) => boolean } | null;
  return typeof target?.matches === 'function' && target.matches(ISLAND_CONTAINER_SELECTOR);
}

/**
 * Starts hydration on the first interaction (at once, when the visitor pressed a key or a
 * pointer before the runtime ran: EARLY_INTERACTION), and only then: the server HTML is complete and
 * usable without React (links work, rows scroll natively, "more" is CSS), and only the sliders
 * need it, so React's download, evaluation and hydration never land in the page load, on
 * a phone's main thread or in its bandwidth. A scroll counts when it is a slider row's
 * (isSliderScroll); an interaction `ignore` picks out does not count: a touch on a CTA is the
 * visitor leaving (or a swipe the row scrolls natively), and React arriving during the
 * redirect's delay would hold it up.
 */
export function scheduleHydration(win: HydrationWindow, start: StartHydration, ignore: (event: Event) => boolean = () => false): void {
  const onInteraction = (event?: Event) => {
    if (event && (event.type === 'scroll' ? !isSliderScroll(event) : ignore(event))) return;
    for (const type of INTERACTIONS) win.removeEventListener(type, onInteraction, { capture: true });
    void start().catch(() => {
      // Without React the page stays as the server rendered it, which works: nothing more to do.
    });
  };
  for (const type of INTERACTIONS) win.addEventListener(type, onInteraction, { capture: true, passive: true });
  // The visitor may have pressed before the runtime came (the page's loader started it then).
  if (win[EARLY_INTERACTION] === true) onInteraction();
}

/** The page's islands, hydrated once by the client entry, and what the language switch asks of them. */
export interface Islands {
  /** Loads the client entry and hydrates the islands, once (the same promise after). */
  start: StartHydration;
  /** True once `start` has been called. */
  started(): boolean;
  /** Re-renders the hydrated islands from another locale's page's props. */
  switchTo(islandProps: unknown): void;
}

/**
 * The islands' hydration: the client entry at `clientUrl`, imported (by `importModule`, which
 * tests inject) and handed the page's embedded IslandProps, once, and not before `hold` allows.
 */
export function createIslandHydration(
  doc: Pick<Document, 'getElementById'>,
  clientUrl: string,
  importModule: ((url: string) => Promise<unknown>) | undefined,
  hold: HydrationHold,
): Islands {
  let client: ClientEntry | undefined;
  let started = false;
  const load = async (url: string) => {
    client = (await (importModule ? importModule(url) : import(url))) as ClientEntry | undefined;
    client?.hydrateIslands(readJsonElement(doc, ISLAND_PROPS_ELEMENT_ID));
  };
  const start = createHydration(clientUrl, load, hold);
  return {
    start: () => {
      started = true;
      return start();
    },
    started: () => started,
    switchTo: (islandProps) => client?.switchIslands(islandProps),
  };
}
