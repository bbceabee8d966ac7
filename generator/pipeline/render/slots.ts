// The fill-in layer: documents rendered once with stand-ins, kept as encoded byte parts, filled per campaign without rendering again.
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../shared/html.ts';
import { serializeJson, styleText } from './document.ts';
import type { RuntimeConfig } from '../../../page/contract/runtime-config.ts';
import type { PlannedPage } from '../plan.ts';

/**
 * A secret of this process, in every stand-in. Config and locale text can never hold a stand-in
 * (it could not know the secret), so no user value is ever mistaken for one and filled with
 * text escaped for another context: a fixed stand-in let `app.links.developer` equal to the
 * JSON install link's stand-in put JSON-escaped text (`\"`) into an HTML attribute. Lowercase
 * hex reads the same escaped for HTML, in JSON, in URLs and in a host name.
 */
const SECRET = randomBytes(12).toString('hex');

/**
 * Stands in for the campaign's base path in asset and page URLs. A path of plain
 * characters: it reads the same escaped, in JSON and in URLs, and so does any base path
 * the schema allows (documentFiller checks).
 */
export const BASE_PATH_TOKEN = `/__store-landing-base-path-${SECRET}__/`;

/**
 * Stand-ins for the install link, in HTML and in JSON (escaped differently), for the
 * Content-Security-Policy and for the runtime config: what a campaign's tracking changes.
 * None needs escaping, so React and serializeJson write them as they are.
 */
export const INSTALL_LINK_TOKEN = `https://install-link-${SECRET}.store-landing.invalid/`;
export const INSTALL_LINK_JSON_TOKEN = `https://install-link-json-${SECRET}.store-landing.invalid/`;
export const CSP_TOKEN = `__store-landing-csp-${SECRET}__`;
/**
 * Stands in for the page CSS, the same in every document of a build: filled in as bytes encoded
 * once per campaign, where each page would otherwise encode the whole stylesheet again.
 */
export const STYLE_TOKEN = `__store-landing-style-${SECRET}__`;
export const RUNTIME_CONFIG_TOKEN = `__store-landing-runtime-config-${SECRET}__`;
/** How the runtime config's stand-in reads in the document: a JSON string, quotes included. */
const RUNTIME_CONFIG_SLOT = JSON.stringify(RUNTIME_CONFIG_TOKEN);

const SLOTS = [BASE_PATH_TOKEN, INSTALL_LINK_TOKEN, INSTALL_LINK_JSON_TOKEN, CSP_TOKEN, STYLE_TOKEN, RUNTIME_CONFIG_SLOT] as const;
/** Where two templates were joined (joinTemplates): no text stood there, and nothing fills it, so both keep their buffers. */
const JOIN = '';
type Slot = (typeof SLOTS)[number] | typeof JOIN;
/** Where the secret sits in each stand-in: a document is searched for the secret, then for the stand-in around it. */
const SECRET_AT = new Map<Slot, number>(SLOTS.map((slot) => [slot, slot.indexOf(SECRET)]));

/**
 * A document split at its stand-ins: `texts` around them, encoded once for every campaign
 * that fills the document (filling a page is then picking buffers, where joining strings
 * would cost a UTF-8 encoding of the whole page per page), and the stand-in between each
 * two texts (or JOIN, where two templates were joined). Only bytes are kept: a template waits
 * in the build's cache, and the rendered string would double what it holds. Templates share
 * buffers: a page's holds those of its body's shell and of its locale's messages.
 */
export interface DocumentTemplate {
  texts: Buffer[];
  slots: Slot[];
}

/**
 * The template of a document rendered with stand-ins.
 * @throws Error when a stand-in reached the document other than whole (encoded, cut or joined
 * to other text): it would never be filled, and the secret would reach the output.
 */
export function toTemplate(html: string): DocumentTemplate {
  const texts: Buffer[] = [];
  const slots: Slot[] = [];
  let textStart = 0;
  for (let at = html.indexOf(SECRET); at !== -1; at = html.indexOf(SECRET, textStart)) {
    const slot = SLOTS.find(
      (candidate) => at - SECRET_AT.get(candidate)! >= textStart && html.startsWith(candidate, at - SECRET_AT.get(candidate)!),
    );
    if (!slot)
      throw new Error(`A fill-in stand-in was changed on its way into the document, near: ${html.slice(Math.max(0, at - 60), at + 40)}`);
    const begin = at - SECRET_AT.get(slot)!;
    texts.push(Buffer.from(html.slice(textStart, begin)));
    slots.push(slot);
    textStart = begin + slot.length;
  }
  texts.push(Buffer.from(html.slice(textStart)));
  return { texts, slots };
}

