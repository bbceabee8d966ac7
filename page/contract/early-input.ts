// What the page's inline loader (MODULE_LOADER in generator/pipeline/render/document.ts) and the runtime
// agree on: the CTA, and the globals where the loader leaves a tap or a press that came before the runtime.

/** The GET button, the icon and every screenshot. */
export const CTA_SELECTOR = 'a[data-cta]';
/** Time for the tap's events to leave before the page does, when every network has them by then. */
export const REDIRECT_DELAY_MS = 1000;
/**
 * The longest the page stays after a tap: while a network's library is still on its way (slow
 * network, cold cache), the page waits for it to take the tap, up to this long after the tap.
 * It is also when the loader leaves on its own if the runtime never came.
 */
export const REDIRECT_MAX_DELAY_MS = 2500;

/**
 * The global where the page's inline loader (MODULE_LOADER in document.ts) holds a CTA tap that
 * came before the runtime: the tap's time (`Date.now`) and the timer of the loader's own
 * navigation to the link as rendered, due REDIRECT_MAX_DELAY_MS after the tap. `null` once the runtime has
 * taken over, or once that navigation has started.
 */
export const EARLY_TAP = '__storeLandingTap';

export interface EarlyTap {
  at: number;
  timer: number;
}

export type EarlyTapWindow = { [EARLY_TAP]?: EarlyTap | null; clearTimeout(id: number): void };

/**
 * The global the page's inline loader (MODULE_LOADER in document.ts) sets to true on the
 * visitor's first pointer or key press, which also starts the runtime: the runtime was not
 * there yet to see it.
 */
export const EARLY_INTERACTION = '__storeLandingPressed';
