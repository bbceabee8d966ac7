// The config's tracking settings: each ad network's keys as its declaration gives them (page/ad-networks/), AppsFlyer, the install link's
// parameters and consent.
import { Type } from '@sinclair/typebox';
import { adNetworkDeclarations, type AdNetworkSetting } from '../../../page/ad-networks/index.ts';
import { defaulted, LIMITS, deepLink, EXPECTED, httpsUrl, networkId, oneOf, recordOf } from './values.ts';

const appsflyer = Type.Object(
  {
    webAppId: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', description: 'The AppsFlyer web app id the Web SDK is loaded with.' }),
    smartScript: defaulted(
      Type.Boolean({ description: 'Load the OneLink Smart Script to build the install link (our own builder is the fallback).' }),
      true,
    ),
    oneLink: Type.Object(
      {
        base: httpsUrl({
          description: 'The OneLink address the attributed link is built on (its subdomain and id), e.g. https://pictura.onelink.me/Ab1c.',
        }),
        default: httpsUrl({ description: "The install link used until the visitor's tracking cookies exist, and with JavaScript off." }),
      },
      { additionalProperties: false, description: 'The OneLink install links.' },
    ),
    qrCode: defaulted(
      Type.Object(
        {
          enabled: defaulted(Type.Boolean({ description: 'Show the QR code on desktop.' }), false),
          size: defaulted(Type.Integer({ minimum: 64, maximum: 1024, description: 'Its size in px.' }), 256),
        },
        { additionalProperties: false, description: 'A QR code of the install link for desktop visitors.' },
      ),
      {},
    ),
    impressionPixel: defaulted(Type.Boolean({ description: 'Fire the OneLink impression pixel.' }), false),
  },
  { additionalProperties: false, description: 'AppsFlyer Web SDK, Smart Script and OneLink settings.' },
);

/** Every ad network's settings, in the networks' order, each of the shape and with the text its network declares. */
function adNetworkSettings(): { [Key in AdNetworkSetting]: ReturnType<typeof networkId> } {
  const entries = adNetworkDeclarations().flatMap((network) =>
    Object.entries(network.config).map(([key, setting]) => [
      key,
      networkId(setting.pattern, `${setting.looksLike}, such as ${setting.examples.join(' or ')}`, setting.description),
    ]),
  );
  return Object.fromEntries(entries) as { [Key in AdNetworkSetting]: ReturnType<typeof networkId> };
}

/** Ad networks, AppsFlyer and the install link. */
export const tracking = Type.Object(
  {
    ...adNetworkSettings(),
    appsflyer,
    deepLink: deepLink({ description: "The app's own deep link, e.g. pictura://create." }),
    attribution: recordOf(
      Type.String({
        pattern: '^(?!(__proto__|constructor|prototype)$)[A-Za-z0-9_]+$',
        maxLength: LIMITS.name,
        [EXPECTED]: 'a parameter name of letters, digits and "_" (not __proto__, constructor or prototype)',
      }),
      Type.String({
        pattern: '^(query\\.[A-Za-z0-9_]+|cookie\\.[A-Za-z0-9_]+|page\\.url|page\\.userAgent|paywall|app\\.deepLink)$',
        maxLength: LIMITS.name + 7,
      }),
      {
        maxProperties: 100,
        description:
          'Install-link parameter -> its source: query.<name>, cookie.<name>, page.url, page.userAgent, paywall or app.deepLink.',
      },
    ),
    consent: defaulted(
      oneOf(['none', 'required'], {
        description:
          'none: tracking starts with the page. required: no ad network, AppsFlyer script, tracking cookie or payment SDK until the visitor consents (the built-in prompt, or window.storeLanding.consent(true)); the default install link meanwhile.',
      }),
      'none',
    ),
  },
  {
    additionalProperties: false,
    description: `Ad networks (${adNetworkDeclarations()
      .map((network) => network.label)
      .join(', ')}), AppsFlyer and install-link settings. A campaign turns off a network the top level turns on with null.`,
  },
);
