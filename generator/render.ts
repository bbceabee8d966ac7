// Renders every planned page of a campaign to a complete HTML document, and the campaign's 404 page.
import { escapeHtml, renderDocument, type ImagePreload } from '../templates/document.ts';
import { render, renderError } from '../templates/entry-server.tsx';
import { createTranslator, formatRating } from '../templates/i18n.tsx';
import type { ImageRef, LocaleBundle, PageProps } from '../templates/props.ts';
import type { RuntimeConfig } from '../templates/runtime/types.ts';
import type { Config } from './config/types.ts';
import { RenderFailed } from './errors.ts';
import { buildPageProps, type ImageResolver } from './page-props.ts';
import type { CampaignPlan, PlannedPage } from './plan.ts';

/** What rendering a campaign needs besides its plan. */
export interface RenderContext {
  /** The page CSS, inlined into every document. */
  css: string;
  /** The Content-Security-Policy of the campaign's pages, for their meta tag. */
  csp: string;
  /** URLs of the module scripts every page loads, runtime first. */
  scripts: string[];
  /** Per locale: the messages and formatted listing, asset URLs on BASE_PATH_TOKEN. */
  bundles: Map<string, LocaleBundle>;
  /** Resolves images to URLs on BASE_PATH_TOKEN. */
  image: ImageResolver;
  /** Rendered bodies by content, shared by every campaign of a build (see renderBody). */
  bodies: Map<string, string>;
  /** Where the campaign is hosted: replaces BASE_PATH_TOKEN in every document. */
  basePath: string;
  /** The runtime's settings, less what differs per page. */
  runtime: Omit<RuntimeConfig, 'route' | 'landingType' | 'locale'>;
}

/**
 * Stands in for the campaign's base path in asset URLs while pages are rendered, so that
 * campaigns hosted under different paths share rendered bodies; each finished document gets
 * its real base path. A path of plain characters: it reads the same escaped, in JSON and in URLs.
 */
export const BASE_PATH_TOKEN = '/__store-landing-base-path__/';

/**
 * Stands in for the install link while a body is rendered and cached: campaigns that
 * differ only in their tracking share every rendered body. Nothing in it needs escaping,
 * so React writes it as is and it can be swapped for the real link afterwards.
 */
const INSTALL_LINK_TOKEN = 'https://install-link.store-landing.invalid/';

/**
 * The page body: rendered once per distinct content, the install link put in afterwards.
 * `bodies` maps the props (with the token for the link) to their rendered markup.
 */
export function renderBody(props: PageProps, bodies: Map<string, string>): string {
  const template = { ...props, installLink: INSTALL_LINK_TOKEN };
  const key = JSON.stringify(template);
  let body = bodies.get(key);
  if (body === undefined) {
    body = render(template);
    bodies.set(key, body);
  }
  return body.replaceAll(INSTALL_LINK_TOKEN, escapeHtml(props.installLink));
}

/** A rendered file, relative to the campaign's folder. */
export interface RenderedFile {
  file: string;
  html: string;
}

/**
 * Renders every page of the campaign.
 * @throws UserError naming the page when a template throws.
 */
export function renderPages(plan: CampaignPlan, context: RenderContext): RenderedFile[] {
  return plan.pages.map((page) => ({ file: page.file, html: renderPage(plan, page, context) }));
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
  const runtimeConfig: RuntimeConfig = {
    ...context.runtime,
    route: page.route,
    landingType: page.variant.name,
    locale: page.locale,
  };
  const pageUrl = (urlPath: string) => (config.siteUrl ?? '') + plan.basePath + urlPath;
  const sameRoute = plan.pages.filter((other) => other.variant === page.variant);
  const defaultPage = sameRoute.find((other) => other.locale === config.defaultLocale)!;
  return renderDocument({
    lang: page.locale,
    ...metadata(config, bundle),
    css: context.css,
    csp: context.csp,
    body,
    canonical: config.siteUrl ? pageUrl(page.urlPath) : undefined,
    alternates: [
      ...sameRoute.map((other) => ({ hreflang: other.locale, href: pageUrl(other.urlPath) })),
      { hreflang: 'x-default', href: pageUrl(defaultPage.urlPath) },
    ],
    icon: props.listing.icon.src,
    preloadImages: [lcpPreload(props.screenshots[0]!)],
    scripts: context.scripts,
    data: { 'page-props': props, 'runtime-config': runtimeConfig },
  }).replaceAll(BASE_PATH_TOKEN, context.basePath);
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
  const t = createTranslator(bundle.locale, bundle.messages);
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
export function renderNotFound(plan: CampaignPlan, context: RenderContext): string {
  const { defaultLocale } = plan.config;
  const messages = context.bundles.get(defaultLocale)!.messages;
  const t = createTranslator(defaultLocale, messages);
  return renderDocument({
    lang: defaultLocale,
    title: `${t('error.notFound')} – ${t('app.name')}`,
    description: t('error.title'),
    css: context.css,
    csp: context.csp,
    body: renderError({ locale: defaultLocale, messages, status: 404 }),
  });
}
