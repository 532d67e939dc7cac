// The crawl's politeness from the settings, and the pacer that enforces it: the per-host
// delay always, the crawler-wide spacing only while rate limiting is on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crawlPoliteness } from '../../src/core/pipeline/politeness.ts';
import { Pacer } from '../../src/providers/crawl/pacer.ts';

describe('crawlPoliteness', () => {
  it('keeps the per-host delay and caps the crawler-wide rate while rate limiting is on', () => {
    expect(crawlPoliteness({ scraping_delay: 1.5, enable_rate_limiting: true, scraping_rate_limit: 30 })).toEqual({ delaySeconds: 1.5, ratePerMinute: 30 });
  });

  it('keeps the per-host delay and drops the crawler-wide cap when rate limiting is off', () => {
    expect(crawlPoliteness({ scraping_delay: 0.5, enable_rate_limiting: false, scraping_rate_limit: 30 })).toEqual({ delaySeconds: 0.5, ratePerMinute: 0 });
  });
});

// On fake timers: the spacing is asserted between the sends as the pacer's clock sees them, so
// a busy machine (a late continuation, a stalled CPU) cannot make a correct pacer look wrong.
describe('Pacer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  /** Runs the waits to the end on the fake clock; each resolves with when it was let go, from the start. */
  const run = async (waits: ((pacer: Pacer) => Promise<void>)[]) => {
    const pacer = new Pacer();
    const t0 = Date.now();
    const sent = Promise.all(waits.map(async (w) => (await w(pacer), Date.now() - t0)));
    await vi.runAllTimersAsync();
    return sent;
  };

  it('lets requests to different hosts go at once when there is no crawler-wide cap', async () => {
    const sent = await run(['a', 'b', 'c', 'd'].map((h) => (p) => p.wait(h, 200, 0)));
    expect(sent).toEqual([0, 0, 0, 0]);
  });

  it('spaces requests to one host by its delay, and all requests by the crawler-wide rate', async () => {
    const sent = await run(['a', 'a', 'b', 'c'].map((h) => (p) => p.wait(h, 150, 1200)));
    // 1200 a minute: 50 ms apart; the second request to "a" waits its 150 ms, letting "b" and "c" go first.
    expect(sent).toEqual([0, 150, 50, 100]);
  });

  it('does not hold a host back while another host waits out its own delay', async () => {
    const sent = await run([(p) => p.wait('a', 0, 0), (p) => p.wait('a', 300, 0), (p) => p.wait('b', 300, 0)]);
    expect(sent).toEqual([0, 300, 0]);
  });

  it('gives a request the free slot before one a host delay pushed later, keeping the crawler-wide spacing', async () => {
    const sent = await run(['a', 'a', 'b'].map((h) => (p) => p.wait(h, 400, 1200)));
    expect(sent).toEqual([0, 400, 50]); // "b" goes between the two requests to "a", not after
  });
});
