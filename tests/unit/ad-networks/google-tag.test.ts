// The Google tag's code on a fake document: Google's snippet, an Ads conversion or a GA4 select_content for a tap, consent mode.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_TAG_SRC, googleTag, loadGoogleTag } from '../../../page/ad-networks/google-tag.ts';
import { FakeDocument } from '../runtime/fake-scripts.ts';
import { ADS_ID, GA4_ID, gtagCommands, LOAD, TRACKING, type VendorWindow } from './vendor-fakes.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Google tag', () => {
  it('pushes the arguments objects of js and config, loads gtag.js with the id, and sends an Ads conversion with transaction_id for a tap', () => {
    const doc = new FakeDocument();
    const win: VendorWindow = {};
    void loadGoogleTag(win, doc as never, ADS_ID, LOAD);
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([`${GOOGLE_TAG_SRC}?id=${ADS_ID}`]);
    expect(gtagCommands(win)).toEqual([
      ['js', new Date()],
      ['config', ADS_ID],
    ]);
    googleTag.trackTap(win, TRACKING, 'tap-id', 'conversion');
    expect(gtagCommands(win).at(-1)).toEqual(['event', 'conversion', { send_to: `${ADS_ID}/AbC-D_efG`, transaction_id: 'tap-id' }]);
  });

  it('sends the GA4 event without an id when there is no conversion label: GA4 deduplicates on none', () => {
    const win: VendorWindow = { dataLayer: ['a tag manager entry'] };
    const tracking = { ...TRACKING, googleTagId: GA4_ID, googleAdsConversion: undefined };
    void loadGoogleTag(win, new FakeDocument() as never, GA4_ID, LOAD);
    googleTag.trackTap(win, tracking, 'tap-id', 'select_content');
    expect((win.dataLayer as unknown[])[0]).toBe('a tag manager entry');
    expect(gtagCommands(win).at(-1)).toEqual(['event', 'select_content', { content_type: 'install_link' }]);
  });

  it("sets consent mode's defaults to granted first when consent was required, and updates them with the visitor's answer", () => {
    const win: VendorWindow = {};
    void loadGoogleTag(win, new FakeDocument() as never, GA4_ID, { ...LOAD, consentGranted: true });
    googleTag.revokeConsent(win);
    const signals = (state: string) => ({ ad_storage: state, ad_user_data: state, ad_personalization: state, analytics_storage: state });
    expect(gtagCommands(win)).toEqual([
      ['consent', 'default', signals('granted')],
      ['js', new Date()],
      ['config', GA4_ID],
      ['consent', 'update', signals('denied')],
    ]);
  });

  it('survives a dataLayer another script broke, and does nothing without an id', async () => {
    const win: VendorWindow = { dataLayer: 'not a list' };
    expect(() => void loadGoogleTag(win, new FakeDocument() as never, GA4_ID, LOAD)).not.toThrow();
    expect(() => googleTag.trackTap(win, TRACKING, 'id', 'conversion')).not.toThrow();
    const empty: VendorWindow = {};
    await expect(loadGoogleTag(empty, new FakeDocument() as never, undefined, LOAD)).resolves.toBe(true);
    expect(empty.gtag).toBeUndefined();
  });
});
