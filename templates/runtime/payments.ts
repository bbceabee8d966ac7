// The payment SDK (braintree-web): its scripts appended in order once the page is interactive; a failure is one warning.
import type { PaymentSettings } from './types.ts';
import { injectScript } from './scripts.ts';

/** The text of the single warning when the payment SDK cannot load. */
export function paymentWarning(settings: PaymentSettings, src: string): string {
  return (
    `Payment SDK braintree-web ${settings.version} did not load from ${src}, so no payment can start ` +
    'on this page; the rest of the page works. Check that the host is reachable and not blocked.'
  );
}

/**
 * Appends `settings.scripts` one after the other (each waits for the previous, since the
 * components need `client`), with `integrity` and `crossorigin="anonymous"` when given.
 * The first failure stops the rest and logs exactly one `console.warn`; never throws or
 * rejects. Only loads the SDK: nothing here starts a payment flow.
 */
export async function loadPaymentSdk(
  doc: Document,
  settings: PaymentSettings,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<void> {
  if (!settings.enabled) return;
  for (const script of settings.scripts) {
    let loaded = false;
    try {
      loaded = await injectScript(doc, script.src, { integrity: script.integrity });
    } catch {
      // A DOM that refuses the script element is a failed load like any other.
    }
    if (!loaded) {
      warn(paymentWarning(settings, script.src));
      return;
    }
  }
}
