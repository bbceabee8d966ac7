// What every ad network declares and what its code offers the runtime: the shapes the networks' modules fill in; imports no network.

/**
 * A network's settings under `tracking` as the config gives them (null: a campaign turned the
 * network off) or as the page gets them. The facts that depend on how a campaign configures a
 * network (its hosts, an event's name) are functions of these.
 */
export type NetworkSettings<Setting extends string = string> = { readonly [Key in Setting]?: string | null };

/** A network's settings as the page's runtime config holds them: set, or absent. */
export type PageNetworkSettings<Setting extends string = string> = { [Key in Setting]?: string };

/** A fact of a network as it is, or as a function of its settings where they decide it. */
export type BySettings<Value, Setting extends string> = Value | ((settings: NetworkSettings<Setting>) => Value);

/** What the runtime tells a network's `load`. */
export interface NetworkLoadOptions {
  /** Consent mode `required`, and the visitor has consented: the network's consent API is told first. */
  consentGranted: boolean;
  /** The page view's event id, the same for every network. */
  pageViewId: string;
}

/**
 * The page's window as a network's code receives it. Each vendor's module extends it with the
 * globals its base code defines (`fbq`, `ttq`, ...), all optional until that code runs, so no
 * module knows another vendor's. `dataLayer` is the one global several write: Google's tag, tag
 * managers, and the runtime's own event copies.
 */
export interface AdNetworkWindow {
  dataLayer?: unknown;
}

/** A network's code, as the runtime drives it. */
export interface AdNetworkCode<Win extends AdNetworkWindow = AdNetworkWindow, Setting extends string = string> {
  /**
   * Installs the vendor's queue, queues its init and page view, and loads its script async (never
   * blocking render). Resolves true once the script has loaded and run, false when it failed or
   * was blocked; never rejects.
   */
  load(win: Win, doc: Document, settings: PageNetworkSettings<Setting>, options: NetworkLoadOptions): Promise<boolean>;
  /**
   * Sends a CTA tap as `eventName` (the network's `events.tap` for these settings) under
   * `eventId`, where the network has a deduplication key for it.
   */
  trackTap(win: Win, settings: PageNetworkSettings<Setting>, eventId: string, eventName: string): void;
  grantConsent(win: Win): void;
  revokeConsent(win: Win): void;
}

/** A network as the page knows it: what the runtime needs to load it and name its events. */
export interface AdNetwork<Setting extends string = string> {
  /** Its name in the dataLayer entries' `networks`. */
  readonly key: string;
  /** Its name in the warning when its script did not load, and in the config's reference. */
  readonly label: string;
  /** Its setting under `tracking` that turns it on: its id. Its other settings (AdNetworkBuildFacts) count only beside it. */
  readonly id: Setting;
  /** Its names of our two events: the page view and a tap of the call to action. */
  readonly events: { readonly pageView: BySettings<string, Setting>; readonly tap: BySettings<string, Setting> };
  /**
   * Whether it receives each event under our event id, as a key it deduplicates on (Meta's
   * `eventID`, Snap's `client_dedup_id`, ...): only those networks are listed under the id in the
   * event's dataLayer entry, so a server-side sender never doubles an event the network cannot match.
   */
  readonly eventIds: { readonly pageView: BySettings<boolean, Setting>; readonly tap: BySettings<boolean, Setting> };
  /**
   * Its code: the module itself when it is in the runtime (Meta's), else a function importing its
   * chunk, which only a page that turns the network on downloads.
   */
  readonly code: AdNetworkCode<AdNetworkWindow, Setting> | (() => Promise<AdNetworkCode<AdNetworkWindow, Setting>>);
}

/** The directives of the Content-Security-Policy a third party's hosts go into. */
export type CspDirective = 'script-src' | 'img-src' | 'connect-src' | 'frame-src';

/**
 * Hosts by directive, each `https://` and a host name, exactly as the vendor's CSP guidance names
 * it: a `*.` label only where that guidance gives one (Google's `https://*.google-analytics.com`).
 */
export type CspHosts = { readonly [Directive in CspDirective]?: readonly string[] };

/** One setting's value, for the schema, its error messages and docs/config.md. */
export interface SettingDeclaration {
  /** The JSON Schema pattern of its value. */
  readonly pattern: string;
  /** What a value looks like, in the words of an error message: `a Meta pixel id of digits`. */
  readonly looksLike: string;
  /** Values that fit `pattern`, quoted after `looksLike` ("such as ..."). */
  readonly examples: readonly [string, ...string[]];
  readonly description: string;
}

/** A rule across a network's settings that the schema cannot express, checked with the config. */
export interface SettingsRule<Setting extends string = string> {
  /** The setting the problem is reported at: the one a campaign that breaks the rule writes. */
  readonly at: Setting;
  readonly broken: (settings: NetworkSettings<Setting>) => boolean;
  /** What went wrong, first in the message: `conversion label without a Google Ads tag`. */
  readonly problem: string;
  /** What `at` should be instead, after "expected". */
  readonly expected: string;
}

/**
 * What only the build reads of a network: the shape of each of its settings, its hosts, and its
 * rules. Kept apart from AdNetwork so that the page's bundle carries none of it.
 */
export interface AdNetworkBuildFacts<Setting extends string = string> {
  /** Every setting of the network, its id first: the order the config's reference lists them in. */
  readonly config: { readonly [Key in Setting]: SettingDeclaration };
  /** The hosts the policy names when the network is on. */
  readonly hosts: BySettings<CspHosts, Setting>;
  readonly rules?: readonly SettingsRule<Setting>[];
}

/** A network whole, as the build reads it. */
export type AdNetworkDeclaration<Setting extends string = string> = AdNetwork<Setting> &
  Omit<AdNetworkBuildFacts<Setting>, 'config'> & {
    /**
     * Every setting's shape. Optional here only because the registry types each network with
     * every network's settings; a network's own build facts must have all of its own.
     */
    readonly config: { readonly [Key in Setting]?: SettingDeclaration };
  };

/** A fact as it is, or as these settings decide it. */
export function factFor<Value, Setting extends string>(fact: BySettings<Value, Setting>, settings: NetworkSettings<Setting>): Value {
  return typeof fact === 'function' ? (fact as (settings: NetworkSettings<Setting>) => Value)(settings) : fact;
}

/** Whether `settings` turn `network` on: its id is set (absent or null: off). */
export function isOn<Setting extends string>(network: AdNetwork<Setting>, settings: NetworkSettings<Setting>): boolean {
  return Boolean(settings[network.id]);
}
