// The server entry: renders the page and the error page to HTML strings for the build, and the props its islands hydrate from.
import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import { ErrorPage } from './error-page.tsx';
import { reviewTrackProps } from './components/reviews.tsx';
import { Screenshots, screenshotTrackProps } from './components/screenshots.tsx';
import { errorTexts } from './error-page.tsx';
import { I18nProvider, numberFormatter, TranslatorCache, TranslatorCacheContext } from './i18n.tsx';
import type { IslandProps } from './islands.ts';
import type { ErrorProps, PageProps } from '../contract/props.ts';

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
 * locale's pages (the build renders the rest of a body once, see generator/pipeline/render/body.ts).
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

/**
 * What the page's islands hydrate from (page/view/islands.ts), made by the very functions its
 * render calls (Screenshots, Reviews) with the same translator and digits: so they describe
 * exactly the HTML `render(props)` wrote.
 */
export function renderIslandProps(props: PageProps, translators: TranslatorCache): IslandProps {
  const t = translators.get(props.locale, props.messages);
  const number = numberFormatter(props.locale, props.listing.numberingSystem);
  return {
    islands: { screenshots: screenshotTrackProps(props, t, number), reviews: reviewTrackProps(props.listing, t, number) },
    error: errorTexts(t),
  };
}

/** The static error page's body markup (404.html). */
export function renderError(props: ErrorProps, translators: TranslatorCache): string {
  return renderToString(
    <TranslatorCacheContext.Provider value={translators}>
      <ErrorPage {...props} />
    </TranslatorCacheContext.Provider>,
  );
}
