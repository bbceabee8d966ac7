// Renders a campaign's documents once, with stand-ins for what campaigns differ in, and fills them per campaign.
import { escapeHtml, renderDocument, serializeJson, type ImagePreload } from '../../../templates/document.ts';
import { render, renderError } from '../../../templates/entry-server.tsx';
import { formatRating, translatorFor } from '../../../templates/i18n.tsx';
import type { ImageRef, LocaleBundle, PageProps } from '../../../templates/props.ts';
import type { RuntimeConfig } from '../../../templates/runtime/types.ts';
import type { Config } from '../../config/types.ts';
import { RenderFailed } from '../../shared/errors.ts';
import { buildPageProps, type ImageResolver } from '../page-props.ts';
import type { CampaignPlan, PlannedPage } from '../plan.ts';

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
const INSTALL_LINK_TOKEN = 'https://install-link.store-landing.invalid/';
const INSTALL_LINK_JSON_TOKEN = 'https://install-link-json.store-landing.invalid/';
const CSP_TOKEN = '__store-landing-csp__';
const RUNTIME_CONFIG_TOKEN = '__store-landing-runtime-config__';
/** How the runtime config's stand-in reads in the document: a JSON string, quotes included. */
const RUNTIME_CONFIG_SLOT = JSON.stringify(RUNTIME_CONFIG_TOKEN);

const SLOTS = [BASE_PATH_TOKEN, INSTALL_LINK_TOKEN, INSTALL_LINK_JSON_TOKEN, CSP_TOKEN, RUNTIME_CONFIG_SLOT] as const;
type Slot = (typeof SLOTS)[number];
/** Splits a document at its stand-ins, which `split` keeps at the odd indexes. */
const SLOT_PATTERN = new RegExp(`(${SLOTS.map((slot) => slot.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`);

/** A document split at its stand-ins: text at even indexes, a Slot at odd ones. Filling it is one join. */
export type DocumentTemplate = string[];

/** What rendering a campaign's templates needs besides its plan. */
export interface RenderContext {
  /** The page CSS, inlined into every document. */
  css: string;
  /** URLs of the module scripts every page loads, runtime first, on BASE_PATH_TOKEN. */
  scripts: string[];
  /** Per locale: the messages and formatted listing, asset URLs on BASE_PATH_TOKEN. */
  bundles: Map<string, LocaleBundle>;
  /** Resolves images to URLs on BASE_PATH_TOKEN. */
  image: ImageResolver;
  /** Rendered bodies by content, shared by every campaign of a build (see renderBody). */
  bodies: Map<string, string>;
}

/** A campaign's documents with stand-ins: every campaign whose config differs only in what they stand for shares them. */
export interface CampaignTemplate {
  /** By file, relative to the campaign's folder. */
  pages: Map<string, DocumentTemplate>;
  notFound: DocumentTemplate;
  /** Each locale's bundle as JSON text, URLs on BASE_PATH_TOKEN: the hashed asset the runtime fetches to switch language. */
  localeJson: Map<string, string>;
}

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
 * The config as far as templates depend on it: the base path, the tracking (install link,
 * policy, runtime config) and the split test (config.json) reach documents only through
 * stand-ins or not at all. Campaigns with equal keys share templates.
 */
export function templateKey(config: Config): string {
  const { basePath: _basePath, tracking: _tracking, splitTest: _splitTest, ...rest } = config;
  return JSON.stringify(rest);
}

/**
 * Renders every page of the campaign, and its 404 page, with stand-ins.
 * @throws UserError naming the page when a template throws.
 */
export function renderCampaignTemplate(plan: CampaignPlan, context: RenderContext): CampaignTemplate {
  return {
    pages: new Map(plan.pages.map((page) => [page.file, renderPage(plan, page, context).split(SLOT_PATTERN)])),
    notFound: renderNotFound(plan, context).split(SLOT_PATTERN),
    localeJson: new Map([...context.bundles].map(([locale, bundle]) => [locale, JSON.stringify(bundle)])),
  };
}

/**
 * Fills a campaign's templates: `page` gives a page its own runtime config (the 404 page has
 * none). A document comes as its UTF-8 parts in order, written as they are (write.ts).
 */
export type DocumentFiller = (template: DocumentTemplate, page?: PlannedPage) => Buffer[];

/**
 * Each template's text, encoded once for every campaign that fills it: filling a page is then
 * picking buffers, where joining strings cost a 53 KB UTF-8 encoding per page, and joining
 * buffers a copy of it.
 */
