// The server entry: renders the page and the error page to HTML strings for the build.
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { TranslatorCache, TranslatorCacheContext } from './i18n.tsx';
import type { ErrorProps, PageProps } from './props.ts';

export { TranslatorCache };

/** The page's body markup, hydratable by entry-client.tsx from the same props; `translators` is the build's. */
export function render(props: PageProps, translators: TranslatorCache): string {
  return renderToString(
    <TranslatorCacheContext.Provider value={translators}>
      <App {...props} />
    </TranslatorCacheContext.Provider>,
  );
}

/** The static error page's body markup (404.html). */
export function renderError(props: ErrorProps, translators: TranslatorCache): string {
  return renderToString(
    <TranslatorCacheContext.Provider value={translators}>
      <ErrorPage {...props} />
    </TranslatorCacheContext.Provider>,
  );
}
