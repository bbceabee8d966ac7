import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { qrPath } from '../../../page/runtime/qr-code.ts';

describe('qrPath', () => {
  it('draws one unit square per dark module', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
    expect(qrPath([[false]])).toBe('');
  });

  it('covers every dark module of a real install link', () => {
    const link = 'https://pictura.onelink.me/Ab1c?pid=facebook&c=spring%20sale&af_sub4=https%3A%2F%2Flanding.example%2Ffeature1';
    const qr = encode(link, { ecc: 'L', border: 2 });
    const dark = qr.data.flat().filter(Boolean).length;
    expect(qrPath(qr.data).match(/M/g)).toHaveLength(dark);
    // The top-left finder pattern starts after the 2-module quiet zone.
    expect(qr.data[2]!.slice(2, 9)).toEqual([true, true, true, true, true, true, true]);
  });
});
