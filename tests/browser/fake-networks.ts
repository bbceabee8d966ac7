// The in-page fakes of the ad networks' scripts (Meta's pixel, TikTok, Snap, the Google tag): each takes over its queue as the real one does, reports every call by a beacon, and may set its cookies.

/** The ad networks besides Meta, whose fakes report every call they get. */
export type AdNetwork = 'tiktok' | 'snap' | 'google';

/** The `_fbp` value the pixel fake sets. */
export const FAKE_FBP = 'fb.1.1700000000000.1234567890';
/** The `_ttp` value the TikTok fake sets. */
export const FAKE_TTP = 'ttp.fake.1700000000';
/** The `_scid` value the Snap fake sets. */
export const FAKE_SCID = '5c1d0000-0000-4000-8000-000000000000';
/** The `_gcl_aw` value the Google tag fake sets for a `gclid` (the real one's format: GCL.<seconds>.<gclid>). */
export function gclAwFor(gclid: string): string {
  return `GCL.1700000000.${gclid}`;
}

/** The `_fbc` value the real pixel derives from an `fbclid`. */
export function fbcFor(fbclid: string): string {
  return `fb.1.1700000000000.${fbclid}`;
}

/** Where the pixel fake reports `fbq` calls, like the real pixel's `/tr` beacon. */
export const PIXEL_BEACON = 'https://www.facebook.com/tr';

/**
 * fbevents.js: takes over the `fbq` stub (installs `callMethod`, drains `queue`) and reports
 * each `init`, `track` (with its `eventID`) and `consent` call to `/tr`. Like the real pixel, it
 * tracks a PageView on every `history.pushState` unless `fbq.disablePushState` is true (Meta's
 * "History State API listener").
 */
export function pixelScript(setsCookies: boolean): string {
  return `(function () {
  var fbq = window.fbq;
  if (typeof fbq !== 'function' || !Array.isArray(fbq.queue)) return;
  var pixelId = '';
  var beacons = [];
  function report(method, event, options) {
    var image = new Image();
    var eventId = options && typeof options.eventID === 'string' ? '&eid=' + encodeURIComponent(options.eventID) : '';
    // A sequence number, like the real pixel's cache busters: the same URL twice would come from the image cache.
    image.src = ${JSON.stringify(PIXEL_BEACON)} + '?id=' + encodeURIComponent(pixelId) + '&ev=' + encodeURIComponent(event) +
      '&method=' + method + eventId + '&seq=' + beacons.length + '&ts=' + Date.now();
    beacons.push(image);
  }
  // When the pixel ran, on the page's clock, for tests that time what follows it.
  window.__fakePixelRanAt = performance.now();
  fbq.callMethod = function (method, value, parameters, options) {
    if (method === 'init') { pixelId = String(value); report('init', ''); }
    else if (method === 'track') report('track', String(value), options);
    else if (method === 'consent') report('consent', String(value));
  };
  var queued = fbq.queue.splice(0);
  for (var i = 0; i < queued.length; i++) fbq.callMethod.apply(fbq, queued[i]);
  var pushState = history.pushState;
  history.pushState = function () {
    var result = pushState.apply(history, arguments);
    if (fbq.disablePushState !== true) report('track', 'PageView');
    return result;
  };
  if (${setsCookies}) {
    var cookie = '; path=/; max-age=7776000; SameSite=Lax';
    document.cookie = '_fbp=' + ${JSON.stringify(FAKE_FBP)} + cookie;
    var fbclid = new URLSearchParams(location.search).get('fbclid');
    if (fbclid) document.cookie = '_fbc=fb.1.1700000000000.' + fbclid + cookie;
  }
})();`;
}

/** Where each network's fake reports its calls: a path of the host its real events go to, in that network's connect-src. */
export const NETWORK_BEACONS: Record<AdNetwork, string> = {
  tiktok: 'https://analytics.tiktok.com/api/v2/pixel',
  snap: 'https://tr.snapchat.com/p',
  google: 'https://www.googletagmanager.com/td',
};

