// The split test's draw: the paywall each draw falls on, the weighted draw, and the draw kept per landing type across reloads.
import { describe, expect, it } from 'vitest';
import { drawKey, drawPaywall, keptDraw, paywallForDraw, type SplitConfig, type StorageLike } from '../../../page/runtime/split-test.ts';

const CONFIG: SplitConfig = new Map([
  [
    'feature1',
    [
      ['fullPrice', 60],
      ['discount', 40],
    ] as const,
  ],
  [
    'child-old',
    [
      ['fullPrice', 50],
      ['trial', 50],
    ] as const,
  ],
  [
    'three',
    [
      ['a', 20],
      ['b', 30],
      ['c', 50],
    ] as const,
  ],
  [
    'under',
    [
      ['fullPrice', 30],
      ['trial', 40],
    ] as const,
  ],
  [
    'zero-first',
    [
      ['never', 0],
      ['always', 100],
    ] as const,
  ],
  [
    'thirds',
    [
      ['a', 33.3],
      ['b', 33.3],
      ['c', 33.4],
    ] as const,
  ],
  ['single', [['trial', 100]] as const],
]);

describe('paywallForDraw: cumulative edges belong to the next type', () => {
  it.each([
    ['feature1', 0, 'fullPrice'],
    ['feature1', 59.999, 'fullPrice'],
    ['feature1', 60, 'discount'],
    ['feature1', 99.999, 'discount'],
    ['feature1', 100, 'discount'],
    ['child-old', 0, 'fullPrice'],
    ['child-old', 50, 'trial'],
    ['three', 0, 'a'],
    ['three', 19.99, 'a'],
    ['three', 20, 'b'],
    ['three', 49.99, 'b'],
    ['three', 50, 'c'],
    ['three', 100, 'c'],
    ['zero-first', 0, 'always'],
    ['thirds', 66.6, 'c'],
    ['thirds', 100, 'c'],
    ['single', 0, 'trial'],
    ['single', 100, 'trial'],
  ])('%s at %d -> %s', (landingType, draw, paywall) => {
    expect(paywallForDraw(CONFIG, landingType, draw)).toBe(paywall);
  });

  it.each([
    ['inside the weights', 0, 'fullPrice'],
    ['on the first edge', 30, 'trial'],
    ['just under the sum', 69.999, 'trial'],
    ['on the sum', 70, 'fullPrice'],
    ['past the sum', 85, 'fullPrice'],
    ['at 100', 100, 'fullPrice'],
  ])('weights summing under 100, %s', (_name, draw, paywall) => {
    expect(paywallForDraw(CONFIG, 'under', draw)).toBe(paywall);
  });

  it.each([
    ['an unknown landing type', CONFIG, 'feature9'],
    ['no config', new Map() as SplitConfig, 'feature1'],
    ['a landing type with no weights', new Map([['feature1', []]]) as SplitConfig, 'feature1'],
  ])('gives fullPrice for %s', (_name, config, landingType) => {
    expect(paywallForDraw(config, landingType, 99)).toBe('fullPrice');
    expect(paywallForDraw(config, landingType, 0)).toBe('fullPrice');
  });

  it('clamps draws outside 0..100', () => {
    expect(paywallForDraw(CONFIG, 'three', -5)).toBe('a');
    expect(paywallForDraw(CONFIG, 'three', 150)).toBe('c');
  });
});

describe('drawPaywall', () => {
  it.each([
    [0, 'fullPrice'],
    [0.5999, 'fullPrice'],
    [0.6, 'discount'],
    [0.9999999, 'discount'],
  ])('random() = %d -> %s', (random, paywall) => {
    expect(drawPaywall(CONFIG, 'feature1', () => random)).toBe(paywall);
  });
});

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++] ?? 0.5;
};

describe('keptDraw', () => {
  it('keeps the draw across reloads', () => {
    const storage = new MemoryStorage();
    const first = keptDraw(storage, 'feature1', sequence(0.7));
    const reload = keptDraw(storage, 'feature1', sequence(0.1));
    expect(first).toBeCloseTo(70);
    expect(reload).toBe(first);
    expect(storage.items.get(drawKey('feature1'))).toBe(String(first));
  });

  it('draws per landing type', () => {
    const storage = new MemoryStorage();
    keptDraw(storage, 'feature1', sequence(0.7));
    expect(keptDraw(storage, 'feature2', sequence(0.2))).toBeCloseTo(20);
  });

  it('keeps the same paywall on reload', () => {
    const storage = new MemoryStorage();
    const paywall = () => paywallForDraw(CONFIG, 'feature1', keptDraw(storage, 'feature1', Math.random));
    const first = paywall();
    for (let i = 0; i < 20; i++) expect(paywall()).toBe(first);
  });

  it.each([['garbage'], ['-1'], ['101'], ['NaN'], ['']])('draws afresh over a stored %j', (stored) => {
    const storage = new MemoryStorage();
    storage.setItem(drawKey('feature1'), stored);
    expect(keptDraw(storage, 'feature1', sequence(0.25))).toBe(25);
    expect(storage.items.get(drawKey('feature1'))).toBe('25');
  });

  it('survives storage that throws (Safari private mode)', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(keptDraw(throwing, 'feature1', sequence(0.42))).toBe(42);
  });

  it('works with no storage at all', () => {
    expect(keptDraw(null, 'feature1', sequence(0.9))).toBe(90);
  });
});
