// "What's New": the current version, its release date and its notes.
import type { Listing } from '../../contract/props.ts';
import { useT } from '../i18n.tsx';
import { SectionAction, SectionHeader } from './section-header.tsx';

/** The What's New section; "Version History" links to the listing's history page when the config names one. */
export function WhatsNew({ listing }: { listing: Listing }) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="whats-new-title">
      <SectionHeader
        id="whats-new-title"
        title={t('whatsNew.title')}
        action={<SectionAction href={listing.links.versionHistory} label={t('whatsNew.versionHistory')} />}
      />
      <p className="whats-new__meta">
        <span>{t('whatsNew.version', { version: listing.version })}</span>
        <span>{listing.releaseDate}</span>
      </p>
      <p className="whats-new__notes">{t('whatsNew.notes')}</p>
    </section>
  );
}
