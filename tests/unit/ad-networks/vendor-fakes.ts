// What the ad networks' tests share: ids of each network's shape, a campaign turning all four on, and readers of what each vendor's queue holds.
import type { GoogleTagWindow } from '../../../page/ad-networks/google-tag.ts';
import { META_PIXEL_SRC, type PixelWindow } from '../../../page/ad-networks/meta-pixel.ts';
import { SNAP_PIXEL_SRC, type SnapWindow } from '../../../page/ad-networks/snap-pixel.ts';
import { TIKTOK_PIXEL_SRC, type TikTokWindow } from '../../../page/ad-networks/tiktok-pixel.ts';
import type { TrackingSettings } from '../../../page/contract/runtime-config.ts';
import type { AdNetworksWindow } from '../../../page/runtime/ad-networks.ts';

export const META_ID = '123456789012345';
export const TIKTOK_ID = 'C4A1B2C3D4E5F6G7H8I9';
export const SNAP_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const GA4_ID = 'G-ABC123DEF4';
export const ADS_ID = 'AW-123456789';
export const TIKTOK_SRC = `${TIKTOK_PIXEL_SRC}?sdkid=${TIKTOK_ID}&lib=ttq`;

/** A window with every vendor's globals, as a page with all four networks has them. */
export type VendorWindow = AdNetworksWindow & PixelWindow & TikTokWindow & SnapWindow & GoogleTagWindow;

/** A campaign with all four networks on, the Google tag an Ads one with a conversion label. */
export const TRACKING: TrackingSettings = {
  metaPixelId: META_ID,
  tiktokPixelId: TIKTOK_ID,
  snapPixelId: SNAP_ID,
  googleTagId: ADS_ID,
  googleAdsConversion: 'AbC-D_efG',
  appsflyer: {
    webAppId: 'web-app-id',
    smartScript: true,
    oneLink: { base: 'https://pictura.onelink.me/Ab1c', default: 'https://pictura.onelink.me/Ab1c/install' },
    qrCode: { enabled: false, size: 256 },
    impressionPixel: false,
  },
  deepLink: 'pictura://create',
  attribution: {},
};

export const LOAD = { consentGranted: false, pageViewId: 'page-view-id' };

/** What each vendor's script installs as it runs, as the real ones do: Meta's callMethod, Snap's handleRequest. */
export function vendorScripts(win: VendorWindow) {
  return (src: string) => {
    if (src === META_PIXEL_SRC && win.fbq) win.fbq.callMethod = () => {};
    if (src === SNAP_PIXEL_SRC && win.snaptr) win.snaptr.handleRequest = () => {};
  };
}

/** A dataLayer entry as a plain list: gtag pushes its `arguments` object, which gtag.js tells from other entries by its type. */
export function gtagCommands(win: VendorWindow): unknown[][] {
  return (win.dataLayer as unknown[])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>));
}

/** Each vendor's record of the tap's id: Meta's eventID, TikTok's event_id, Snap's client_dedup_id, Google Ads' transaction_id. */
export function tapIds(win: VendorWindow): Record<string, unknown> {
  const metaTap = win.fbq!.queue.find((call) => call[1] === 'AddToCart');
  const tiktokTap = (win.ttq as unknown as unknown[][]).find((call) => call[0] === 'track');
  const snapTap = win.snaptr!.queue.find((call) => call[1] === 'ADD_CART');
  const googleTap = gtagCommands(win).find((call) => call[1] === 'conversion');
  return {
    meta: (metaTap?.[3] as { eventID?: string })?.eventID,
    tiktok: (tiktokTap?.[3] as { event_id?: string })?.event_id,
    snap: (snapTap?.[2] as { client_dedup_id?: string })?.client_dedup_id,
    google: (googleTap?.[2] as { transaction_id?: string })?.transaction_id,
  };
}
