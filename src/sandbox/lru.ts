// A small least-recently-used map: bounded caches for rendered pages, certificates and
// generated site records, so a 10,000-site sandbox does not keep everything it ever served.
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {
    if (!(max >= 1)) throw new Error(`an LRU cache needs room for at least one entry, got ${max}`);
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  /** The cached value, or the one `make` returns (then cached). */
  getOr(key: K, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    this.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}
