// The call to action: every `a[data-cta]` shows the current install link; a click tracks AddToCart, then goes there 1000 ms later.
import type { LinkStore } from './link-store.ts';

/** The GET button, the icon and every screenshot. */
export const CTA_SELECTOR = 'a[data-cta]';
/** Time for the AddToCart event to leave before the page does. */
export const REDIRECT_DELAY_MS = 1000;

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
  trackAddToCart(): void;
  /** Same-tab navigation: `location.assign`. */
  navigate(url: string): void;
  setTimeout(handler: () => void, ms: number): unknown;
}

/** The CTA anchor a click landed in, if any. */
export function ctaAnchor(target: EventTarget | null): Element | null {
  const element = target as Partial<Element> | null;
  return typeof element?.closest === 'function' ? element.closest(CTA_SELECTOR) : null;
}

/**
 * True for a click we take over: the primary button without modifier keys (cmd/ctrl/shift/alt
 * and the middle button keep the browser's new-tab/window behaviour), not already handled by
 * someone else (a slider cancels the click that ends a drag).
 */
export function isPlainClick(event: ClickLike): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}

/**
 * Handles CTA clicks by delegation on `doc`, so it works before React hydrates: prevents the
 * default, tracks AddToCart (a blocked pixel does not matter), and after 1000 ms navigates
 * the same tab to the then-current link. Further clicks during the delay do not navigate twice.
 * Returns the uninstaller.
 */
export function handleCtaClicks(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  actions: CtaActions,
): () => void {
  let pending = false;
  const onClick = (event: Event) => {
    const click = event as unknown as ClickLike;
    if (!ctaAnchor(click.target) || !isPlainClick(click)) return;
    click.preventDefault();
    if (pending) return;
    pending = true;
    try {
      actions.trackAddToCart();
    } catch {
      // Tracking is best effort.
    }
    actions.setTimeout(() => {
      pending = false;
      actions.navigate(actions.currentLink());
    }, REDIRECT_DELAY_MS);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
