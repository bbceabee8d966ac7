// "Information": seller, size, category, compatibility, languages, age rating, copyright, price, in-app purchases, Family Sharing.
import type { ReactNode } from 'react';
import type { DeviceRequirement, Listing } from '../../contract/props.ts';
import { type Translate, useT } from '../i18n.tsx';
import { Price, priceLabel } from './header.tsx';
import { SectionHeader } from './section-header.tsx';

/**
 * The facts table: gray label at the start, value at the end (mirrored right to left), hairlines between
 * rows; lists take the full width below their label.
 */
export function Information({ listing }: { listing: Listing }) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="information-title">
      <SectionHeader id="information-title" title={t('information.title')} />
      <dl className="info-list">
        <InfoRow label={t('information.seller')}>
          <bdi>{listing.developer}</bdi>
        </InfoRow>
        <InfoRow label={t('information.size')}>{t('information.sizeValue', { size: listing.size })}</InfoRow>
        <InfoRow label={t('information.category')}>{t(listing.category)}</InfoRow>
        <InfoRow label={t('information.compatibility')} stacked>
          <dl className="info-list__devices">
            {listing.compatibility.map((requirement) => (
              <DeviceRow key={requirement.device} requirement={requirement} t={t} />
            ))}
          </dl>
        </InfoRow>
        <InfoRow label={t('information.languages')}>{listing.languages}</InfoRow>
        {/* Isolated: "4+" and "© 2025 Acme GmbH" read left to right on a right-to-left page too. */}
        <InfoRow label={t('information.ageRating')}>
          <bdi>{listing.ageRating}</bdi>
        </InfoRow>
        <InfoRow label={t('information.copyright')}>
          <bdi>{listing.copyright}</bdi>
        </InfoRow>
        <InfoRow label={t('information.price')}>
          <Price text={priceLabel(listing.price, t)} />
        </InfoRow>
        {listing.inAppPurchases.length > 0 && (
          <InfoRow label={t('information.inAppPurchases')} stacked>
            <ul className="info-list__purchases">
              {/* Two purchases may share a name (two "Monthly" plans), so the position is the key. */}
              {listing.inAppPurchases.map((purchase, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed per page; names may repeat.
                <li className="info-list__purchase" key={index}>
                  <span>{t(purchase.name)}</span>
                  <span className="info-list__purchase-price">
                    <Price text={purchase.price} />
                  </span>
                </li>
              ))}
            </ul>
          </InfoRow>
        )}
      </dl>
      {listing.familySharing && (
        <div className="family-sharing">
          <h3 className="family-sharing__title">{t('information.familySharing')}</h3>
          <p className="family-sharing__note">{t('information.familySharingNote')}</p>
        </div>
      )}
    </section>
  );
}

/** One device of the Compatibility row: its name, then what it requires. */
function DeviceRow({ requirement, t }: { requirement: DeviceRequirement; t: Translate }) {
  const [name, requires] = deviceTexts(requirement, t);
  return (
    <>
      <dt>{name}</dt>
      <dd>{requires}</dd>
    </>
  );
}

/** A device's name and what it requires, with literal keys so the page-keys test sees each one. */
function deviceTexts({ device, version, chip }: DeviceRequirement, t: Translate): [string, string] {
  switch (device) {
    case 'iphone':
      return [t('information.iphone'), t('information.iphoneRequires', { version })];
    case 'ipad':
      return [t('information.ipad'), t('information.ipadRequires', { version })];
    case 'mac':
      return [t('information.mac'), t('information.macRequires', { version, chip })];
    case 'watch':
      return [t('information.appleWatch'), t('information.watchRequires', { version })];
    case 'vision':
      return [t('information.appleVision'), t('information.visionRequires', { version })];
    case 'tv':
      return [t('information.appleTv'), t('information.tvRequires', { version })];
  }
}

/** One row; `stacked` puts a list value under its label instead of beside it, where it would not fit at 350 px. */
function InfoRow(props: { label: string; stacked?: boolean; children: ReactNode }) {
  return (
    <div className={props.stacked ? 'info-list__row info-list__row--stacked' : 'info-list__row'}>
      <dt className="info-list__label">{props.label}</dt>
      <dd className="info-list__value">{props.children}</dd>
    </div>
  );
}
