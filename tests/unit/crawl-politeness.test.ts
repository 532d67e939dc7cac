// The crawl's politeness from the settings, and the pacer that enforces it: the per-host
// delay always, the crawler-wide spacing only while rate limiting is on.
import { describe, expect, it } from 'vitest';
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

describe('Pacer', () => {
  const timed = async (run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };

  it('lets requests to different hosts go at once when there is no crawler-wide cap', async () => {
    const pacer = new Pacer();
    const ms = await timed(() => Promise.all(['a', 'b', 'c', 'd'].map((h) => pacer.wait(h, 200, 0))));
    expect(ms).toBeLessThan(100);
  });

  it('spaces requests to one host by its delay, and all requests by the crawler-wide rate', async () => {
    const pacer = new Pacer();
    const sent: number[] = [];
    const t0 = performance.now();
    await Promise.all(['a', 'a', 'b', 'c'].map(async (h) => (await pacer.wait(h, 150, 1200), sent.push(performance.now() - t0))));
    sent.sort((x, y) => x - y);
    // 1200 a minute: 50 ms apart; the second request to "a" waits its 150 ms.
    for (let i = 1; i < sent.length; i++) expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(49);
    expect(sent.at(-1)).toBeGreaterThanOrEqual(149);
  });

  it('does not hold a host back while another host waits out its own delay', async () => {
    const pacer = new Pacer();
    await pacer.wait('a', 0, 0);
    const t0 = performance.now();
    const [, b] = await Promise.all([timed(() => pacer.wait('a', 300, 0)), timed(() => pacer.wait('b', 300, 0))]);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(299); // "a" waited its delay
    expect(b).toBeLessThan(100); // "b" did not wait for "a"
  });

  it('gives a request the free slot before one a host delay pushed later, keeping the crawler-wide spacing', async () => {
    const pacer = new Pacer();
    const sent: [string, number][] = [];
    const t0 = performance.now();
    const go = async (h: string) => (await pacer.wait(h, 400, 1200), sent.push([h, performance.now() - t0]));
    await Promise.all([go('a'), go('a'), go('b')]);
    const times = sent.map(([, t]) => t).sort((x, y) => x - y);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(49);
    expect(sent.find(([h]) => h === 'b')![1]).toBeLessThan(300); // between the two requests to "a", not after
    expect(sent.filter(([h]) => h === 'a')[1][1]).toBeGreaterThanOrEqual(399);
  });
});
