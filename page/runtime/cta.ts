// The call to action: every `a[data-cta]` shows the current install link; a tap is tracked, then goes there 1000 ms after the
// tap, or once the ad networks have it, at most 2500 ms after the tap.
import type { LinkStore } from './link-store.ts';
import { safely } from './schedule.ts';
import { CTA_SELECTOR, EARLY_TAP, REDIRECT_DELAY_MS, REDIRECT_MAX_DELAY_MS, type EarlyTapWindow } from '../contract/early-input.ts';

/**
 * After the last network's library has taken the tap, time for the requests it makes for it (an
 * image, a fetch) to leave before the page does, which cancels those still on their way: a new
 * https connection to the vendor's host takes three round trips (DNS, TCP, TLS) before a request
 * can leave, 450 ms on slow 4G.
 */
export const SEND_MARGIN_MS = 450;

/**
 * Takes over from the loader: its navigation is cancelled, and it holds no further taps.
 * Returns the time of the tap it held, if any, for the runtime to finish.
 */
export function takeEarlyTap(win: EarlyTapWindow): number | undefined {
  const tap = win[EARLY_TAP];
  win[EARLY_TAP] = null;
  if (!tap) return undefined;
  win.clearTimeout(tap.timer);
  return tap.at;
}

/** Sets every CTA's `href` to `link`, touching only those that differ. */
export function syncCtaLinks(root: ParentNode, link: string): void {
  for (const anchor of root.querySelectorAll(CTA_SELECTOR)) {
    if (anchor.getAttribute('href') !== link) anchor.setAttribute('href', link);
  }
}

/**
 * Keeps every CTA `href` on the store's link: now, on every change, and for anchors added or
 * re-rendered later (parsing still under way, React re-rendering after a language switch).
 */
export function keepCtaLinksCurrent(doc: Document, store: LinkStore): void {
  store.subscribe((link) => syncCtaLinks(doc, link));
  if (typeof MutationObserver !== 'function') return;
  new MutationObserver(() => syncCtaLinks(doc, store.get())).observe(doc.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['href'],
  });
}

/** The parts of a click event the handler reads. */
export interface ClickLike {
  target: EventTarget | null;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export interface CtaActions {
  /** The install link at the moment of navigation (it may change during the delay). */
  currentLink(): string;
  /** Sends the tap to the ad networks (Meta's AddToCart and the others' events). */
  trackTap(): void;
  /** Same-tab navigation: `location.assign`. */
  navigate(url: string): void;
  setTimeout(handler: () => void, ms: number): unknown;
  /** The clock in ms (`Date.now`): the delay runs from the tap. */
  now(): number;
  /** Told that the page leaves in `delayMs` (hydration waits; see hydration.ts). */
  leaving?(delayMs: number): void;
  /**
   * Resolves once every ad network has the tap: its library has loaded (and so taken what its
   * queue held) or failed. Without it, the page leaves 1000 ms after the tap.
   */
  tapDelivered?(): Promise<unknown>;
}

/** The CTA anchor a click landed in, if any. */
export function ctaAnchor(target: EventTarget | null): Element | null {
  const element = target as Partial<Element> | null;
  return typeof element?.closest === 'function' ? element.closest(CTA_SELECTOR) : null;
}

/**
 * True for a click we take over: the primary button without modifier keys (cmd/ctrl/shift/alt
 * and the middle button keep the browser's new-tab/window behaviour), not already handled by
 * someone else (a slider cancels the click that ends a drag). The page's inline loader
 * (MODULE_LOADER in document.ts) applies the same test, written out in its text, to the taps it
 * holds before the runtime comes: change both together.
 */
export function isPlainClick(event: ClickLike): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/**
 * The delay still to wait, when the click handler runs `elapsedMs` after the tap, until `delayMs`
 * after it: React, when it is still hydrating, finishes hydration synchronously inside the tap's
 * dispatch (its capture listener on the root) before the click reaches `document`, which can take
 * hundreds of ms.
 */
export function remainingDelay(elapsedMs: number, delayMs = REDIRECT_DELAY_MS): number {
  return Math.min(delayMs, Math.max(0, delayMs - elapsedMs));
}

/**
 * Handles CTA clicks by delegation on `doc`, so it works before React hydrates: prevents the
 * default, tracks the tap (a blocked network does not matter), and navigates the same tab to the
 * then-current link 1000 ms after the tap, or, while a network's library is still on its way
 * (`tapDelivered` pending), once it has taken the tap (plus SEND_MARGIN_MS), at most
 * REDIRECT_MAX_DELAY_MS after the tap. The tap's time is taken in the capture
 * phase on `doc`, before React's listeners can delay the click; the decision stays in the
 * bubble phase, so a click a slider cancels (the end of a drag) is never taken over.
 * Further clicks during the delay do not navigate twice. A tap the loader held before the
 * runtime came (`earlyTapAt`, see takeEarlyTap) is finished the same way.
 * Returns the uninstaller.
 */
export function handleCtaClicks(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  actions: CtaActions,
  earlyTapAt?: number,
): () => void {
  let pending = false;
  const tappedAt = new WeakMap<object, number>();
  const leaveAfter = (tapAt: number) => {
    pending = true;
    const elapsed = actions.now() - tapAt;
    let left = false;
    let delivered = !actions.tapDelivered;
    let minimumPassed = false;
    const leave = () => {
      if (left) return;
      left = true;
      pending = false;
      actions.navigate(actions.currentLink());
    };
    const leaveIfDone = (now: { delivered?: true; minimumPassed?: true }) => {
      if (now.delivered) delivered = true;
      if (now.minimumPassed) minimumPassed = true;
      if (delivered && minimumPassed) leave();
    };
    // Tracking is best effort, and so is holding hydration back: neither may stop the redirect.
    safely(() => actions.trackTap());
    safely(() =>
      actions.tapDelivered?.().then(
        () => actions.setTimeout(() => leaveIfDone({ delivered: true }), SEND_MARGIN_MS),
        () => leaveIfDone({ delivered: true }),
      ),
    );
    safely(() => actions.leaving?.(remainingDelay(elapsed, REDIRECT_MAX_DELAY_MS)));
    actions.setTimeout(() => leaveIfDone({ minimumPassed: true }), remainingDelay(elapsed));
    actions.setTimeout(leave, remainingDelay(elapsed, REDIRECT_MAX_DELAY_MS));
  };
  const onCapture = (event: Event) => {
    if (ctaAnchor(event.target)) tappedAt.set(event, actions.now());
  };
  const onClick = (event: Event) => {
    const click = event as unknown as ClickLike;
    if (!ctaAnchor(click.target) || !isPlainClick(click)) return;
    click.preventDefault();
    if (!pending) leaveAfter(tappedAt.get(event) ?? actions.now());
  };
  doc.addEventListener('click', onCapture, true);
  doc.addEventListener('click', onClick);
  if (earlyTapAt !== undefined) leaveAfter(earlyTapAt);
  return () => {
    doc.removeEventListener('click', onCapture, true);
    doc.removeEventListener('click', onClick);
  };
}
