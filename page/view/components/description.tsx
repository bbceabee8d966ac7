// The app's description, clamped to three lines behind a "more" button that works before React hydrates.
import type { Listing } from '../../contract/props.ts';
import { useT } from '../i18n.tsx';
import { ExternalLink } from './external-link.tsx';

/** Longer than this many characters, the description starts clamped. */
export const DESCRIPTION_MAX_CHARS = 280;
/** More lines than this (counting its line breaks), the description starts clamped. */
export const DESCRIPTION_MAX_LINES = 3;

/**
 * Whether a description is long enough to start clamped behind "more". Decided from the
 * string alone, so the server HTML is already right and hydration sees the same answer.
 */
export function isLongDescription(text: string): boolean {
  return text.length > DESCRIPTION_MAX_CHARS || text.split('\n').length > DESCRIPTION_MAX_LINES;
}

/**
 * The description. A long one is clamped; its "more" is the label of a visually hidden
 * checkbox, and `:checked ~` CSS unclamps the text and hides the label and the checkbox,
 * so it expands for good, needs no JavaScript and React hydrates it as it is.
 */
export function Description({ listing }: { listing: Listing }) {
  const t = useT();
  const text = t('app.description');
  const isLong = isLongDescription(text);
  return (
    <section className="section description">
      <div className={isLong ? 'description__body description__body--long' : 'description__body'}>
        {isLong && <input className="description__toggle" type="checkbox" id="description-more" />}
        <p className="description__text">{text}</p>
        {isLong && (
          <label className="description__more" htmlFor="description-more">
            {t('description.more')}
          </label>
        )}
      </div>
      <ExternalLink href={listing.links.developer} className="developer-row">
        <span className="developer-row__name">
          <bdi>{listing.developer}</bdi>
        </span>
        <span className="developer-row__caption">{t('header.developer')}</span>
      </ExternalLink>
    </section>
  );
}
