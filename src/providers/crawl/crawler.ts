// CheerioSiteCrawler: the Crawler port on @crawlee/cheerio. Crawlee runs the per-site request
// queue (dedup, ordering, concurrency, the per-crawl page cap and per-minute cap, the
// navigation timeout, parsing with cheerio); the HTTP requests themselves go through our
// GuardedHttpClient, so the SSRF guard, robots.txt and the crawl log see every hop.
// Storage is in memory only: nothing is written under ./storage.
import { CheerioCrawler, Configuration, Log, LogLevel } from '@crawlee/cheerio';
import type { Crawler, CrawlOptions, CrawlResult } from '../../core/model/crawl.ts';
import { flattenHeaders, GuardedFetcher } from './fetcher.ts';
import { GuardedHttpClient } from './http-client.ts';
import { Pacer } from './pacer.ts';
import { SiteCrawl, type PageRequest } from './site-crawl.ts';
import { SsrfGuard, type Resolver } from './ssrf-guard.ts';

export interface CheerioSiteCrawlerOptions {
  /** "ip:port" pairs that may be fetched although not public, e.g. the sandbox's "127.0.0.1:4100". */
  allow: string[];
  /** Extra trusted certificates (PEM), used for allow-listed endpoints only, e.g. the sandbox's. */
  ca?: string[];
  /** Defaults to DEFAULT_USER_AGENT ("OutreachBot/1.0 (+...)"). */
  userAgent?: string;
  /** Name resolution (tests inject one); *.localhost is always 127.0.0.1. */
  resolve?: Resolver;
}

const QUIET = new Log({ level: LogLevel.OFF });
const SERVER_ERRORS = Array.from({ length: 100 }, (_, i) => 500 + i);
// The politeness wait runs in a pre-navigation hook, inside Crawlee's handler timeout; with
// a low global rate and many sites at once it can be long, so that timeout is generous.
// The per-request timeout proper is the fetcher's, per hop.
const HANDLER_TIMEOUT_SECS = 3600;

export class CheerioSiteCrawler implements Crawler {
  readonly guard: SsrfGuard;
  private readonly fetcher: GuardedFetcher;
  /** Shared by every crawl of this instance: per-host delays and the global rate. */
  private readonly pacer = new Pacer();

  constructor(options: CheerioSiteCrawlerOptions) {
    this.guard = new SsrfGuard({ allow: options.allow, resolve: options.resolve });
    this.fetcher = new GuardedFetcher(this.guard, { ca: options.ca, userAgent: options.userAgent });
  }

  async crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawlResult> {
    const site = new SiteCrawl(startUrl, { ...options, maxPages: Math.max(1, Math.floor(options.maxPages)) }, this.fetcher, this.pacer);
    const home = await site.prepare();
    if (!('kind' in home)) return home;
    await this.crawlerFor(site).run([{ url: home.url, uniqueKey: home.url }]);
    return site.result();
  }

  private crawlerFor(site: SiteCrawl): CheerioCrawler {
    const { options } = site;
    // A private configuration: in-memory storage, no purge of (or write to) ./storage, and
    // its own event manager, closed when the run ends.
    const config = new Configuration({
      persistStorage: false,
      purgeOnStart: false,
      storageClientOptions: { persistStorage: false, writeMetadata: false },
    });
    const client = new GuardedHttpClient(this.fetcher, {
      timeoutMs: options.timeoutMs,
      beforeRedirect: (start, next) => site.beforeRedirect(start, next),
      onHop: (start, hop) => site.onHop(start, hop),
    });
    return new CheerioCrawler(
      {
        httpClient: client,
        log: QUIET,
        maxConcurrency: 1, // one site, one request at a time
        maxRequestRetries: 0, // retries belong to the pipeline's job layer (backoff, DLQ)
        maxRequestsPerCrawl: options.maxPages,
        maxRequestsPerMinute: Math.max(1, Math.floor(options.ratePerMinute)),
        // An outer bound for a whole redirect chain (each hop has the fetcher's timeout).
        navigationTimeoutSecs: Math.ceil((options.timeoutMs * 2) / 1000) + 1,
        requestHandlerTimeoutSecs: HANDLER_TIMEOUT_SECS,
        useSessionPool: false,
        persistCookiesPerSession: false,
        ignoreHttpErrorStatusCodes: SERVER_ERRORS, // a 5xx page is a finding, not a retry
        preNavigationHooks: [async ({ request }) => site.pace(new URL(request.url))],
        requestHandler: async ({ request, response, body, $, addRequests }) => {
          const page = {
            url: request.url,
            finalUrl: request.loadedUrl ?? request.url,
            status: response.statusCode ?? 0,
            headers: flattenHeaders(response.headers),
            html: typeof body === 'string' ? body : body.toString('utf8'),
          };
          const links = () => ($ ? $('a[href]').toArray().map((a) => ({ href: $(a).attr('href') ?? '', text: $(a).text() })) : []);
          const next: PageRequest[] = await site.onPage(site.requestFor(request.url), page, links);
          if (next.length > 0) await addRequests(next.map((r) => ({ url: r.url, uniqueKey: r.url })));
        },
        failedRequestHandler: async ({ request }, error) => site.onFailure(site.requestFor(request.url), error),
      },
      config,
    );
  }
}
