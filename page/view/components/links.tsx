// The closing links: developer website, privacy policy and terms of use, each opening in a new window.
import type { Listing } from '../../contract/props.ts';
import { useT } from '../i18n.tsx';
import { ExternalLink } from './external-link.tsx';

/** The list of outbound links, blue rows with an arrow as at the foot of an App Store listing. */
export function Links({ links }: { links: Listing['links'] }) {
  const t = useT();
  const rows = [
    { href: links.developer, label: t('information.developerWebsite') },
    { href: links.privacy, label: t('information.privacyPolicy') },
    { href: links.terms, label: t('information.termsOfUse') },
  ];
  return (
    <div className="section links">
      <ul className="links__list">
        {rows.map((row) => (
          <li key={row.label}>
            <ExternalLink href={row.href} className="links__link">
              {row.label}
              <ArrowGlyph />
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The arrow out of a box that marks a link leaving the page. */
function ArrowGlyph() {
  return (
    <svg className="links__glyph" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M6 3H3.5A1.5 1.5 0 0 0 2 4.5v8A1.5 1.5 0 0 0 3.5 14h8a1.5 1.5 0 0 0 1.5-1.5V10M9 2h5v5M14 2 7.5 8.5" />
    </svg>
  );
}
