import { describe, expect, it } from 'vitest';
import { lazy, once } from '../../src/core/lazy.ts';

class Counter {
  private n = 0;
  async add(by: number): Promise<number> {
    this.n += by;
    return this.n;
  }
  async fail(): Promise<never> {
    throw new Error('the counter failed');
  }
}

/** A service that exposes an object it was handed (a known member). */
class Named extends Counter {
  constructor(readonly name: string) {
    super();
  }
}

describe('once', () => {
  it('loads on the first call, shares the value after, and tries again after a failed load', async () => {
    let loads = 0;
    const value = once(async () => {
      loads++;
      if (loads === 1) throw new Error('not yet');
      return loads;
    });
    expect(loads).toBe(0);
    await expect(value()).rejects.toThrow('not yet');
    expect(await Promise.all([value(), value()])).toEqual([2, 2]);
    expect(loads).toBe(2);
  });
});

describe('lazy', () => {
  it('makes the service on the first method call, once, and every call reaches that one instance', async () => {
    let made = 0;
    const counter = lazy(async () => {
      made++;
      return new Counter();
    });
    expect(made).toBe(0);
    expect(await Promise.all([counter.add(1), counter.add(2)])).toEqual([1, 3]);
    expect(await counter.add(4)).toBe(7);
    expect(made).toBe(1);
  });

  it("passes the service's errors on, and a failed make is tried again on the next call", async () => {
    let made = 0;
    const counter = lazy(async () => {
      if (++made === 1) throw new Error('module missing');
      return new Counter();
    });
    await expect(counter.add(1)).rejects.toThrow('module missing');
    await expect(counter.fail()).rejects.toThrow('the counter failed');
    expect(await counter.add(1)).toBe(1);
    expect(made).toBe(2);
  });

  it('answers the known members at once, without making the service, and is no promise itself', async () => {
    let made = 0;
    const counter = lazy(
      async () => {
        made++;
        return new Named('c');
      },
      { name: 'c' },
    );
    expect(counter.name).toBe('c');
    expect(await counter).toBe(counter); // `await` does not mistake it for a promise
    expect(made).toBe(0);
  });
});