/** The in-page function a network's fake reports each call with (`seq` keeps their order, as beacons may overtake each other). */
function networkReport(network: AdNetwork): string {
  return `function (method, event, eventId, params) {
    var seq = (window.__fakeNetworkSeq = (window.__fakeNetworkSeq || 0) + 1);
    var call = { method: method, event: event == null ? '' : String(event), eventId: eventId == null ? null : String(eventId), params: params || null };
    fetch(${JSON.stringify(NETWORK_BEACONS[network])} + '?seq=' + seq + '&data=' + encodeURIComponent(JSON.stringify(call)), { mode: 'no-cors' });
  }`;
}

const COOKIE_ATTRIBUTES = '; path=/; max-age=7776000; SameSite=Lax';

/**
 * TikTok's events.js: takes over `ttq` (replaces the queued methods, drains the calls the base
 * code queued) and reports each, with the `event_id` of a track's options; sets `_ttp`.
 */
export function tiktokScript(setsCookies: boolean): string {
  return `(function () {
  var ttq = window.ttq;
  if (!Array.isArray(ttq) || !Array.isArray(ttq.methods)) return;
  var report = ${networkReport('tiktok')};
  function handle(method, args) {
    if (method === 'page') report('page', 'Pageview', null, null);
    else if (method === 'track') report('track', args[0], args[2] && args[2].event_id, args[1]);
    else report(method, '', null, null);
  }
  var queued = ttq.splice(0);
  ttq.methods.forEach(function (method) {
    ttq[method] = function () { handle(method, Array.prototype.slice.call(arguments)); };
  });
  queued.forEach(function (call) { handle(call[0], call.slice(1)); });
  if (${setsCookies}) document.cookie = '_ttp=' + ${JSON.stringify(FAKE_TTP)} + ${JSON.stringify(COOKIE_ATTRIBUTES)};
})();`;
}

/** Snap's scevent.min.js: installs `snaptr.handleRequest`, drains the queue, reports each call with its `client_dedup_id`; sets `_scid`. */
export function snapScript(setsCookies: boolean): string {
  return `(function () {
  var snaptr = window.snaptr;
  if (typeof snaptr !== 'function' || !Array.isArray(snaptr.queue)) return;
  var report = ${networkReport('snap')};
  snaptr.handleRequest = function (method, event, params) {
    if (method === 'init') report('init', event, null, null);
    else report(method, event, params && params.client_dedup_id, params);
  };
  snaptr.queue.splice(0).forEach(function (args) { snaptr.handleRequest.apply(snaptr, args); });
  if (${setsCookies}) document.cookie = '_scid=' + ${JSON.stringify(FAKE_SCID)} + ${JSON.stringify(COOKIE_ATTRIBUTES)};
})();`;
}

/**
 * gtag.js: as Google's, reads the \`arguments\` objects on \`dataLayer\` (other entries are not
 * commands) and those pushed later, and reports each command; an Ads tag's \`config\` sets
 * \`_gcl_aw\` from a \`gclid\` in the page URL, as the conversion linker does.
 */
export function googleTagScript(setsCookies: boolean): string {
  return `(function () {
  var layer = window.dataLayer;
  if (!Array.isArray(layer)) return;
  var report = ${networkReport('google')};
  function handle(entry) {
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return;
    var args = Array.prototype.slice.call(entry);
    var params = args[2] && typeof args[2] === 'object' ? args[2] : null;
    if (args[0] === 'js') return;
    report(args[0], args[1], params && (params.transaction_id || params.event_id), params);
    var gclid = new URLSearchParams(location.search).get('gclid');
    if (${setsCookies} && args[0] === 'config' && /^AW-/.test(args[1]) && gclid) {
      document.cookie = '_gcl_aw=GCL.1700000000.' + gclid + ${JSON.stringify(COOKIE_ATTRIBUTES)};
    }
  }
  layer.forEach(handle);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return push.apply(layer, arguments);
  };
  window.google_tag_manager = {};
})();`;
}
