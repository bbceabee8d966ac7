// Renders a campaign's documents (every page and its 404) to HTML with stand-ins, from the page's React view.
import { renderDocument, serializeJson, type ImagePreload, type SharePreview } from './document.ts';
import { renderError, renderIslandProps } from '../../../page/view/entry-server.tsx';
import type { TranslatorCache } from '../../../page/view/i18n.tsx';
import type { ImageRef, LocaleBundle } from '../../../page/contract/props.ts';
import type { Config } from '../../config/types.ts';
import type { KeyedCache } from '../../shared/bounded-cache.ts';
import { RenderFailed } from '../../shared/errors.ts';
import { buildPageProps, pageScreenshots, pageTexts, type ImageResolver } from './page-props.ts';
import { shareImageKey } from '../images/share-card.ts';
import { notFoundFile } from '../../hosts/site.ts';
import type { CampaignPlan, PlannedPage } from '../plan.ts';
import { renderBody, type ShellCache } from './body.ts';
import { CONFIG_ELEMENT_ID, ISLAND_PROPS_ELEMENT_ID, PAGE_TEXTS_ELEMENT_ID } from '../../../page/contract/page-props.ts';
import {
  BASE_PATH_TOKEN,
  BODY_TOKEN,
  CSP_TOKEN,
  INSTALL_LINK_JSON_TOKEN,
  INSTALL_LINK_TOKEN,
  ISLANDS_SLOT,
  ISLANDS_TOKEN,
  RUNTIME_CONFIG_TOKEN,
  splitAround,
  STYLE_TOKEN,
  toTemplate,
  type DocumentTemplate,
} from './slots.ts';

/** What rendering a campaign's templates needs besides its plan. */
export interface TemplateInput {
  /** URLs of the module scripts every page loads, runtime first, on BASE_PATH_TOKEN. */
  scripts: string[];
  /** URLs of the chunks those scripts import, on BASE_PATH_TOKEN. */
  modulePreloads: string[];
  /** The inline script of the plain routes (page/runtime/language-redirect.ts). */
  languageRedirect: string;
  /** Per locale: the messages and formatted listing, asset URLs on BASE_PATH_TOKEN. */
  bundles: Map<string, LocaleBundle>;
  /** Resolves images to URLs on BASE_PATH_TOKEN. */
  image: ImageResolver;
  /** Rendered bodies by content, shared by the campaigns of a build (see renderBody). */
  bodies: KeyedCache<string, DocumentTemplate>;
  /** Bodies but for their screenshots section, and those sections, for the pages that differ only there (see renderBody). */
  shells: ShellCache;
  /** The build's translators (one per messages object and locale). */
  translators: TranslatorCache;
  /** A share image of the campaign by its key (share-card.ts), its URL on BASE_PATH_TOKEN; none without siteUrl. */
  shareImage: (key: string) => ImageRef | undefined;
}

