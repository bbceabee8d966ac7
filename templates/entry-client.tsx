// The client entry: hydrates the server-rendered page from the props embedded in it, and re-renders it when the runtime switches language.
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import type { LocaleBundle, PageProps } from './props.ts';

const root = document.getElementById('root')!;
const props = JSON.parse(document.getElementById('page-props')!.textContent!) as PageProps;

/** Marks `<html data-hydrated>` once React has taken over the server markup (tests and tools wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

const view = (pageProps: PageProps) => (
  <ErrorBoundary locale={pageProps.locale} messages={pageProps.messages}>
    <App {...pageProps} />
    <HydrationMarker />
  </ErrorBoundary>
);

const reactRoot = hydrateRoot(root, view(props), {
  // Production React recovers from a mismatch silently; say so, since it means server and client disagree.
  onRecoverableError: (error) => console.error('store-landing: hydration mismatch:', error),
});

// The runtime fetched the visitor's language (DESIGN.md section 6): render the page in it, in place.
document.addEventListener('store-landing:locale', (event) => {
  const { bundle } = (event as CustomEvent<{ locale: string; bundle: LocaleBundle }>).detail;
  document.documentElement.lang = bundle.locale;
  reactRoot.render(view({ ...props, ...bundle }));
});
