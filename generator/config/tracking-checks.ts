// Checks of the tracking settings the schema cannot express: split tests of real variants, click ids from
// their own query keys, no Smart Script markers as parameters, the ad networks' own rules (a conversion label with an Ads tag).
import { adNetworkDeclarations } from '../../page/ad-networks/index.ts';
import { CLICK_IDS, KEYWORD_KEY, KEYWORDS_PARAM } from '../../page/contract/click-ids.ts';
import { closest } from '../shared/text.ts';
import type { KeyPath } from './load.ts';
import { describeValue } from './schema-errors.ts';
import type { Config } from './types.ts';

/** One problem of the tracking settings, located by key path within one campaign's config. */
export interface TrackingProblem {
  keyPath: KeyPath;
  message: string;
  /** Set when the key itself is wrong (a landing type, a parameter name), so the position is the key's. */
  atKey?: true;
}

/**
 * The parameters that mark a link as the OneLink Smart Script's: it adds `af_js_web` and
 * `af_ss_ver` to every link it generates and `af_ss_qr` to its QR codes, and AppsFlyer's
 * script generator adds `af_ss_ui` (github.com/AppsFlyerSDK/appsflyer-onelink-smart-script).
 * AppsFlyer reads them as the script's own, so a mapping must not write them.
 */
export const SMART_SCRIPT_MARKERS: readonly string[] = ['af_js_web', 'af_ss_ver', 'af_ss_ui', 'af_ss_qr'];

/**
 * Click-id parameter -> the query keys it may come from: each network's own (page/contract/click-ids.ts),
 * and `keyword` for `af_keywords`. The Smart Script copies these from the page URL itself, and both
 * builders add them without any mapping; a mapping from another source would make the two disagree.
 */
const CLICK_ID_SOURCES: ReadonlyMap<string, readonly string[]> = new Map([
  ...CLICK_IDS.map((rule) => [rule.param, rule.keys] as const),
  [KEYWORDS_PARAM, [KEYWORD_KEY]],
]);

/**
 * The problems of one campaign's tracking settings, in the order of the config:
 * - a mapped install-link parameter that is one of the Smart Script's markers (at the name);
 * - a click-id parameter (gclid, fbclid, ttclid, clickid, af_keywords, ...) mapped from anything
 *   but its own query key (at the source);
 * - a split-test landing type that names no variant (at the key), with a did-you-mean for a typo;
 * - a broken rule of an ad network's settings (its declaration's `rules`, such as the Google tag's: a
 *   conversion label needs an Ads tag), at the setting the rule names.
 *
 * A `query.<name>` source needs no check here: the schema admits only letters, digits and `_`,
 * and every such name is what some query key reads as after the underscore rule.
 */
export function trackingProblems(config: Config): TrackingProblem[] {
  const problems: TrackingProblem[] = [];
  for (const [name, source] of Object.entries(config.tracking.attribution)) {
    const keyPath: KeyPath = ['tracking', 'attribution', name];
    if (SMART_SCRIPT_MARKERS.includes(name)) {
      problems.push({
        keyPath,
        atKey: true,
        message: `reserved parameter name: expected a name the OneLink Smart Script does not add itself (not ${listOf(SMART_SCRIPT_MARKERS, 'or')}), found ${describeValue(name)}`,
      });
    }
    const ownKeys = CLICK_ID_SOURCES.get(name);
    if (ownKeys && !ownKeys.some((key) => source === `query.${key}`)) {
      const expected = listOf(
        ownKeys.map((key) => `query.${key}`),
        'or',
      );
      problems.push({
        keyPath,
        message:
          `click id from another source: expected ${expected}, since the Smart Script copies ${name} from the page URL itself ` +
          `(or no mapping at all: click ids reach the install link by themselves), found ${describeValue(source)}`,
      });
    }
  }
  for (const network of adNetworkDeclarations()) {
    for (const rule of network.rules ?? []) {
      if (!rule.broken(config.tracking)) continue;
      problems.push({
        keyPath: ['tracking', rule.at],
        message: `${rule.problem}: expected ${rule.expected}, found ${describeValue(config.tracking[rule.at])}`,
      });
    }
  }
  const variants = config.variants.map((variant) => variant.name);
  for (const landingType of Object.keys(config.splitTest)) {
    if (variants.includes(landingType)) continue;
    const suggestion = closest(landingType, variants);
    problems.push({
      keyPath: ['splitTest', landingType],
      atKey: true,
      message:
        `unknown landing type: expected the name of a variant (${variants.join(', ')}), found ${describeValue(landingType)}` +
        (suggestion ? ` (did you mean "${suggestion}"?)` : ''),
    });
  }
  return problems;
}

/** `a, b or c`. */
function listOf(items: readonly string[], conjunction: string): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
