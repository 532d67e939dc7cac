// What the crawler hands to the analyser and the contact finder.

export interface CrawledPage {
  /** The URL asked for. */
  url: string;
  /** Where it ended after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  html: string;
  /** Which part of the site this is: the home page, or a page found by its link/path. */
  kind: 'home' | 'contact' | 'about' | 'services' | 'other';
}

export interface CrawlLogEntry {
  url: string;
  status: number | null;
  ms: number;
  fetched_at: string;
  /** Why it was skipped or failed: 'robots.txt disallows', 'blocked address', 'timeout', ... */
  note?: string;
}

export interface CrawlResult {
  startUrl: string;
  /** The home page as finally reached (after redirects), or undefined when it could not be fetched. */
  home?: CrawledPage;
  pages: CrawledPage[];
  log: CrawlLogEntry[];
  /** Set when the site could not be crawled at all, in words a person reads ("the site's
   * certificate is not trusted", "robots.txt forbids crawling": core/pipeline/failure-reason.ts). */
  error?: string;
  /** The raw error behind `error` (Node's or OpenSSL's message), for operators. */
  errorDetail?: string;
}

export interface CrawlOptions {
  /** At most this many pages per site (home included). */
  maxPages: number;
  /** Milliseconds per request. */
  timeoutMs: number;
  /** Seconds to wait between two requests to the same host (politeness). */
  delaySeconds: number;
  /** Requests per minute across the crawler; 0 for no crawler-wide cap (the per-host delay still applies). */
  ratePerMinute: number;
}

/** The port the pipeline's crawl stage uses; src/providers/crawl implements it. */
export interface Crawler {
  crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawlResult>;
}
