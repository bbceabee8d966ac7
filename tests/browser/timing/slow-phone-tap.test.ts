// A tap at the first moment the Get button is drawn, on a slow phone (tests/slow-phone.ts) in Chromium: every
// network must have the page view and the tap before the page leaves, within the redirect's bound.
import { describe, expect } from 'vitest';
import { REDIRECT_MAX_DELAY_MS } from '../../../page/contract/early-input.ts';
import { waitUntil } from '../../helpers.ts';
import { ALL_DELIVERED, deliveredBefore, GET, GET_DRAWN, SLOW_PHONE_FAKES, slowPhoneSite, timeline } from '../../slow-phone.ts';
import { browserTest } from '../browser.ts';
import { openFakedPage } from '../fakes.ts';

const link = slowPhoneSite();

describe('a tap on a slow phone, in Chromium', () => {
  browserTest(
    'at the first moment Get is drawn reaches every network, page view and tap, before the page leaves, within 2500 ms',
    async ({ context }) => {
      const { page, fakes, errors } = await openFakedPage(context, SLOW_PHONE_FAKES);
      await page.setCacheEnabled(false);
      // Not awaited: the page leaves for the install link before its load event, which would end the navigation in an error.
      void page.goto(`${link.origin}/feature1?utm_source=fb&fbclid=abc`).catch(() => {});
      await page.waitForFunction(GET_DRAWN, { polling: 10, timeout: 15_000 });
      const tappedAt = Date.now();
      await page.tap(GET);
      await waitUntil(() => fakes.records.oneLink.length > 0, 'the navigation to the install link', 10_000);
      const leftAt = fakes.records.oneLink[0]!.at;
      expect(deliveredBefore(fakes, leftAt), timeline(fakes, tappedAt)).toEqual(ALL_DELIVERED);
      // Bounded: at most REDIRECT_MAX_DELAY_MS after the tap, with room for a busy machine.
      expect(leftAt - tappedAt).toBeLessThan(REDIRECT_MAX_DELAY_MS + 500);
      expect(errors).toEqual([]);
    },
  );
});
