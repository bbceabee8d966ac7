// The server entry: renders the page and the error page to HTML strings for the build.
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import type { ErrorProps, PageProps } from './props.ts';

/** The page's body markup, hydratable by entry-client.tsx from the same props. */
export function render(props: PageProps): string {
  return renderToString(<App {...props} />);
}

/** The static error page's body markup (404.html). */
export function renderError(props: ErrorProps): string {
  return renderToString(<ErrorPage {...props} />);
}
