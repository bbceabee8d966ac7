// The client entry: hydrates the server-rendered page from the props embedded in it, and re-renders it when the runtime switches language.
// The runtime imports it lazily (runtime/hydration.ts); evaluating it hydrates the page.
import { startTransition, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { App } from './App.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import type { LocaleBundle, PageProps } from './props.ts';
import { textDirection } from './text-direction.ts';

const root = document.getElementById('root')!;
const props = JSON.parse(document.getElementById('page-props')!.textContent!) as PageProps;

let markHydrated: () => void;
/** Resolves once React has taken over the server markup. */
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/** Marks `<html data-hydrated>` once hydration has committed (tests and tools wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    markHydrated();
  }, []);
  return null;
}

const view = (pageProps: PageProps) => (
  <ErrorBoundary locale={pageProps.locale} messages={pageProps.messages}>
    <App {...pageProps} />
    <HydrationMarker />
  </ErrorBoundary>
);

// Listening before hydrating: the runtime dispatches the switch as soon as this module has run.
document.addEventListener('store-landing:locale', (event) => {
  const { bundle } = (event as CustomEvent<{ locale: string; bundle: LocaleBundle }>).detail;
  // Rendering into a root that is still hydrating would throw the server markup away.
  void hydrated.then(() => {
    document.documentElement.lang = bundle.locale;
    document.documentElement.dir = textDirection(bundle.locale);
    // In slices too (see below): the whole page's text changes.
    startTransition(() => reactRoot.render(view({ ...props, ...bundle })));
  });
});

let reactRoot!: Root;
// As a transition, React hydrates in slices of about 5 ms and gives the main thread back in
// between, instead of in one long task; a tap meanwhile makes it finish at once and replays the tap.
startTransition(() => {
  reactRoot = hydrateRoot(root, view(props), {
    // Production React recovers from a mismatch silently; say so, since it means server and client disagree.
    onRecoverableError: (error) => console.error('store-landing: hydration mismatch:', error),
  });
});
