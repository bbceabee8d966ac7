// The plain routes' one inline script: on a host that negotiates nothing, a visitor of another language goes
// to that language's page before anything is painted.
//
// Hosts with an adapter (generator/hosts) already answer the plain URL with the visitor's
// language; the script then finds the page in that language and does nothing. On a plain
// file server, a bucket or GitHub Pages, every visitor gets the default locale's file: the
// script, run while the <head> is parsed, hides the document and replaces the location with
// the visitor's language's page (negotiate.ts: English for languages the campaign lacks),
// query and hash kept, so no other language is painted. A visitor of the default locale pays
// its parse, nothing else. It reads everything from the document (the hreflang alternates
// and <html lang>), so its text, and so its CSP hash, is one for every page of a build. It
// acts only at the plain URL itself: `/en/feature1` is a visitor's explicit choice.
// Bundled on its own by generator/pipeline/bundle/bundle.ts and inlined; it imports nothing else.
import { preferredLocale } from '../edge/negotiate.ts';

/** How long the hidden page waits for the other language's before it shows itself after all (a failed navigation). */
const GIVE_UP_MS = 3000;

/** A path without `index.html` and trailing slash: the plain URL in each of its spellings. */
function trimPath(pathname: string): string {
  return pathname.replace(/(index\.html)?$/, '').replace(/\/$/, '');
}

function redirectToVisitorLanguage(): void {
  const root = document.documentElement;
  const pages: Record<string, string> = {};
  let plain = '';
  for (const link of document.querySelectorAll('link[rel="alternate"][hreflang]')) {
    const path = new URL(link.getAttribute('href')!, location.href).pathname;
    const lang = link.getAttribute('hreflang')!;
    if (lang === 'x-default') plain = path;
    else pages[lang] = path;
  }
  if (!plain || trimPath(location.pathname) !== trimPath(plain)) return;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  // The script is on the default locale's pages only, so <html lang> is the default locale.
  const chosen = preferredLocale(languages, Object.keys(pages), root.lang);
  if (chosen === root.lang || !pages[chosen]) return;
  root.hidden = true;
  setTimeout(() => (root.hidden = false), GIVE_UP_MS);
  location.replace(pages[chosen] + location.search + location.hash);
}

redirectToVisitorLanguage();
