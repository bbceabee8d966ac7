// The negotiation and routing as ES5 source text, for the hosts that run our code (Cloudflare, CloudFront, nginx njs).
import { negotiateLocale } from '../../page/edge/negotiate.ts';
import { routeRequest, type RouterCampaign } from './route.ts';

/**
 * Declarations of `CAMPAIGNS`, `negotiateLocale` and `routeRequest`, the same functions the
 * tests call, taken with `Function.prototype.toString`: no second copy to drift. Call as
 * `routeRequest(CAMPAIGNS, path, acceptLanguage, negotiateLocale)`.
 *
 * The text is what the running transpiler made of our TypeScript, so it is tried once
 * here: a transpiler that slipped in a helper of its own fails the build, not the host.
 */
export function embeddedRouter(campaigns: readonly RouterCampaign[]): string {
  const functions = [negotiateLocale.toString(), routeRequest.toString()].join('\n');
  // Tried without the campaigns, which call nothing: a site of thousands would be parsed only to be thrown away.
  const probe = new Function(
    `${functions}\nreturn [negotiateLocale('de-CH, en;q=0.5', ['en', 'de'], 'en', 'en'), negotiateLocale('ko', ['de', 'en'], 'de', 'en'), routeRequest([], '/', undefined, negotiateLocale)];`,
  );
  let result: unknown;
  try {
    result = probe();
  } catch (error) {
    throw new Error(
      `The embedded router does not run on its own (${String(error)}); negotiate.ts and route.ts must call nothing outside themselves.`,
    );
  }
  if (JSON.stringify(result) !== '["de","en",null]')
    throw new Error(`The embedded router gives ${JSON.stringify(result)} for its probe, not ["de","en",null].`);
  return `var CAMPAIGNS = ${JSON.stringify(campaigns)};\n${functions}`;
}
