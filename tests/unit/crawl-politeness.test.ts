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
});
