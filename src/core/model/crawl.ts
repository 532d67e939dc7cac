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
  /** What the links and images of the crawled pages answered (a capped, polite check); absent when none was made. */
  linkChecks?: LinkCheck[];
  /** The home page's certificate and whether the site answers over https, as the crawler saw them. */
  tls?: TlsObservation;
}

/** One link or image of a crawled page and what it answered. */
export interface LinkCheck {
  url: string;
  kind: 'link' | 'image';
  /** The page it is on. */
  from: string;
  /** The final status after redirects; null when no answer came (DNS, timeout, refused: not "broken"). */
  status: number | null;
  /** How it was asked: HEAD, GET (HEAD refused) or read by the crawl itself. */
  method: 'HEAD' | 'GET' | 'crawl';
  sameSite: boolean;
  /** Why there is no status ("timeout", "could not resolve …"). */
  note?: string;
}

/** The TLS side of a site, gathered by the crawler (rules about it live in core). */
export interface TlsObservation {
  /** The home page's certificate, when it was fetched over https. */
  certificate?: {
    /** As the peer certificate gives it ("Mar 12 00:00:00 2026 GMT") and as an ISO date-time. */
    validTo: string;
    validToIso: string;
    subject?: string;
    issuer?: string;
    /** The handshake's verdict: null when trusted, else OpenSSL's code (only CERT_HAS_EXPIRED is read past). */
    error: string | null;
  };
  /** For a home page served over http: what https://<host>/ did. */
  httpsProbe?: {
    url: string;
    outcome: 'ok' | 'redirects_to_http' | 'failed' | 'not_checked';
    status?: number;
    /** Where it redirected, or why it failed ("ECONNREFUSED", "certificate has expired"). */
    detail?: string;
  };
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
  /**
   * Also measure the site: check the crawled pages' links and images (at most `maxUrls`
   * requests, same-site first, within `budgetMs`, at the same politeness) and whether a site
   * served over http answers over https. Absent: the crawl reads pages only.
   */
  measure?: { maxUrls: number; budgetMs: number };
}

/** The port the pipeline's crawl stage uses; src/providers/crawl implements it. */
export interface Crawler {
  crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawlResult>;
}
