// The server entry: renders the page and the error page to HTML strings for the build.
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { Screenshots } from './components/screenshots.tsx';
import { I18nProvider, TranslatorCache, TranslatorCacheContext } from './i18n.tsx';
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

/**
 * The screenshots section alone, as `<App>` renders it inside the page: what differs between a
 * locale's pages (the build renders the rest of a body once, see generator/build/render/body.ts).
 */
export function renderScreenshots(props: PageProps, translators: TranslatorCache): string {
  return renderToString(
    <TranslatorCacheContext.Provider value={translators}>
      <I18nProvider locale={props.locale} messages={props.messages} numberingSystem={props.listing.numberingSystem}>
        <Screenshots screenshots={props.screenshots} installLink={props.installLink} />
      </I18nProvider>
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
