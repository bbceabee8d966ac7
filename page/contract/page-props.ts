// The page's own embedded JSON (the runtime's settings, the texts it shows itself, and its islands' props)
// and where it sits, for the build that writes it and the runtime parts that read it.

/**
 * The id of the element the page's body is rendered into (generator/pipeline/render/document.ts), which the
 * client and a language switch replace the inside of.
 */
export const ROOT_ID = 'root';
/** The id of the `<script type="application/json">` that carries the runtime's settings (RuntimeConfig in types.ts). */
export const CONFIG_ELEMENT_ID = 'runtime-config';
/**
 * The id of the `<script type="application/json">` that carries the texts the runtime shows
 * itself (PageTexts): the rest of the page's words are in its HTML, and only the islands'
 * are needed again, in their props.
 */
export const PAGE_TEXTS_ELEMENT_ID = 'page-texts';
/** The id of the one that carries the islands' props (page/view/islands.ts), which the client entry hydrates from. */
export const ISLAND_PROPS_ELEMENT_ID = 'island-props';
/** The attribute of the elements the islands hydrate inside (the slider viewports), whose value names the island. */
export const ISLAND_ATTRIBUTE = 'data-slider';
/** Those elements, whatever their island. */
export const ISLAND_CONTAINER_SELECTOR = `[${ISLAND_ATTRIBUTE}]`;

/** The locale's messages the runtime shows itself, as in `locales/<lang>.json`: the consent prompt's. */
export interface PageTexts {
  consent?: unknown;
}

/** The JSON object in the element `id`, or null when the element is missing or not a JSON object. */
export function readJsonElement(doc: Pick<Document, 'getElementById'>, id: string): Record<string, unknown> | null {
  try {
    const text = doc.getElementById(id)?.textContent;
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The embedded page texts, or null when the element is missing or not a JSON object. */
export function readPageTexts(doc: Pick<Document, 'getElementById'>): PageTexts | null {
  return readJsonElement(doc, PAGE_TEXTS_ELEMENT_ID);
}
