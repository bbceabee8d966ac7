// Builds what each page renders from: listing facts formatted for the locale, images resolved to asset URLs;
// and the texts it embeds for the runtime.
import type { ImageRef, Listing, Locale, LocaleBundle, Messages, PageProps } from '../../../page/contract/props.ts';
import { consentTexts } from '../../../page/contract/consent-texts.ts';
import type { PageTexts } from '../../../page/contract/page-props.ts';
import { amountIn, currencyFor, deviceRequirements, screenshotsFor, type Money } from '../../config/storefront.ts';
import type { Config } from '../../config/types.ts';
import type { ImageRole } from '../../shared/image-limits.ts';
import { imageKey } from '../images/image-roles.ts';
import type { OptimizedImage } from '../images/images.ts';
import type { LocaleFormats } from './locale-format.ts';
import type { PlannedPage } from '../plan.ts';

/** Resolves a config image path, shown in `role`, to its asset URLs and size. */
export type ImageResolver = (source: string, role: ImageRole) => ImageRef;

/** An ImageResolver over collected images, for a campaign hosted under `assetsUrl`. */
export function imageResolver(images: Map<string, OptimizedImage>, assetsUrl: string): ImageResolver {
  return (source, role) => {
    const image = images.get(imageKey(role, source));
    if (!image) throw new Error(`The image ${source} (${role}) was not collected before rendering.`);
    const ref: ImageRef = { src: assetsUrl + image.fallback, width: image.width, height: image.height };
    if (image.sources.length > 0) {
      ref.sources = image.sources.map(({ type, candidates }) => ({
        type,
        srcset: candidates.map(({ density, name }) => `${assetsUrl}${name} ${density}x`).join(', '),
      }));
    }
    return ref;
  };
}

/** The listing facts of `config` as the page shows them in `locale` (formatted by `formats`), whose `messages` name the app's languages. */
export function buildListing(config: Config, locale: Locale, messages: Messages, image: ImageResolver, formats: LocaleFormats): Listing {
  const { app } = config;
  const format = formats.get(locale);
  const currency = currencyFor(app, locale);
  // Validation has made sure every price has an amount in each currency a locale shows (listing-checks.ts).
  const money = (price: Money) => format.money(amountIn(price, currency, app.currency)!, currency);
  // A locale file may name a language itself (languageNames.<tag>), else Intl does; validation makes sure one of them does.
  const overrides = messages.languageNames;
  const languageName = (tag: string) =>
    typeof overrides === 'object' && Object.hasOwn(overrides, tag) ? (overrides[tag] as string) : format.languageName(tag)!;
  return {
    icon: image(app.icon, 'icon'),
    developer: app.developer,
    copyright: app.copyright,
    rating: app.rating,
    ratingText: format.rating(app.rating),
    ratingCount: format.compact(app.ratingCount),
    ratingCountValue: app.ratingCount,
    ratingHistogram: app.ratingHistogram,
    ...(app.chartRank === undefined ? {} : { chartRank: format.decimal(app.chartRank) }),
    ageRating: app.ageRating,
    size: format.decimal(app.sizeMB),
    category: `categories.${app.category}`,
    version: app.version,
    releaseDate: format.day(app.releaseDate),
    compatibility: deviceRequirements(app.compatibility),
    languages: format.list(app.languages.map(languageName)),
    price: app.price === 'free' ? 'free' : money(app.price),
    inAppPurchases: app.inAppPurchases.map((purchase) => ({ name: purchase.name, price: money(purchase.price) })),
    links: app.links,
    reviews: app.reviews.map(({ id, author, rating, date }) => ({ id, author, rating, date: format.day((date ?? app.reviewDate)!) })),
    familySharing: app.familySharing === true,
    privacy: app.privacy.map((card) => ({
      id: card.id,
      icon: image(card.icon, 'privacyCard'),
      categories: card.categories.map((category) => ({ id: category.id, icon: image(category.icon, 'privacyCategory') })),
    })),
    numberingSystem: format.numberingSystem,
  };
}

/** Everything one page renders from. */
export function buildPageProps(config: Config, page: PlannedPage, bundle: LocaleBundle, image: ImageResolver): PageProps {
  return {
    locale: page.locale,
    route: page.route,
    variant: page.variant.name,
    messages: bundle.messages,
    listing: bundle.listing,
    screenshots: pageScreenshots(config, page).map((source) => image(source, 'screenshot')),
    installLink: config.tracking.appsflyer.oneLink.default,
  };
}

/** The screenshots a page shows: its variant's in its language, then the shared ones in its language. */
export function pageScreenshots(config: Config, page: PlannedPage): string[] {
  return [...screenshotsFor(page.variant.screenshots, page.locale), ...screenshotsFor(config.sharedScreenshots, page.locale)];
}

/** Each locale's share of the props, the same for every page of a campaign in it, by locale; `messages` gives a locale's messages. */
export function buildLocaleBundles(
  config: Config,
  messages: (locale: Locale) => Messages,
  image: ImageResolver,
  formats: LocaleFormats,
): Map<Locale, LocaleBundle> {
  return new Map(
    config.locales.map((locale) => {
      const localeMessages = messages(locale);
      return [locale, { locale, messages: localeMessages, listing: buildListing(config, locale, localeMessages, image, formats) }];
    }),
  );
}

/**
 * What a page embeds for the runtime to show itself: the consent prompt's texts in its locale
 * (English for any it lacks). Nothing else of the messages: the page's HTML holds its words.
 */
export function pageTexts(messages: Messages): PageTexts {
  return { consent: consentTexts(messages) };
}
