// A map that keeps only the most recently used entries: what later campaigns may reuse stays, memory does not
// grow with the number of campaigns.

/** What the build asks of a cache: a Map satisfies it too (dev keeps its own, swept per rebuild). */
export interface KeyedCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
  clear(): void;
}

/** At most `capacity` entries; a read or write makes an entry the newest, and the oldest goes first. */
export class BoundedCache<K, V> implements KeyedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
