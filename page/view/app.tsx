// The whole landing page, shared by the server render and the client hydration: pure, so both produce the same DOM.
import type { PageProps } from '../contract/props.ts';
import { I18nProvider } from './i18n.tsx';
import { Description } from './components/description.tsx';
import { Header } from './components/header.tsx';
import { InfoStrip } from './components/info-strip.tsx';
import { Information } from './components/information.tsx';
import { Links } from './components/links.tsx';
import { Privacy } from './components/privacy.tsx';
import { Ratings } from './components/ratings.tsx';
import { Screenshots } from './components/screenshots.tsx';
import { WhatsNew } from './components/whats-new.tsx';

/**
 * The App Store-style listing, top to bottom: header, info strip, screenshots, description,
 * What's New, ratings and reviews, privacy, information and links. It reads only its props
 * (no clock, no randomness, no `window`), so hydration matches the server HTML exactly. The
 * page's route and variant show nowhere and its screenshots in the Screenshots section only: the
 * build renders the rest once per locale and that section per page (renderScreenshots in entry-server.tsx).
 */
export function App(props: PageProps) {
  const { locale, messages, listing, screenshots, installLink } = props;
  const { ratingText } = listing;
  return (
    <I18nProvider locale={locale} messages={messages} numberingSystem={listing.numberingSystem}>
      <main className="page">
        <Header listing={listing} ratingText={ratingText} installLink={installLink} />
        <InfoStrip listing={listing} ratingText={ratingText} />
        <Screenshots screenshots={screenshots} installLink={installLink} />
        <Description listing={listing} />
        <WhatsNew listing={listing} />
        <Ratings listing={listing} ratingText={ratingText} />
        <Privacy listing={listing} />
        <Information listing={listing} />
        <Links links={listing.links} />
      </main>
    </I18nProvider>
  );
}
