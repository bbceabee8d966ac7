// The client entry: hydrates the page's islands (the two slider tracks) from the props embedded beside them;
// the rest of the page stays the server's HTML.
// The runtime imports it when the visitor first needs a slider and calls hydrateIslands (runtime/hydration.ts, runtime/index.ts).
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ErrorView } from './error-view.tsx';
import { ISLANDS, islandSelector, type IslandProps, type IslandsProps } from './islands.ts';
import { ROOT_ID } from '../contract/page-props.ts';

type IslandName = keyof IslandsProps;

const roots = new Map<IslandName, Root>();
/** The error page's words: the page's, then those of the page a language switch turned it into. */
let errorTexts: IslandProps['error'] = { title: '', back: '' };
let markHydrated: () => void;
/** Resolves once React has taken over every island's server markup. */
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
let islandsLeft = 0;

/** Marks `<html data-hydrated>` once every island has committed (tests and tools wait for it). */
function HydrationMarker() {
  useEffect(() => {
    if (--islandsLeft > 0) return;
    document.documentElement.dataset.hydrated = '';
    markHydrated();
  }, []);
  return null;
}

/** The island `name` rendered from `islands`; the marker renders nothing, so the markup is the island's alone. */
function view(name: IslandName, islands: IslandsProps): ReactNode {
  const Island = ISLANDS[name] as (props: IslandsProps[IslandName]) => ReactNode;
  return (
    <>
      <Island {...islands[name]} />
      <HydrationMarker />
    </>
  );
}

let failed = false;
/**
 * A render error in an island shows the error page in place of the whole page, as a render
 * error of the app always did: React has already unmounted the island that failed.
 */
function showErrorPage(error: unknown): void {
  if (failed) return;
  failed = true;
  // Not while React is still reporting from the failed root: it refuses to unmount a root mid-commit.
  setTimeout(() => {
    for (const root of roots.values()) root.unmount();
    const page = document.getElementById(ROOT_ID)!;
    page.replaceChildren();
    const detail = error instanceof Error ? error.message : String(error);
    createRoot(page).render(<ErrorView texts={errorTexts} detail={detail} />);
  });
}

/**
 * Hydrates each island whose element (`[data-slider="<name>"]`) the page has, as a root of its
 * own, from `props` (the page's embedded IslandProps). As a transition, React hydrates in slices
 * and gives the main thread back in between; a tap meanwhile makes it finish at once.
 */
export function hydrateIslands(props: IslandProps): void {
  errorTexts = props.error;
  const names = (Object.keys(ISLANDS) as IslandName[]).filter((name) => document.querySelector(islandSelector(name)));
  islandsLeft = names.length;
  startTransition(() => {
    for (const name of names) {
      const root = hydrateRoot(document.querySelector(islandSelector(name))!, view(name, props.islands), {
        // Production React recovers from a mismatch silently; say so, since it means server and client disagree.
        onRecoverableError: (error) => console.error('store-landing: hydration mismatch:', error),
        onUncaughtError: showErrorPage,
      });
      roots.set(name, root);
    }
  });
}

/** Re-renders the hydrated islands from another locale's page's props, after a language switch (runtime/locale-switch.ts). */
export function switchIslands(props: IslandProps): void {
  // Rendering into a root that is still hydrating would throw the server markup away.
  void hydrated.then(() => {
    errorTexts = props.error;
    startTransition(() => {
      for (const [name, root] of roots) root.render(view(name, props.islands));
    });
  });
}
