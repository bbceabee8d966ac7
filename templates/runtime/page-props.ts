// Reads the page's own props (the JSON the server rendered the page from), for the runtime parts that need its text or shape.

/** The id of the `<script type="application/json">` the client entry hydrates from. */
export const PAGE_PROPS_ELEMENT_ID = 'page-props';

/** The parts of the page props the runtime reads. */
export interface PagePropsLike {
  messages?: unknown;
  listing?: unknown;
}

/** The embedded page props, or null when the element is missing or not a JSON object. */
export function readPageProps(doc: Pick<Document, 'getElementById'>): PagePropsLike | null {
  try {
    const text = doc.getElementById(PAGE_PROPS_ELEMENT_ID)?.textContent;
    if (!text) return null;
    const props: unknown = JSON.parse(text);
    return typeof props === 'object' && props !== null && !Array.isArray(props) ? (props as PagePropsLike) : null;
  } catch {
    return null;
  }
}
