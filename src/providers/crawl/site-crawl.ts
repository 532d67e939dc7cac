// The state of one site's crawl: its log, its pages, its robots.txt cache and the checks a
// URL must pass before it is requested (robots.txt, same site). CheerioSiteCrawler wires it
// into its page loop (crawler.ts).
import type { CrawledPage, CrawlLogEntry, CrawlOptions, CrawlResult } from '../../core/model/crawl.ts';
import { siteFailureReason } from '../../core/pipeline/failure-reason.ts';
import type { GuardedFetcher, HopRecord, PeerCertificateFacts } from './fetcher.ts';
import { pagesToVisit, sameSite, type HomeLink, type PageKind } from './links.ts';
import type { Pacer } from './pacer.ts';
import { failureNote, hopNote, RobotsCache, RobotsDisallowedError } from './robots.ts';
import { BlockedAddressError } from './ssrf-guard.ts';

export class OffSiteRedirectError extends Error {
  constructor(readonly url: string) {
    super(`redirect off the site to ${url}, not followed`);
    this.name = 'OffSiteRedirectError';
  }
}

export interface PageRequest {
  url: string;
  kind: PageKind;
  /** False for a conventional path tried without a link to it. */
  linked: boolean;
}

export class SiteCrawl {
  readonly log: CrawlLogEntry[] = [];
  readonly pages: CrawledPage[] = [];
  home?: CrawledPage;
  /** The home page's certificate, when it was fetched over https. */
  certificate?: PeerCertificateFacts;
  private homeFailure?: Error;
  private readonly robots: RobotsCache;
  private readonly requests = new Map<string, PageRequest>();
  private readonly lastHop = new Map<string, CrawlLogEntry>();
  private readonly logged = new WeakSet<Error>();

  constructor(
    readonly startUrl: string,
    readonly options: CrawlOptions,
    private readonly fetcher: GuardedFetcher,
    private readonly pacer: Pacer,
  ) {
    this.robots = new RobotsCache(fetcher, { timeoutMs: options.timeoutMs, log: (e) => this.log.push(e), pace: (url) => this.pace(url, options.delaySeconds) });
  }

  /** Checks that can refuse the site before the first page; returns the home request or a finished result. */
  async prepare(): Promise<PageRequest | CrawlResult> {
    try {
      const start = this.fetcher.guard.checkUrl(this.startUrl);
      await this.fetcher.guard.check(start); // the clear refusal for a blocked site, before robots.txt
      await this.robots.assertAllowed(start);
      return this.track({ url: start.href, kind: 'home', linked: true });
    } catch (error) {
      this.skip(this.startUrl, error as Error);
      return this.result(error as Error);
    }
  }

  track(request: PageRequest): PageRequest {
    this.requests.set(request.url, request);
    return request;
  }

  requestFor(url: string): PageRequest {
    return this.requests.get(url) ?? { url, kind: 'other', linked: false };
  }

  /** Waits for the politeness delay (the larger of ours and the site's Crawl-delay) and the global rate. */
  async pace(url: URL, delaySeconds?: number): Promise<void> {
    const delay = delaySeconds ?? Math.max(this.options.delaySeconds, (await this.robots.policy(url)).crawlDelaySeconds);
    await this.pacer.wait(url.hostname, delay * 1000, this.options.ratePerMinute);
  }

  /** Whether robots.txt lets OutreachBot fetch the URL (a refused or unreadable robots.txt: no). */
  async allowed(url: URL): Promise<boolean> {
    try {
      await this.robots.assertAllowed(url);
      return true;
    } catch {
      return false;
    }
  }

  /** Vets a redirect hop: the guard first (so a refusal names the real reason), then pages
   * other than the home page stay on the site, and robots.txt applies to every hop. */
  async beforeRedirect(startUrl: string, next: URL): Promise<void> {
    await this.fetcher.guard.check(next);
    const request = this.requestFor(startUrl);
    if (request.kind !== 'home' && this.home && !sameSite(next, new URL(this.home.finalUrl))) throw new OffSiteRedirectError(next.href);
    await this.robots.assertAllowed(next);
  }

  onHop(startUrl: string, hop: HopRecord): void {
    const entry: CrawlLogEntry = { url: hop.url, status: hop.status, ms: hop.ms, fetched_at: hop.fetched_at };
    const note = hopNote(hop.location, hop.error);
    if (note) entry.note = note;
    if (hop.error) this.logged.add(hop.error);
    this.log.push(entry);
    this.lastHop.set(startUrl, entry);
  }

  /** A page fetched. Returns the pages to request next (after the home page). */
  async onPage(request: PageRequest, page: Omit<CrawledPage, 'kind'>, links: () => HomeLink[]): Promise<PageRequest[]> {
    const crawled: CrawledPage = { ...page, kind: request.kind };
    if (request.kind !== 'home') {
      // A guessed path that does not exist is not part of the site (and not a broken link).
      if (page.status >= 400 && !request.linked) {
        this.annotate(request.url, `guessed path answered HTTP ${page.status}; not kept`);
        return [];
      }
      this.pages.push(crawled);
      return [];
    }
    this.home = crawled;
    this.pages.push(crawled);
    if (page.status >= 400) return []; // a broken home page: nothing else worth reading
    const next: PageRequest[] = [];
    for (const target of pagesToVisit(new URL(page.finalUrl), links(), this.options.maxPages - 1)) {
      try {
        await this.robots.assertAllowed(new URL(target.url));
        next.push(this.track(target));
      } catch (error) {
        this.skip(target.url, error as Error);
      }
    }
    return next;
  }

  /** A request that failed. */
  onFailure(request: PageRequest, error: Error): void {
    const url = error instanceof RobotsDisallowedError || error instanceof OffSiteRedirectError ? error.url : request.url;
    if (!this.logged.has(error)) this.skip(url, error);
    if (request.kind === 'home') this.homeFailure = error;
  }

  skip(url: string, error: Error): void {
    this.logged.add(error);
    const entry: CrawlLogEntry = { url, status: null, ms: 0, fetched_at: new Date().toISOString(), note: failureNote(error) };
    if (error instanceof BlockedAddressError) entry.url = error.url;
    this.log.push(entry);
  }

  /** The crawl as it stands; without a home page, why (readable) and the raw error (for operators). */
  result(error?: Error): CrawlResult {
    const failure = error ?? (this.home ? undefined : this.homeFailure);
    const base = { startUrl: this.startUrl, ...(this.home && { home: this.home }), pages: this.pages, log: this.log };
    if (failure) return { ...base, error: siteFailureReason(failure), errorDetail: failure.message };
    return this.home ? base : { ...base, error: 'the home page could not be fetched' };
  }

  private annotate(startUrl: string, note: string): void {
    const entry = this.lastHop.get(startUrl);
    if (entry) entry.note = note;
  }
}
