// The fill-in layer: documents rendered once with stand-ins, kept as encoded byte parts, filled per campaign without rendering again.
import { escapeHtml, serializeJson } from '../../../templates/document.ts';
import type { RuntimeConfig } from '../../../templates/runtime/types.ts';
import type { PlannedPage } from '../plan.ts';

/**
 * Stands in for the campaign's base path in asset and page URLs. A path of plain
 * characters: it reads the same escaped, in JSON and in URLs, and so does any base path
 * the schema allows.
 */
export const BASE_PATH_TOKEN = '/__store-landing-base-path__/';

/**
 * Stand-ins for the install link, in HTML and in JSON (escaped differently), for the
 * Content-Security-Policy and for the runtime config: what a campaign's tracking changes.
 * None needs escaping, so React and serializeJson write them as they are.
 */
export const INSTALL_LINK_TOKEN = 'https://install-link.store-landing.invalid/';
export const INSTALL_LINK_JSON_TOKEN = 'https://install-link-json.store-landing.invalid/';
export const CSP_TOKEN = '__store-landing-csp__';
export const RUNTIME_CONFIG_TOKEN = '__store-landing-runtime-config__';
/** How the runtime config's stand-in reads in the document: a JSON string, quotes included. */
const RUNTIME_CONFIG_SLOT = JSON.stringify(RUNTIME_CONFIG_TOKEN);

const SLOTS = [BASE_PATH_TOKEN, INSTALL_LINK_TOKEN, INSTALL_LINK_JSON_TOKEN, CSP_TOKEN, RUNTIME_CONFIG_SLOT] as const;
type Slot = (typeof SLOTS)[number];
/** Splits a document at its stand-ins, which `split` keeps at the odd indexes. */
const SLOT_PATTERN = new RegExp(`(${SLOTS.map((slot) => slot.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`);

/**
 * A document split at its stand-ins: text at even indexes of `parts`, a Slot at odd ones.
 * `bytes` holds the text parts encoded once for every campaign that fills the document:
 * filling a page is then picking buffers, where joining strings would cost a UTF-8
 * encoding of the whole page per page.
 */
export interface DocumentTemplate {
  parts: string[];
  bytes: Buffer[];
}

/** The template of a document rendered with stand-ins. */
export function toTemplate(html: string): DocumentTemplate {
  const parts = html.split(SLOT_PATTERN);
  return { parts, bytes: parts.map((part, i) => (i % 2 ? EMPTY : Buffer.from(part))) };
}

const EMPTY = Buffer.alloc(0);

/** What a campaign puts into the stand-ins. */
export interface CampaignValues {
  basePath: string;
  installLink: string;
  /** The policy of the page's `<meta>` tag. */
  csp: string;
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
  // Every slot but the runtime config's, which is the page's own.
  const campaign: Record<Slot, Buffer> = {
    [BASE_PATH_TOKEN]: Buffer.from(values.basePath),
    [INSTALL_LINK_TOKEN]: Buffer.from(escapeHtml(values.installLink)),
    [INSTALL_LINK_JSON_TOKEN]: Buffer.from(serializeJson(values.installLink).slice(1, -1)),
    [CSP_TOKEN]: Buffer.from(escapeHtml(values.csp)),
  };
  // The campaign's runtime config, less the closing brace the page's own fields go before.
  const runtime = serializeJson(values.runtime).slice(0, -1);
  return (template, page) => {
    let runtimeConfig = EMPTY;
    if (page) {
      const own = { route: page.route, landingType: page.variant.name, locale: page.locale } satisfies Partial<RuntimeConfig>;
      runtimeConfig = Buffer.from(`${runtime},${serializeJson(own).slice(1)}`);
    }
    return template.bytes.map((part, i) => {
      if (i % 2 === 0) return part;
      const slot = template.parts[i] as Slot;
      return slot === RUNTIME_CONFIG_SLOT ? runtimeConfig : campaign[slot]!;
    });
  };
}
