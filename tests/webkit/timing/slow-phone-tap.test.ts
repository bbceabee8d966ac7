// A tap at the first moment the Get button is drawn, on a slow phone (tests/slow-phone.ts) in WebKit, the engine
// of every visitor: every network must have the page view and the tap before the page leaves, within the
// redirect's bound. The vendors are the Chromium tests' fakes, served over https by the faking proxy.
import { By } from 'selenium-webdriver';
import { describe, expect } from 'vitest';
import { REDIRECT_MAX_DELAY_MS } from '../../../page/contract/early-input.ts';
import { waitUntil } from '../../helpers.ts';
import { ALL_DELIVERED, deliveredBefore, GET, GET_DRAWN, SLOW_PHONE_FAKES, slowPhoneSite, timeline } from '../../slow-phone.ts';
import { fakedWebkitTest, waitFor } from '../webkit.ts';

const webkitTest = fakedWebkitTest(SLOW_PHONE_FAKES);
const link = slowPhoneSite();

describe('a tap on a slow phone, in WebKit', () => {
  webkitTest(
    'at the first moment Get is drawn reaches every network, page view and tap, before the page leaves, within 2500 ms',
    async ({ webkit, fakes }) => {
      const { driver } = webkit;
      // Returns at once (pageLoadStrategy none): the page arrives over the slow link while the test looks for Get.
      await driver.get(`${link.origin}/feature1?utm_source=fb&fbclid=abc`);
      await waitFor(driver, `return ${GET_DRAWN} || null;`, 'the Get button, drawn');
      const tappedAt = Date.now();
      await driver.findElement(By.css(GET)).click();
      await waitUntil(() => fakes.records.oneLink.length > 0, 'the navigation to the install link', 10_000);
      const leftAt = fakes.records.oneLink[0]!.at;
      expect(deliveredBefore(fakes, leftAt), timeline(fakes, tappedAt)).toEqual(ALL_DELIVERED);
      // Bounded: at most REDIRECT_MAX_DELAY_MS after the tap, with room for a busy machine.
      expect(leftAt - tappedAt).toBeLessThan(REDIRECT_MAX_DELAY_MS + 500);
    },
  );
});
