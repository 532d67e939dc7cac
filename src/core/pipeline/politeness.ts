// How politely the crawler reads sites, from the operator's system settings. The per-host
// delay (scraping_delay, at least 0.5 s) always applies: it is what each site feels. The
// crawler-wide cap (scraping_rate_limit pages a minute) applies while rate limiting is on;
// turned off, the crawl is bounded by the per-host delay and the worker's concurrency only.
import type { CrawlOptions } from '../model/crawl.ts';
import type { SystemConfig } from '../model/settings.ts';

export function crawlPoliteness(system: Pick<SystemConfig, 'scraping_delay' | 'enable_rate_limiting' | 'scraping_rate_limit'>): Pick<CrawlOptions, 'delaySeconds' | 'ratePerMinute'> {
  return { delaySeconds: system.scraping_delay, ratePerMinute: system.enable_rate_limiting ? system.scraping_rate_limit : 0 };
}
