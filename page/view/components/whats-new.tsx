// "What's New": the current version, its release date and its notes.
import type { Listing } from '../../contract/props.ts';
import { useT } from '../i18n.tsx';
import { SectionHeader } from './section-header.tsx';

/** The What's New section; "Version History" is shown as on the App Store but leads nowhere, as there is no history page. */
export function WhatsNew({ listing }: { listing: Listing }) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="whats-new-title">
      <SectionHeader
        id="whats-new-title"
        title={t('whatsNew.title')}
        action={<span className="section-header__action">{t('whatsNew.versionHistory')}</span>}
      />
      <p className="whats-new__meta">
        <span>{t('whatsNew.version', { version: listing.version })}</span>
        <span>{listing.releaseDate}</span>
      </p>
      <p className="whats-new__notes">{t('whatsNew.notes')}</p>
    </section>
  );
}