const encodedTemplates = new WeakMap<DocumentTemplate, Buffer[]>();

function encoded(template: DocumentTemplate): Buffer[] {
  let parts = encodedTemplates.get(template);
  if (!parts) {
    parts = template.map((part, i) => (i % 2 ? EMPTY : Buffer.from(part)));
    encodedTemplates.set(template, parts);
  }
  return parts;
}
const EMPTY = Buffer.alloc(0);

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
    return encoded(template).map((part, i) => {
      if (i % 2 === 0) return part;
      const slot = template[i] as Slot;
      return slot === RUNTIME_CONFIG_SLOT ? runtimeConfig : campaign[slot]!;
    });
  };
}

/**
 * The page body: rendered once per distinct content, the install link's stand-in left in.
 * `bodies` maps the props to their rendered markup.
 */
export function renderBody(props: PageProps, bodies: Map<string, string>): string {
  const template = { ...props, installLink: INSTALL_LINK_TOKEN };
  const key = JSON.stringify(template);
  let body = bodies.get(key);
  if (body === undefined) {
    body = render(template);
    bodies.set(key, body);
  }
  return body;
}

function renderPage(plan: CampaignPlan, page: PlannedPage, context: RenderContext): string {
  const { config } = plan;
  const bundle = context.bundles.get(page.locale)!;
  const props = buildPageProps(config, page, bundle, context.image);
  let body: string;
  try {
    body = renderBody(props, context.bodies);
  } catch (error) {
    throw RenderFailed.create(`${page.file} (${page.variant.name}, ${page.locale})`, (error as Error).message);
  }
  const pageUrl = (urlPath: string) => (config.siteUrl ?? '') + BASE_PATH_TOKEN + urlPath;
  const sameRoute = plan.pages.filter((other) => other.variant === page.variant);
  const defaultPage = sameRoute.find((other) => other.locale === config.defaultLocale)!;
  return renderDocument({
    lang: page.locale,
    ...metadata(config, bundle),
    css: context.css,
    csp: CSP_TOKEN,
    body,
    canonical: config.siteUrl ? pageUrl(page.urlPath) : undefined,
    alternates: [
      ...sameRoute.map((other) => ({ hreflang: other.locale, href: pageUrl(other.urlPath) })),
      { hreflang: 'x-default', href: pageUrl(defaultPage.urlPath) },
    ],
    icon: props.listing.icon.src,
    preloadImages: [lcpPreload(props.screenshots[0]!)],
    scripts: context.scripts,
    data: { 'page-props': { ...props, installLink: INSTALL_LINK_JSON_TOKEN }, 'runtime-config': RUNTIME_CONFIG_TOKEN },
  });
}

/**
 * The preload of the first screenshot, the largest image of the first screen: the first
 * (AVIF) source's srcset when there is one, so exactly the file the `<picture>` picks is
 * fetched early; browsers without AVIF skip it rather than fetch a file they will not use.
 */
export function lcpPreload(image: ImageRef): ImagePreload {
  const best = image.sources?.[0];
  return best ? { srcset: best.srcset, type: best.type } : { href: image.src };
}

/** The title and meta description of a page, from the listing. */
function metadata(config: Config, bundle: LocaleBundle) {
  let cached = metadataCache.get(bundle);
  if (!cached) {
    cached = pageMetadata(config, bundle);
    metadataCache.set(bundle, cached);
  }
  return cached;
}

/** A campaign's locale bundle has one title and description; every page of it reuses them. */
const metadataCache = new WeakMap<LocaleBundle, { title: string; description: string }>();

function pageMetadata(config: Config, bundle: LocaleBundle) {
  const t = translatorFor(bundle.locale, bundle.messages);
  const appName = t('app.name');
  return {
    title: t('meta.title', { appName }),
    description: t('meta.description', {
      appName,
      developer: config.app.developer,
      rating: formatRating(bundle.locale, config.app.rating),
      ratingCount: bundle.listing.ratingCount,
    }),
  };
}

/** The campaign's `404.html`: the error page in the default locale. */
function renderNotFound(plan: CampaignPlan, context: RenderContext): string {
  const { defaultLocale } = plan.config;
  const messages = context.bundles.get(defaultLocale)!.messages;
  const t = translatorFor(defaultLocale, messages);
  return renderDocument({
    lang: defaultLocale,
    title: `${t('error.notFound')} – ${t('app.name')}`,
    description: t('error.title'),
    css: context.css,
    csp: CSP_TOKEN,
    body: renderError({ locale: defaultLocale, messages, status: 404 }),
  });
}
