// "App Privacy": the developer's statement and one card per kind of data collected, with its categories.
import type { Listing, PrivacyCard } from '../../contract/props.ts';
import { useT } from '../i18n.tsx';
import { AppImage } from './app-image.tsx';
import { ExternalLink } from './external-link.tsx';
import { SectionHeader } from './section-header.tsx';

/** The privacy section; "See Details" and "Learn More" open the developer's privacy policy. */
export function Privacy({ listing }: { listing: Listing }) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="privacy-title">
      <SectionHeader
        id="privacy-title"
        title={t('privacy.title')}
        action={
          <ExternalLink href={listing.links.privacy} className="section-header__action">
            {t('privacy.seeDetails')}
          </ExternalLink>
        }
      />
      <p className="privacy__intro">{t('privacy.intro', { developer: listing.developer })}</p>
      <ul className="privacy__cards">
        {listing.privacy.map((card) => (
          <PrivacyCardItem card={card} key={card.id} />
        ))}
      </ul>
      <p className="privacy__footer">
        {t('privacy.footer')} <ExternalLink href={listing.links.privacy}>{t('privacy.learnMore')}</ExternalLink>
      </p>
    </section>
  );
}

function PrivacyCardItem({ card }: { card: PrivacyCard }) {
  const t = useT();
  return (
    <li className="privacy-card">
      {/* The icons repeat what the titles say, so they are decorative (alt=""). */}
      <AppImage image={card.icon} alt="" className="privacy-card__icon" />
      <h3 className="privacy-card__title">{t(`privacy.cards.${card.id}.title`)}</h3>
      <p className="privacy-card__description">{t(`privacy.cards.${card.id}.description`)}</p>
      <ul className="privacy-card__categories">
        {card.categories.map((category) => (
          <li className="privacy-card__category" key={category.id}>
            <AppImage image={category.icon} alt="" className="privacy-card__category-icon" />
            {t(`privacy.categories.${category.id}`)}
          </li>
        ))}
      </ul>
    </li>
  );
}
