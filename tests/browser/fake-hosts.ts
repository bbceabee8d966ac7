// The third-party hosts the fakes answer: which host a request is for, and each one's fake answer.
import { BRAINTREE_HOST, braintreeComponentScript } from './browser.ts';
import { smartScript, webSdkScript } from './fake-appsflyer.ts';
import { googleTagScript, pixelScript, snapScript, tiktokScript } from './fake-networks.ts';
import type { FakeOptions } from './fakes.ts';

/** The faked third-party hosts. */
export type FakeHost = 'metaPixel' | 'tiktokPixel' | 'snapPixel' | 'googleTag' | 'webSdk' | 'smartScript' | 'braintree' | 'oneLink';

const HOSTS: ReadonlyArray<[FakeHost, (hostname: string) => boolean]> = [
  ['metaPixel', (hostname) => hostname === 'connect.facebook.net'],
  ['tiktokPixel', (hostname) => hostname === 'analytics.tiktok.com'],
  ['snapPixel', (hostname) => hostname === 'sc-static.net'],
  ['googleTag', (hostname) => hostname === 'www.googletagmanager.com'],
  ['webSdk', (hostname) => hostname === 'websdk.appsflyer.com'],
  ['smartScript', (hostname) => hostname === 'onelinksmartscript.appsflyer.com'],
  ['braintree', (hostname) => hostname === BRAINTREE_HOST],
  ['oneLink', (hostname) => hostname.endsWith('.onelink.me')],
];

/** Any other host's garbage: not JavaScript at all. */
export const GARBAGE = '<!doctype html><p>\u0000 not }{ a script';

const ONE_LINK_PAGE = '<!doctype html><html><head><title>OneLink</title></head><body><p>Fake OneLink: install</p></body></html>';

/** The faked host `hostname` is, or `other`. */
export function hostOf(hostname: string): FakeHost | 'other' {
  return HOSTS.find(([, matches]) => matches(hostname))?.[0] ?? 'other';
}

/** The fake answer of one host in `answer` mode to a request for `url` of `resourceType` (`script`, `image`, ...). */
export function fakeBody(
  host: FakeHost | 'other',
  url: string,
  resourceType: string,
  options: FakeOptions,
): { contentType: string; body: string } {
  switch (host) {
    case 'metaPixel':
      return { contentType: 'text/javascript', body: pixelScript(options.pixelSetsCookies ?? false) };
    case 'tiktokPixel':
      return { contentType: 'text/javascript', body: tiktokScript(options.networksSetCookies ?? false) };
    case 'snapPixel':
      return { contentType: 'text/javascript', body: snapScript(options.networksSetCookies ?? false) };
    case 'googleTag':
      return { contentType: 'text/javascript', body: googleTagScript(options.networksSetCookies ?? false) };
    case 'webSdk':
      return { contentType: 'text/javascript', body: webSdkScript(options.webSdkSetsUserId ?? false) };
    case 'smartScript':
      return { contentType: 'text/javascript', body: smartScript(options.smartScriptBuild ?? '2.10.4') };
    case 'braintree':
      return { contentType: 'text/javascript', body: braintreeComponentScript(url) };
    case 'oneLink':
      return { contentType: 'text/html; charset=utf-8', body: ONE_LINK_PAGE };
    default:
      return { contentType: resourceType === 'script' ? 'text/javascript' : 'text/plain', body: '' };
  }
}
