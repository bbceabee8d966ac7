// The build's caches keep the most recently used entries only, so memory stays flat in the number of distinct campaigns.
import { expect, it } from 'vitest';
import { BoundedCache } from '../../../generator/shared/bounded-cache.ts';

it('keeps at most its capacity, dropping the least recently used first', () => {
  const cache = new BoundedCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  expect(cache.get('a')).toBe(1);
  cache.set('c', 3);
  expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  expect(cache.size).toBe(2);
  cache.set('a', 4);
  expect(cache.get('a')).toBe(4);
  cache.clear();
  expect(cache.size).toBe(0);
});
