// The Google tag (gtag.js): Google's snippet as module code, `config` for the page view, and an Ads
// `conversion` with its event id or a GA4 event on a CTA tap.
import type { AdNetworkCode, AdNetworkWindow, NetworkLoadOptions } from './contract.ts';
import { injectScript } from './inject-script.ts';

/** gtag.js, loaded with `?id=<tag id>` as Google's snippet does. */
export const GOOGLE_TAG_SRC = 'https://www.googletagmanager.com/gtag/js';

/** The globals Google's snippet defines: `gtag`, which pushes its `arguments` onto `dataLayer`. */
export interface GoogleTagWindow extends AdNetworkWindow {
  gtag?: (...args: unknown[]) => void;
}

/** Consent mode's four signals, all one way. */
function consentSignals(state: 'granted' | 'denied'): Record<string, string> {
  return { ad_storage: state, ad_user_data: state, ad_personalization: state, analytics_storage: state };
}

/**
 * Google's snippet: `dataLayer`, a `gtag` that pushes its `arguments` object (gtag.js tells its
 * commands from other dataLayer entries by that type, so an array would not do), `js` and
 * `config` (which sends the page view), and gtag.js async. With `consentGranted` (consent mode
 * `required`), consent mode's defaults are set to granted first, so a withdrawal can update them.
 * Resolves true once gtag.js has loaded and run, false when it failed.
 */
export function loadGoogleTag(
  win: GoogleTagWindow,
  doc: Document,
  tagId: string | undefined,
  options: NetworkLoadOptions,
): Promise<boolean> {
  if (!tagId) return Promise.resolve(true);
  if (win.dataLayer === undefined) win.dataLayer = [];
  if (typeof win.gtag !== 'function') {
    win.gtag = function gtag() {
      // The arguments object itself, not a copy: see above.
      // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the dataLayer, not arrays.
      (win.dataLayer as unknown[]).push(arguments);
    };
  }
  const loaded = injectScript(doc, `${GOOGLE_TAG_SRC}?id=${encodeURIComponent(tagId)}`);
  if (options.consentGranted) callGtag(win, 'consent', 'default', consentSignals('granted'));
  callGtag(win, 'js', new Date());
  callGtag(win, 'config', tagId);
  return loaded;
}

/** One gtag command; a broken dataLayer or tag is ignored, so the CTA always goes on. */
function callGtag(win: GoogleTagWindow, ...args: unknown[]): void {
  try {
    win.gtag?.(...args);
  } catch {
    // The tag is best effort.
  }
}

/**
 * The Google tag as the runtime drives it. A tap with `googleAdsConversion` is a conversion
 * (`send_to: '<AW-id>/<label>'`), deduplicated by Google Ads on `transaction_id`; without it, the
 * GA4 event `eventName` of the install link, with no id: GA4 deduplicates nothing on one. Consent
 * mode's update follows the visitor's answer.
 */
export const googleTag: AdNetworkCode<GoogleTagWindow, 'googleTagId' | 'googleAdsConversion'> = {
  load: (win, doc, settings, options) => loadGoogleTag(win, doc, settings.googleTagId, options),
  trackTap: (win, settings, eventId, eventName) => {
    if (settings.googleAdsConversion) {
      callGtag(win, 'event', eventName, { send_to: `${settings.googleTagId}/${settings.googleAdsConversion}`, transaction_id: eventId });
    } else {
      callGtag(win, 'event', eventName, { content_type: 'install_link' });
    }
  },
  grantConsent: (win) => callGtag(win, 'consent', 'update', consentSignals('granted')),
  revokeConsent: (win) => callGtag(win, 'consent', 'update', consentSignals('denied')),
};
