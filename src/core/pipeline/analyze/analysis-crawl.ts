// The crawl the analysis reads: how many pages, how long, how politely, and the links, images
// and https it measures. The analyze stage crawls a lead's site this way, and a follow-up's
// re-check (core/sequences/recheck.ts) crawls it again the same way, so the two agree.
import type { Finding } from '../../model/analysis.ts';
import type { Crawler, CrawlResult } from '../../model/crawl.ts';
import type { SystemConfig } from '../../model/settings.ts';
import { crawlPoliteness } from '../politeness.ts';
import { CRAWL_MEASURE } from './crawl-findings.ts';
import { extractFacts } from './site-facts.ts';

export interface CrawlLimits {
  maxPagesPerSite: number;
  crawlTimeoutMs: number;
}

export function crawlForAnalysis(crawler: Crawler, url: string, limits: CrawlLimits, system: SystemConfig): Promise<CrawlResult> {
  return crawler.crawlSite(url, {
    maxPages: limits.maxPagesPerSite,
    timeoutMs: limits.crawlTimeoutMs,
    ...crawlPoliteness(system),
    // Links and images checked, and https tried for an http site: the measured findings' evidence.
    measure: CRAWL_MEASURE,
  });
}

/** The findings a new crawl of the site reads, or null when its home page could not be read. */
export async function recrawledFindings(crawler: Crawler, url: string, limits: CrawlLimits, system: SystemConfig): Promise<Finding[] | null> {
  const crawl = await crawlForAnalysis(crawler, url, limits, system);
  return crawl.home ? extractFacts(crawl).findings : null;
}
