// The payment SDK (braintree-web): its scripts appended in order once the page is interactive; a failure is one warning.
import type { PaymentSettings } from '../contract/runtime-config.ts';
import { injectScript } from '../ad-networks/inject-script.ts';

/** The global every braintree-web script adds its component to (`braintree.client`, `braintree.dataCollector`, ...). */
export interface BraintreeWindow {
  braintree?: unknown;
}

/** The text of the single warning when the payment SDK cannot load. */
export function paymentWarning(settings: PaymentSettings, src: string): string {
  return (
    `Payment SDK braintree-web ${settings.version} did not load from ${src}, so no payment can start ` +
    'on this page; the rest of the page works. Check that the host is reachable and not blocked.'
  );
}

/** The component names on `window.braintree` now. */
function componentsOf(win: BraintreeWindow): Set<string> {
  const sdk = win.braintree;
  return new Set(typeof sdk === 'object' && sdk !== null ? Object.keys(sdk) : []);
}

/**
 * True when a script added a component to `window.braintree`: each braintree-web browser
 * build ends with `(g.braintree || (g.braintree = {})).<component> = f()`. An HTML page or an
 * empty answer adds nothing, and counts as a failed load.
 */
export function addedComponent(before: ReadonlySet<string>, win: BraintreeWindow): boolean {
  for (const name of componentsOf(win)) if (!before.has(name)) return true;
  return false;
}

/**
 * Appends `settings.scripts` one after the other (each waits for the previous, since the
 * components need `client`), with `integrity` and `crossorigin="anonymous"` when given.
 * A script that fails, is blocked, throws as it runs or adds no component stops the rest and
 * logs exactly one `console.warn`; nothing is ever thrown or rejected, and what a garbage
 * answer throws is not left uncaught. Only loads the SDK: nothing here starts a payment flow.
 */
export async function loadPaymentSdk(
  win: BraintreeWindow & { document: Document },
  settings: PaymentSettings | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<void> {
  // A config without a payment SDK gives its pages no payment settings at all.
  if (!settings?.enabled) return;
  for (const script of settings.scripts) {
    const before = componentsOf(win);
    const loaded = await injectScript(win.document, script.src, {
      integrity: script.integrity,
      defines: () => addedComponent(before, win),
    });
    if (!loaded) {
      warn(paymentWarning(settings, script.src));
      return;
    }
  }
}
