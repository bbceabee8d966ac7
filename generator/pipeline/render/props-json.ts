// The page props a document embeds, as a template: the parts a locale's pages share (its messages and listing) serialized and encoded once.
import { serializeJson } from '../../../templates/document.ts';
import type { PageProps } from '../../../templates/props.ts';
import { joinTemplates, toTemplate, type DocumentTemplate } from './slots.ts';

/** The props every page of a locale carries as the same objects (its locale bundle's): most of a page's JSON. */
const SHARED_PROPS = new Set<keyof PageProps>(['messages', 'listing']);

/** The JSON templates of those objects, kept by a build (its context) while the objects live. */
export type SharedJson = WeakMap<object, DocumentTemplate>;

/**
 * The template of serializeJson(props), byte for byte: the props' members in their order, as
 * JSON.stringify writes them (members whose value is undefined left out), with each shared
 * object's JSON taken from `sharedJson`, or made once and kept there.
 */
export function propsTemplate(props: PageProps, sharedJson: SharedJson): DocumentTemplate {
  const parts: DocumentTemplate[] = [];
  let text = '';
  for (const [key, value] of Object.entries(props) as Array<[keyof PageProps, unknown]>) {
    if (value === undefined) continue;
    text += `${text || parts.length ? ',' : '{'}${serializeJson(key)}:`;
    if (SHARED_PROPS.has(key) && typeof value === 'object' && value !== null) {
      parts.push(toTemplate(text), sharedTemplate(value, sharedJson));
      text = '';
    } else {
      text += serializeJson(value);
    }
  }
  parts.push(toTemplate(text || parts.length ? `${text}}` : '{}'));
  return joinTemplates(parts);
}

function sharedTemplate(value: object, sharedJson: SharedJson): DocumentTemplate {
  let template = sharedJson.get(value);
  if (!template) sharedJson.set(value, (template = toTemplate(serializeJson(value))));
  return template;
}
