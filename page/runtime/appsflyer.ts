// AppsFlyer: the Web SDK (PBA) loader, the OneLink Smart Script, its impression pixel, and desktop detection for the QR code.
import type { SmartScriptOptions } from './smart-script-options.ts';
import type { Clock } from './poll.ts';
import { pollUntil } from './poll.ts';
import { injectScript } from '../ad-networks/inject-script.ts';

/**
 * The Web SDK URL exactly as AppsFlyer's PBA snippet computes it for `"pba"` (Smart Banners
 * would add `banners`): `"https://websdk.appsflyer.com?" + "st=" + "pba" + "&"`, the web app id
 * travelling in `AF.id` rather than in the URL (dev.appsflyer.com "OneLink Smart Banner V2",
 * support.appsflyer.com "PBA Web SDK integration guide").
 */
export const WEB_SDK_SRC = 'https://websdk.appsflyer.com?st=pba&';
/** AppsFlyer's hosted latest Smart Script (github.com/AppsFlyerSDK/appsflyer-onelink-smart-script). */
export const SMART_SCRIPT_SRC = 'https://onelinksmartscript.appsflyer.com/onelink-smart-script-latest.js';

/** The `AF(...)` queue of the Web SDK snippet. */
export interface AfQueue {
  (...args: unknown[]): void;
  q?: unknown[][];
  id?: unknown;
  plugins?: Record<string, unknown>;
}

/** What the Smart Script puts on `window.AF_SMART_SCRIPT` (the parts we use). */
export interface SmartScript {
  generateOneLinkURL(options: SmartScriptOptions): { clickURL?: unknown } | null | undefined;
  fireImpressionsLink?: () => void;
}

/** The globals the AppsFlyer snippets define or read. */
export interface AppsFlyerWindow {
  AppsFlyerSdkObject?: string;
  AF?: AfQueue;
  AF_SMART_SCRIPT?: SmartScript;
}

/** How often `fireImpressionsLink` is looked for, and for how long (it appears asynchronously). */
const IMPRESSION_POLL_MS = 1000;
const IMPRESSION_MAX_CHECKS = 10;

/**
 * The PBA Web SDK snippet as module code: `AppsFlyerSdkObject`, the `AF` queue with the web
 * app id in `AF.id`, then the SDK script, async. Does nothing without a web app id.
 */
export function loadWebSdk(win: AppsFlyerWindow, doc: Document, webAppId: string): void {
  if (!webAppId || win.AF) return;
  win.AppsFlyerSdkObject = 'AF';
  const af: AfQueue = (...args: unknown[]) => {
    (af.q = af.q ?? []).push([Date.now(), ...args]);
  };
  af.id = { pba: { webAppId } };
  af.plugins = {};
  win.AF = af;
  void injectScript(doc, WEB_SDK_SRC);
}

/** Loads the OneLink Smart Script; resolves false when it is blocked. */
export function loadSmartScript(doc: Document): Promise<boolean> {
  return injectScript(doc, SMART_SCRIPT_SRC);
}

/** True once `window.AF_SMART_SCRIPT.generateOneLinkURL` exists. */
export function smartScriptReady(win: AppsFlyerWindow): boolean {
  return typeof win.AF_SMART_SCRIPT?.generateOneLinkURL === 'function';
}

function sameOrigin(link: string, base: string): boolean {
  try {
    return new URL(link).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/**
 * The link the Smart Script generates, or null when it is missing, throws, returns nothing
 * (it does on a bad base URL or media source) or returns a link off the OneLink base's origin;
 * the caller then uses our own builder.
 */
export function smartScriptLink(win: AppsFlyerWindow, options: SmartScriptOptions): string | null {
  try {
    const link = win.AF_SMART_SCRIPT?.generateOneLinkURL(options)?.clickURL;
    return typeof link === 'string' && sameOrigin(link, options.oneLinkURL) ? link : null;
  } catch {
    return null;
  }
}

/**
 * Fires the OneLink impression pixel once: the Smart Script defines `fireImpressionsLink`
 * only after a successful `generateOneLinkURL`, asynchronously, so it is polled for a while.
 */
export function fireImpressionWhenReady(win: AppsFlyerWindow, clock: Clock): void {
  const fire = () => typeof win.AF_SMART_SCRIPT?.fireImpressionsLink === 'function';
  void pollUntil(fire, IMPRESSION_POLL_MS, clock, IMPRESSION_MAX_CHECKS).done.then(() => {
    try {
      win.AF_SMART_SCRIPT?.fireImpressionsLink?.();
    } catch {
      // The impression is optional.
    }
  });
}

/**
 * True for a desktop browser, where the QR code of the install link is shown. iPadOS
 * presents itself as a Mac, so a Mac with a touch screen counts as mobile.
 */
export function isDesktop(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod|Android|Mobi|Windows Phone|BlackBerry|webOS/i.test(userAgent)) return false;
  return !(/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