/**
 * Stands in for a page's body in its document: the body comes as a template of its own, made
 * once for every page that shares it, and the document is split around this (splitAround).
 */
export const BODY_TOKEN = `__store-landing-body-${SECRET}__`;
/**
 * Stands in for the islands' props (page/view/islands.ts) in a document, which is split around it the same
 * way; `ISLANDS_SLOT` is how it reads there, a JSON string.
 */
export const ISLANDS_TOKEN = `__store-landing-islands-${SECRET}__`;
export const ISLANDS_SLOT = JSON.stringify(ISLANDS_TOKEN);

/** One template of several, in order, sharing their buffers: a JOIN between each two. */
export function joinTemplates(parts: DocumentTemplate[]): DocumentTemplate {
  const texts: Buffer[] = [];
  const slots: Slot[] = [];
  for (const part of parts) {
    if (texts.length) slots.push(JOIN);
    texts.push(...part.texts);
    slots.push(...part.slots);
  }
  return { texts, slots };
}

/**
 * The template of `html` with `parts` in place of their stand-ins, which occur once each, in this order.
 * @throws Error when one is missing (its part would be left out).
 */
export function splitAround(html: string, parts: Array<[standIn: string, template: DocumentTemplate]>): DocumentTemplate {
  const joined: DocumentTemplate[] = [];
  let from = 0;
  for (const [standIn, template] of parts) {
    const at = html.indexOf(standIn, from);
    if (at === -1) throw new Error(`A document lost the stand-in of one of its parts: ${standIn}`);
    joined.push(toTemplate(html.slice(from, at)), template);
    from = at + standIn.length;
  }
  joined.push(toTemplate(html.slice(from)));
  return joinTemplates(joined);
}

/** The document a template was made from, stand-ins in place (tests compare it with a whole render). */
export function templateHtml(template: DocumentTemplate): string {
  return template.texts.map((text, i) => text.toString() + (template.slots[i] ?? '')).join('');
}

/** True when `text` holds a stand-in, whole or in part: filled output must never (tests check the pages). */
export function containsStandIn(text: string): boolean {
  return text.includes(SECRET);
}

const EMPTY = Buffer.alloc(0);

/** What a campaign puts into the stand-ins. */
export interface CampaignValues {
  basePath: string;
  installLink: string;
  /** The policy of the page's `<meta>` tag. */
  csp: string;
  /** The page CSS. */
  css: string;
  /** The runtime's settings, less what differs per page. */
  runtime: Omit<RuntimeConfig, 'route' | 'landingType' | 'locale'>;
}

/**
 * Fills a campaign's templates: `page` gives a page its own runtime config (the 404 page has
 * none). A document comes as its UTF-8 parts in order, written as they are (write.ts).
 */
export type DocumentFiller = (template: DocumentTemplate, page?: PlannedPage) => Buffer[];

/** A filler for one campaign's values, each escaped for its context once for all its documents. */
export function documentFiller(values: CampaignValues): DocumentFiller {
  // One base path fills HTML, JSON and URLs alike: only text that reads the same in all three may.
  if (!/^\/([A-Za-z0-9._~-]+\/)*$/.test(values.basePath))
    throw new Error(`Base path ${JSON.stringify(values.basePath)} needs escaping; the schema allows none that does.`);
  // Every slot but the runtime config's, which is the page's own.
  const campaign: Record<Slot, Buffer> = {
    [BASE_PATH_TOKEN]: Buffer.from(values.basePath),
    [INSTALL_LINK_TOKEN]: Buffer.from(escapeHtml(values.installLink)),
    [INSTALL_LINK_JSON_TOKEN]: Buffer.from(serializeJson(values.installLink).slice(1, -1)),
    [CSP_TOKEN]: Buffer.from(escapeHtml(values.csp)),
    [STYLE_TOKEN]: Buffer.from(styleText(values.css)),
    [JOIN]: EMPTY,
  };
  // The campaign's runtime config, less the closing brace the page's own fields go before.
  const runtime = serializeJson(values.runtime).slice(0, -1);
  return (template, page) => {
    let runtimeConfig = EMPTY;
    if (page) {
      const own = { route: page.route, landingType: page.variant.name, locale: page.locale } satisfies Partial<RuntimeConfig>;
      runtimeConfig = Buffer.from(`${runtime},${serializeJson(own).slice(1)}`);
    }
    const parts = [template.texts[0]!];
    template.slots.forEach((slot, i) => parts.push(slot === RUNTIME_CONFIG_SLOT ? runtimeConfig : campaign[slot]!, template.texts[i + 1]!));
    return parts;
  };
}
