// The one place the current install link lives; the CTA hrefs and the QR code subscribe to it.

export type LinkListener = (link: string) => void;

export interface LinkStore {
  get(): string;
  /** Replaces the link; listeners hear of it only when it actually changes. */
  set(link: string): void;
  /** Calls `listener` with the current link at once and after every change; returns the unsubscribe. */
  subscribe(listener: LinkListener): () => void;
}

function notify(listener: LinkListener, link: string): void {
  try {
    listener(link);
  } catch {
    // One failing subscriber (say, the QR code) must not keep the CTA hrefs from updating.
  }
}

export function createLinkStore(initialLink: string): LinkStore {
  let current = initialLink;
  const listeners = new Set<LinkListener>();
  return {
    get: () => current,
    set(link) {
      if (link === current) return;
      current = link;
      for (const listener of listeners) notify(listener, link);
    },
    subscribe(listener) {
      listeners.add(listener);
      notify(listener, current);
      return () => listeners.delete(listener);
    },
  };
}
