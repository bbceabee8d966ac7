// The top of the listing: icon, title with age badge, subtitle, developer, chart rank, rating, price and the GET button.
import type { Listing } from '../../contract/props.ts';
import { plural, useT } from '../i18n.tsx';
import { AppImage } from './app-image.tsx';
import { ExternalLink } from './external-link.tsx';
import { Stars } from './stars.tsx';

export interface HeaderProps {
  listing: Listing;
  /** The rating as the locale writes it, e.g. `4,5`. */
  ratingText: string;
  installLink: string;
}

/** The product header. The icon and the GET button are install links (`data-cta`) that work without JavaScript. */
export function Header({ listing, ratingText, installLink }: HeaderProps) {
  const t = useT();
  const appName = t('app.name');
  return (
    <header className="product-header">
      <a className="product-header__icon app-icon" href={installLink} data-cta="icon">
        <AppImage image={listing.icon} alt={appName} priority />
      </a>
      <div className="product-header__details">
        <h1 className="product-header__title">
          {appName} <bdi className="age-badge">{listing.ageRating}</bdi>
        </h1>
        <p className="product-header__subtitle">{t('app.subtitle')}</p>
        <p className="product-header__developer">
          {/* Isolated: a name such as "Acme, Inc." keeps its punctuation in place on a right-to-left page. */}
          <ExternalLink href={listing.links.developer}>
            <bdi>{listing.developer}</bdi>
          </ExternalLink>
        </p>
        {listing.chartRank !== undefined && (
          <p className="product-header__line">{t('header.rank', { rank: listing.chartRank, category: t(listing.category) })}</p>
        )}
        <p className="product-header__line product-header__rating">
          <Stars rating={listing.rating} className="stars--header" />
          <span>
            {ratingText} • {t('header.ratings', plural(listing.ratingCountValue, listing.ratingCount))}
          </span>
        </p>
        <div className="product-header__purchase">
          <a className="get-button" href={installLink} data-cta="get">
            {t('header.get')}
          </a>
          <p className="product-header__price">
            <span className="product-header__price-label">
              <Price text={priceLabel(listing.price, t)} />
            </span>
            {listing.inAppPurchases.length > 0 && <span className="product-header__iap">{t('header.inAppPurchases')}</span>}
          </p>
        </div>
      </div>
    </header>
  );
}

/**
 * A price as Intl wrote it for the locale, kept left to right on a right-to-left page too:
 * Arabic's `39.99 US$` would otherwise show as `$US 39.99`.
 */
export function Price({ text }: { text: string }) {
  return <bdi dir="ltr">{text}</bdi>;
}

/** "Free" for a free app, else its price as the generator formatted it. */
export function priceLabel(price: string, t: (key: string) => string): string {
  return price === 'free' ? t('information.free') : price;
}
