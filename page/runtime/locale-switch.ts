// Switches the page in place to the same route's page in another locale: that page's server-rendered HTML morphed into this one's elements.
// Loaded only when a switch is due (runtime/index.ts): most visitors never download it.
import morphdom from 'morphdom';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_CONTAINER_SELECTOR,
  ISLAND_PROPS_ELEMENT_ID,
  PAGE_TEXTS_ELEMENT_ID,
  readJsonElement,
  ROOT_ID,
} from '../contract/page-props.ts';

/** Another locale's page of this route, checked: its body, and the JSON it embeds. */
export interface LocalePage {
  doc: Document;
  root: HTMLElement;
  pageTexts: Record<string, unknown>;
  islandProps: Record<string, unknown>;
}

/** The names of a document's islands, in order. */
function islandNames(doc: ParentNode): string[] {
  return [...doc.querySelectorAll(ISLAND_CONTAINER_SELECTOR)].map((element) => element.getAttribute(ISLAND_ATTRIBUTE) ?? '');
}

/**
 * `html` (parsed by `parser`) as a page this one can turn into, or null: a document in `locale` with a body, both
 * JSON objects, and the same islands as `current` with props for each. Anything else (a 404
 * page, a portal's login page, a page of another build) is refused, and the page stays as the
 * server rendered it, which is always better than an error page or a broken one.
 */
export function readLocalePage(
  html: string,
  locale: string,
  current: Document,
  parser: Pick<DOMParser, 'parseFromString'>,
): LocalePage | null {
  const doc = parser.parseFromString(html, 'text/html');
  const root = doc.getElementById(ROOT_ID);
  if (doc.documentElement.lang !== locale || !root?.firstElementChild) return null;
  const pageTexts = readJsonElement(doc, PAGE_TEXTS_ELEMENT_ID);
  const islandProps = readJsonElement(doc, ISLAND_PROPS_ELEMENT_ID);
  const islands = islandProps?.islands as Record<string, unknown> | undefined;
  const names = islandNames(current);
  if (!pageTexts || typeof islands !== 'object' || islands === null || islandNames(doc).join('\n') !== names.join('\n')) return null;
  if (!names.every((name) => typeof islands[name] === 'object' && islands[name] !== null)) return null;
  return { doc, root, pageTexts, islandProps: islandProps! };
}

/**
 * Turns `doc`'s body into `page`'s, element by element: what is equal stays untouched (images
 * are not loaded or decoded again, rows keep their scroll, focus stays), text and attributes
 * change in place. A hydrated island is React's to re-render (`islandsHydrated`: the caller
 * dispatches the props); one not yet hydrated is morphed too, and its new props replace the
 * embedded ones, so it hydrates from the props of what it shows. The language, direction and
 * title follow.
 */
export function switchToPage(doc: Document, page: LocalePage, islandsHydrated: boolean): void {
  morphdom(doc.getElementById(ROOT_ID)!, page.root, {
    childrenOnly: true,
    // An element equal to its counterpart is left as it is, with its state: the "more" checkbox
    // (the same markup in every language) stays checked if the visitor expanded the text.
    onBeforeElUpdated: (from, to) => !from.isEqualNode(to) && !(islandsHydrated && from.matches(ISLAND_CONTAINER_SELECTOR)),
  });
  for (const id of [PAGE_TEXTS_ELEMENT_ID, ISLAND_PROPS_ELEMENT_ID]) {
    const element = doc.getElementById(id);
    if (element) element.textContent = page.doc.getElementById(id)!.textContent;
  }
  doc.documentElement.lang = page.doc.documentElement.lang;
  doc.documentElement.dir = page.doc.documentElement.dir;
  doc.title = page.doc.title;
}
