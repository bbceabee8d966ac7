// The settings the browser runtime reads from the page: built from variants.yaml, embedded as JSON.
import type { PageNetworkSettings } from '../ad-networks/contract.ts';
import type { AdNetworkSetting } from '../ad-networks/index.ts';

/**
 * Where one install-link parameter takes its value from:
 * `query.<name>` (a parsed attribution value), `cookie.<name>`, `page.url`,
 * `page.userAgent`, `paywall` (the drawn paywall type) or `app.deepLink`.
 */
export type AttributionSource = string;

/**
 * The tracking settings: first the ad networks' (page/ad-networks/: each network's id when the
 * campaign turns it on, and its other settings beside it), then the rest.
 */
export interface TrackingSettings extends PageNetworkSettings<AdNetworkSetting> {
  /**
   * `none` (the spec's behaviour): tracking starts with the page. `required`: no ad network, no
   * AppsFlyer script, no tracking cookie read and no payment SDK until the visitor consents (the
   * runtime's prompt, or `window.storeLanding.consent(true)`); the default install link meanwhile.
   * A missing value is `none`.
   */
  consent?: 'none' | 'required';
  appsflyer: {
    webAppId: string;
    smartScript: boolean;
    oneLink: {
      /** The OneLink address the attributed link is built on (its subdomain and id), e.g. `https://pictura.onelink.me/Ab1c`. */
      base: string;
      /** The install link used until the visitor's tracking cookies exist. */
      default: string;
    };
    qrCode: { enabled: boolean; size: number };
    impressionPixel: boolean;
  };
  /** The app's own deep link, e.g. `pictura://create`. */
  deepLink: string;
  /** Install-link parameter name -> where its value comes from. */
  attribution: Record<string, AttributionSource>;
}

export interface PaymentSettings {
  enabled: boolean;
  source: 'cdn' | 'self-hosted';
  /** braintree-web version, read from the installed package at build time. */
  version: string;
  /** The scripts to load, in order: CDN URLs, or hashed self-hosted assets with their SRI hash. */
  scripts: Array<{ src: string; integrity?: string }>;
}

/** Everything the runtime needs, embedded in every page as `<script type="application/json" id="runtime-config">`. */
export interface RuntimeConfig {
  /** The route the page was rendered for: `/`, `/child-old`, `/feature1`, ... */
  route: string;
  /** The split-test landing type of this page (the variant's name). */
  landingType: string;
  /** The locale the page was rendered in. */
  locale: string;
  /** Every locale the campaign is built in. */
  locales: string[];
  /** URL of the client entry (React and the islands: the sliders), loaded when the visitor first needs a slider. */
  client: string;
  tracking: TrackingSettings;
  /** The payment SDK; absent when the config has none or turns it off: no script, no URL. */
  payments?: PaymentSettings;
}
