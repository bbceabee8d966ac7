// The page's islands: the only parts React hydrates in the browser (the two slider tracks), and what they are hydrated from.
import type { ComponentType } from 'react';
import { ReviewTrack, type ReviewTrackProps } from './components/review-track.tsx';
import { ScreenshotTrack, type ScreenshotTrackProps } from './components/screenshot-track.tsx';
import type { ErrorTexts } from './error-view.tsx';
import { ISLAND_ATTRIBUTE } from '../contract/page-props.ts';

/** Each island's props, by its name. */
export interface IslandsProps {
  screenshots: ScreenshotTrackProps;
  reviews: ReviewTrackProps;
}

/**
 * What the browser hydrates from, embedded in every page (as ISLAND_PROPS_ELEMENT_ID in
 * contract/page-props.ts, which the runtime reads and hands to the client entry): each island's props, by the name of
 * the `[data-slider]` element it hydrates inside, every word already translated (renderIslandProps
 * in entry-server.tsx), and the error page's words. The rest of the page is static HTML: none
 * of its messages, its components or a translator reach the browser.
 */
export interface IslandProps {
  islands: IslandsProps;
  error: ErrorTexts;
}

/** The component of each island. */
export const ISLANDS: { [Name in keyof IslandsProps]: ComponentType<IslandsProps[Name]> } = {
  screenshots: ScreenshotTrack,
  reviews: ReviewTrack,
};

/**
 * The element an island hydrates inside: the slider viewport of its name (ISLAND_ATTRIBUTE in
 * contract/page-props.ts), which the server renders around it.
 */
export function islandSelector(name: string): string {
  return `[${ISLAND_ATTRIBUTE}="${name}"]`;
}
