import { describe, expect, it } from 'vitest';
import { attributionDataKnown, hasTrackingCookies, readCookies, TRACKING_COOKIES } from '../../../page/runtime/cookies.ts';

describe('readCookies', () => {
  it('reads the three tracking cookies', () => {
    const cookies = readCookies('_fbc=fb.1.123.abc; other=1; _fbp=fb.1.456.789; afUserId=af-42', TRACKING_COOKIES);
    expect(Object.fromEntries(cookies)).toEqual({ _fbc: 'fb.1.123.abc', _fbp: 'fb.1.456.789', afUserId: 'af-42' });
  });

  it('leaves out missing and empty cookies', () => {
    expect(Object.fromEntries(readCookies('_fbc=; _fbp=x', TRACKING_COOKIES))).toEqual({ _fbp: 'x' });
    expect(readCookies('', TRACKING_COOKIES).size).toBe(0);
  });

  it('decodes values and keeps invalid escapes', () => {
    expect(readCookies('afUserId=a%20b', ['afUserId']).get('afUserId')).toBe('a b');
    expect(readCookies('afUserId=50%', ['afUserId']).get('afUserId')).toBe('50%');
  });

  it('takes the first of repeated cookies', () => {
    expect(readCookies('_fbp=first; _fbp=second', ['_fbp']).get('_fbp')).toBe('first');
  });

  it('does not read prototype names as cookies', () => {
    expect(readCookies('a=1', ['constructor', 'toString']).size).toBe(0);
  });
});

describe('hasTrackingCookies', () => {
  it.each([
    ['both', '_fbc=a; _fbp=b', true],
    ['both among others', 'x=1; _fbp=b; y=2; _fbc=a', true],
    ['only _fbp', '_fbp=b', false],
    ['only _fbc', '_fbc=a', false],
    ['empty _fbc', '_fbc=; _fbp=b', false],
    ['none', '', false],
    ['similar names', '__fbc=a; _fbpx=b', false],
  ])('%s', (_name, cookie, ready) => {
    expect(hasTrackingCookies(cookie)).toBe(ready);
  });
});

describe('attributionDataKnown', () => {
  it.each([
    // [cookies, visitor from a Meta ad, pixel loaded or failed, known]
    ['_fbc=a; _fbp=b', true, false, true],
    ['_fbp=b', true, true, false],
    ['', true, true, false],
    ['_fbc=a; _fbp=b', false, false, true],
    ['_fbp=b', false, false, true],
    ['', false, true, true],
    ['', false, false, false],
    ['_fbp=', false, false, false],
  ])('%j, meta click %s, pixel settled %s: %s', (cookies, metaClick, pixelSettled, known) => {
    expect(attributionDataKnown(cookies, metaClick, pixelSettled)).toBe(known);
  });
});
