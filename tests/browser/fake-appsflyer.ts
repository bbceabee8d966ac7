// The in-page fakes of AppsFlyer's scripts: the Web SDK, and the OneLink Smart Script of each build, which report what they got to a host answered at once.
import { SMART_SCRIPT_PARAMETERS } from '../smart-script.ts';

/** The Smart Script builds the fake imitates: which click ids each copies from the page URL by itself. */
export type SmartScriptBuild = '2.10.4' | '2.9.2';

/** The `afUserId` value the Web SDK fake sets. */
export const FAKE_AF_USER_ID = '5a1e7c3d-0f6b-4e2a-9c8d-7b6a5f4e3d2c';
/** The `af_ss_ver` the Smart Script fake adds, as the real script adds its version. */
export const FAKE_SMART_SCRIPT_VERSION = '2.10.4-fake';

/**
 * The click ids each Smart Script build appends from the page URL (`processTrackingParameters`
 * in github.com/AppsFlyerSDK/appsflyer-onelink-smart-script, scripts/onelink-smart-script-v<build>.js),
 * and whether it encodes the `keyword` it appends as `af_keywords` after a Google click id
 * (2.9.2 appends it as written, spaces included).
 */
export const SMART_SCRIPT_BUILDS: Record<SmartScriptBuild, { clickIds: readonly string[]; encodesKeyword: boolean; version: string }> = {
  '2.10.4': {
    clickIds: ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid'],
    encodesKeyword: true,
    version: FAKE_SMART_SCRIPT_VERSION,
  },
  '2.9.2': { clickIds: ['gclid', 'fbclid', 'gbraid', 'wbraid'], encodesKeyword: false, version: '2.9.2-fake' },
};

/**
 * Where the in-page AppsFlyer fakes send what they record (`?data=<JSON>`, paths /web-sdk and
 * /generate-one-link-url), always answered at once: the host the real Web SDK posts its events
 * to, in connect-src of every page's policy whatever ad networks it has, so the reports go by
 * fetch as the real SDK's do. Never a real request.
 */
export const RECORD_ORIGIN = 'https://wa.appsflyer.com';

function recordCall(kind: string): string {
  return `function (data) {
    var sent = (window.__fakeRecords = window.__fakeRecords || []);
    sent.push(fetch(${JSON.stringify(`${RECORD_ORIGIN}/${kind}`)} + '?seq=' + sent.length + '&data=' + encodeURIComponent(JSON.stringify(data)), { mode: 'no-cors' }));
  }`;
}
/** The PBA Web SDK: reports `AF.id` and optionally sets `afUserId`. */
export function webSdkScript(setsUserId: boolean): string {
  return `(function () {
  (${recordCall('web-sdk')})(window.AF ? window.AF.id : null);
  if (${setsUserId}) document.cookie = 'afUserId=' + ${JSON.stringify(FAKE_AF_USER_ID)} + '; path=/; max-age=63072000; SameSite=Lax';
})();`;
}

/**
 * The OneLink Smart Script: `generateOneLinkURL` records its options and returns a clickURL on
 * the OneLink host built the way the real script builds it: null without
 * `mediaSource.defaultValue`, values joined as given (not encoded again), `af_js_web` and
 * `af_ss_ver`, then the click ids of the page URL its build forwards, appended by itself, and
 * `af_keywords` from `keyword` after a Google click id.
 */
export function smartScript(build: SmartScriptBuild): string {
  const { clickIds, encodesKeyword, version } = SMART_SCRIPT_BUILDS[build];
  return `(function () {
  var record = ${recordCall('generate-one-link-url')};
  var NAMES = ${JSON.stringify(SMART_SCRIPT_PARAMETERS)};
  var CLICK_IDS = ${JSON.stringify(clickIds)};
  window.AF_SMART_SCRIPT = {
    version: ${JSON.stringify(version)},
    generateOneLinkURL: function (options) {
      var parameters = (options && options.afParameters) || {};
      if (!parameters.mediaSource || !parameters.mediaSource.defaultValue) {
        record({ options: options, clickURL: null });
        return null;
      }
      var pairs = ['af_js_web=true', 'af_ss_ver=' + window.AF_SMART_SCRIPT.version];
      NAMES.forEach(function (name) {
        var config = parameters[name[0]];
        if (config && config.defaultValue) pairs.push(name[1] + '=' + config.defaultValue);
      });
      (parameters.afCustom || []).forEach(function (custom) {
        if (custom.defaultValue) pairs.push(custom.paramKey + '=' + custom.defaultValue);
      });
      var search = new URLSearchParams(location.search);
      CLICK_IDS.forEach(function (key) {
        if (search.get(key)) pairs.push(key + '=' + encodeURIComponent(search.get(key)));
      });
      var keyword = search.get('keyword');
      if (keyword && (search.get('gclid') || search.get('gbraid') || search.get('wbraid'))) {
        pairs.push('af_keywords=' + (${encodesKeyword} ? encodeURIComponent(keyword) : keyword));
      }
      var clickURL = options.oneLinkURL + '?' + pairs.join('&');
      record({ options: options, clickURL: clickURL });
      window.AF_SMART_SCRIPT.fireImpressionsLink = function () {};
      return { clickURL: clickURL };
    },
  };
})();`;
}

/** A Smart Script gone wrong: a non-object where the object should be, then an exception. */
export const SMART_SCRIPT_GARBAGE = `window.AF_SMART_SCRIPT = 'garbage'; throw new Error('fake Smart Script garbage');`;