/** A campaign's documents with stand-ins: every campaign whose config differs only in what they stand for shares them. */
export interface CampaignTemplate {
  /** By file, relative to the campaign's folder. */
  pages: Map<string, DocumentTemplate>;
  /** Each locale's 404 page, by file relative to the campaign's folder (`404.html`, `de/404.html`). */
  notFound: Map<string, DocumentTemplate>;
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
export function renderCampaignTemplate(plan: CampaignPlan, context: TemplateInput): CampaignTemplate {
  // A locale has one title and description; every page in it reuses them.
  const metadata = new Map([...context.bundles].map(([locale, bundle]) => [locale, pageMetadata(plan.config, bundle, context)]));
  // A locale's pages one after another: they share a body but for the screenshots (renderBody).
  const localeOrder = [...plan.pages].sort((a, b) => plan.config.locales.indexOf(a.locale) - plan.config.locales.indexOf(b.locale));
  return {
    pages: new Map(localeOrder.map((page) => [page.file, renderPage(plan, page, context, metadata.get(page.locale)!)])),
    notFound: new Map(
      plan.config.locales.map((locale) => [notFoundFile(locale, plan.config.defaultLocale), toTemplate(renderNotFound(context, locale))]),
    ),
  };
}

/**
 * The template of one page: its document around the template of its body, made once for every
 * page that shares it (renderBody), and its islands' props, so only the rest is encoded per page.
 */
function renderPage(plan: CampaignPlan, page: PlannedPage, context: TemplateInput, metadata: PageMetadata): DocumentTemplate {
  const { config } = plan;
  const props = buildPageProps(config, page, context.bundles.get(page.locale)!, context.image);
  let body: DocumentTemplate;
  let islands: DocumentTemplate;
  try {
    body = renderBody(props, context);
    islands = toTemplate(serializeJson(renderIslandProps({ ...props, installLink: INSTALL_LINK_JSON_TOKEN }, context.translators)));
  } catch (error) {
    throw RenderFailed.create(`${page.file} (${page.variant.name}, ${page.locale})`, (error as Error).message);
  }
  const pageUrl = (urlPath: string) => (config.siteUrl ?? '') + BASE_PATH_TOKEN + urlPath;
  const sameRoute = plan.pages.filter((other) => other.variant === page.variant);
  const defaultPage = sameRoute.find((other) => other.locale === config.defaultLocale)!;
  const html = renderDocument({
    lang: page.locale,
    title: metadata.title,
    description: metadata.description,
    css: STYLE_TOKEN,
    csp: CSP_TOKEN,
    body: BODY_TOKEN,
    canonical: config.siteUrl ? pageUrl(page.urlPath) : undefined,
    alternates: [
      ...sameRoute.map((other) => ({ hreflang: other.locale, href: pageUrl(other.urlPath) })),
      { hreflang: 'x-default', href: pageUrl(defaultPage.urlPath) },
    ],
    icon: favicon(props.listing.icon),
    share: sharePreview(config, page, metadata, context, pageUrl(page.urlPath)),
    appBanner: config.app.appStoreId ? `app-id=${config.app.appStoreId}, app-argument=${INSTALL_LINK_TOKEN}` : undefined,
    preloadImages: [lcpPreload(props.screenshots[0]!)],
    inlineScript: page.locale === config.defaultLocale ? context.languageRedirect : undefined,
    scripts: context.scripts,
    modulePreloads: context.modulePreloads,
    data: {
      [PAGE_TEXTS_ELEMENT_ID]: pageTexts(props.messages),
      [ISLAND_PROPS_ELEMENT_ID]: ISLANDS_TOKEN,
      [CONFIG_ELEMENT_ID]: RUNTIME_CONFIG_TOKEN,
    },
  });
  return splitAround(html, [
    [BODY_TOKEN, body],
    [ISLANDS_SLOT, islands],
  ]);
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

/**
 * The tab's icon: the app icon's 1x WebP (112 px), not the `<img>`'s 2x one. A browser draws it
 * at 16 to 32 px and decodes it on the page's main thread, where the 2x file was four times the
 * pixels. The icon as it is when it has no renditions.
 */
function favicon(icon: ImageRef): string {
  // Asset names have no space or comma (images.ts), so a srcset splits on them.
  const candidates = icon.sources?.find((source) => source.type === 'image/webp')?.srcset.split(', ') ?? [];
  const oneX = candidates.map((candidate) => candidate.split(' ')).find(([, density]) => density === '1x');
  return oneX?.[0] ?? icon.src;
}

interface PageMetadata {
  title: string;
  description: string;
  appName: string;
}

/**
 * The page's share preview in its language: its title and description, and, with siteUrl, its
 * URL and card image (Open Graph takes only absolute URLs, so without siteUrl neither is given).
 */
function sharePreview(config: Config, page: PlannedPage, metadata: PageMetadata, context: TemplateInput, url: string): SharePreview {
  const { title, description, appName } = metadata;
  const preview: SharePreview = { title, description, siteName: appName, locale: page.locale.replace(/-/g, '_') };
  if (!config.siteUrl) return preview;
  const image = context.shareImage(shareImageKey(page.locale, pageScreenshots(config, page)[0], appName));
  return {
    ...preview,
    url,
    ...(image ? { image: { url: config.siteUrl + image.src, width: image.width, height: image.height, alt: title } } : {}),
  };
}

/** The title and meta description of a locale's pages, from the listing. */
function pageMetadata(config: Config, bundle: LocaleBundle, context: TemplateInput): PageMetadata {
  const t = context.translators.get(bundle.locale, bundle.messages);
  const appName = t('app.name');
  return {
    appName,
    title: t('meta.title', { appName }),
    description: t('meta.description', {
      appName,
      developer: config.app.developer,
      rating: bundle.listing.ratingText,
      ratingCount: bundle.listing.ratingCount,
    }),
  };
}

/** A locale's 404 page: the error page in that language, which hosts send for unknown paths in its folder. */
function renderNotFound(context: TemplateInput, locale: string): string {
  const messages = context.bundles.get(locale)!.messages;
  const t = context.translators.get(locale, messages);
  return renderDocument({
    lang: locale,
    title: `${t('error.notFound')} – ${t('app.name')}`,
    description: t('error.title'),
    css: STYLE_TOKEN,
    csp: CSP_TOKEN,
    body: renderError({ locale, messages, status: 404 }, context.translators),
  });
}
