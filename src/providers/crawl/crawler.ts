// CheerioSiteCrawler: the Crawler port. One site is a handful of pages read one after the
// other (the home page, then the pages its links point to), so the crawl is a plain loop:
// politeness wait (the shared Pacer), a guarded fetch (SSRF guard on every connection,
// every redirect hop vetted and logged), the body decoded by its charset and parsed once
// with cheerio. It used to run a Crawlee CheerioCrawler per site; that cost two 1,000,000-
// slot arrays per request queue (16 MB a site, 1.4 GB peak for 100 sites at 16 at a time)
// and Crawlee's pool scheduling between pages, for no feature a five-page crawl uses.
import { load } from 'cheerio';
import type { Crawler, CrawlOptions, CrawlResult, TlsObservation } from '../../core/model/crawl.ts';
import { GuardedFetcher } from './fetcher.ts';
import { checkLinks, linkTargets, type OffSiteChecks } from './link-check.ts';
import type { HomeLink } from './links.ts';
import { Pacer } from './pacer.ts';
import { SiteCrawl, type PageRequest } from './site-crawl.ts';
import { BlockedAddressError, SsrfGuard, type Resolver } from './ssrf-guard.ts';

export interface CheerioSiteCrawlerOptions {
  /** "ip:port" pairs that may be fetched although not public, e.g. the sandbox's "127.0.0.1:4100". */
  allow: string[];
  /** Extra trusted certificates (PEM), used for allow-listed endpoints only, e.g. the sandbox's. */
  ca?: string[];
  /** Defaults to DEFAULT_USER_AGENT ("OutreachBot/1.0 (+...)"). */
  userAgent?: string;
  /** Name resolution (tests inject one); *.localhost is always 127.0.0.1. */
  resolve?: Resolver;
  /**
   * Which other sites' links the measuring crawl checks. Default: all for the public web; only
   * names that need no DNS when an allow-list confines the crawler to a loopback web (the
   * sandbox, tests), so that its pages' links to real sites never reach the internet.
   */
  offSiteChecks?: OffSiteChecks;
}

/** Pages worth parsing; anything else (a PDF, an image, a download) is skipped with a note. */
const READABLE = new Set(['text/html', 'application/xhtml+xml', 'text/xml', 'application/xml']);

export class UnreadableContentError extends Error {
  constructor(url: string, type: string) {
    super(`${url} served Content-Type ${type}, not a web page; skipped`);
    this.name = 'UnreadableContentError';
  }
}

export class CheerioSiteCrawler implements Crawler {
  readonly guard: SsrfGuard;
  private readonly fetcher: GuardedFetcher;
  /** Shared by every crawl of this instance: per-host delays and the global rate. */
  private readonly pacer = new Pacer();
  private readonly offSite: OffSiteChecks;

  constructor(options: CheerioSiteCrawlerOptions) {
    this.guard = new SsrfGuard({ allow: options.allow, resolve: options.resolve });
    // An expired certificate is read past (as a visitor clicking through the warning would), so the analysis can say so.
    this.fetcher = new GuardedFetcher(this.guard, { ca: options.ca, userAgent: options.userAgent, readPastExpiredCertificates: true });
    this.offSite = options.offSiteChecks ?? (options.allow.length > 0 ? 'local' : 'all');
  }

  async crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawlResult> {
    const site = new SiteCrawl(startUrl, { ...options, maxPages: Math.max(1, Math.floor(options.maxPages)) }, this.fetcher, this.pacer);
    const home = await site.prepare();
    if (!('kind' in home)) return home;
    const queue: PageRequest[] = [home];
    const asked = new Set([home.url]);
    for (let done = 0; queue.length > 0 && done < site.options.maxPages; done++) {
      const request = queue.shift()!;
      try {
        for (const next of await this.visit(site, request)) {
          if (!asked.has(next.url)) {
            asked.add(next.url);
            queue.push(next);
          }
        }
      } catch (error) {
        site.onFailure(request, error instanceof Error ? error : new Error(String(error)));
      }
    }
    const result = site.result();
    if (!result.home) return result;
    const tls: TlsObservation = site.certificate ? { certificate: site.certificate } : {};
    if (options.measure && result.home.status < 400) {
      // Measuring is extra: whatever goes wrong there, the pages read stay the crawl's result.
      const httpsProbe = await this.probeHttps(site, result).catch(() => undefined);
      if (httpsProbe) tls.httpsProbe = httpsProbe;
      const checks = await this.checkLinks(site, result, options.measure).catch(() => undefined);
      if (checks) result.linkChecks = checks;
    }
    if (tls.certificate || tls.httpsProbe) result.tls = tls;
    return result;
  }

  /** The crawled pages' links and images, checked within the cap and the budget. */
  private async checkLinks(site: SiteCrawl, result: CrawlResult, measure: NonNullable<CrawlOptions['measure']>) {
    const crawled = new Map<string, number>();
    for (const p of result.pages) {
      crawled.set(p.url, p.status);
      crawled.set(p.finalUrl, p.status);
    }
    const home = new URL(result.home!.finalUrl);
    return checkLinks(linkTargets(result.pages, home), crawled, {
      fetcher: this.fetcher,
      pace: (url) => site.pace(url), // the larger of scraping_delay and the host's Crawl-delay
      allowed: (url) => site.allowed(url),
      timeoutMs: site.options.timeoutMs,
      maxUrls: measure.maxUrls,
      budgetMs: measure.budgetMs,
      offSite: this.offSite,
    });
  }

  /**
   * For a home page served over http: what https:// on the same host does (the same port when
   * the address names one). A refusal by the guard, a timeout or DNS trouble proves nothing
   * ('not_checked'); a refused connection, a TLS failure or an error answer is 'failed'.
   */
  private async probeHttps(site: SiteCrawl, result: CrawlResult): Promise<TlsObservation['httpsProbe']> {
    const home = result.home!;
    const final = new URL(home.finalUrl);
    if (final.protocol !== 'http:') return undefined;
    const listed = new URL(home.url);
    // The listed https address itself went back to http: the crawl saw it, nothing more to ask.
    if (listed.protocol === 'https:') return { url: listed.href, outcome: 'redirects_to_http', detail: final.href };
    const probe = new URL(`https://${final.host}/`);
    try {
      await this.fetcher.guard.check(probe);
      await site.pace(probe, site.options.delaySeconds);
      const res = await this.fetcher.fetch({
        url: probe,
        method: 'HEAD',
        timeoutMs: site.options.timeoutMs,
        signal: AbortSignal.timeout(site.options.timeoutMs * 2 + 500),
        beforeRedirect: async (next) => {
          await this.fetcher.guard.check(next);
        },
      });
      res.body.resume();
      const end = new URL(res.url);
      if (end.protocol === 'http:') return { url: probe.href, outcome: 'redirects_to_http', status: res.status, detail: end.href };
      if (res.status >= 400 && res.status !== 405 && res.status !== 501) return { url: probe.href, outcome: 'failed', status: res.status, detail: `HTTP ${res.status}` };
      return { url: probe.href, outcome: 'ok', status: res.status };
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      const unknown = e instanceof BlockedAddressError || e.name === 'FetchTimeoutError' || e.name === 'TimeoutError' || e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN';
      return { url: probe.href, outcome: unknown ? 'not_checked' : 'failed', detail: e.code ?? e.message.slice(0, 120) };
    }
  }

  /** One page: wait our turn, fetch it (redirects vetted by the site), parse it once. */
  private async visit(site: SiteCrawl, request: PageRequest): Promise<PageRequest[]> {
    const url = new URL(request.url);
    await site.pace(url);
    const { timeoutMs } = site.options;
    const res = await this.fetcher.fetch({
      url,
      timeoutMs,
      // An outer bound for a whole redirect chain (each hop has the fetcher's timeout).
      signal: AbortSignal.timeout(timeoutMs * 2 + 1000),
      beforeRedirect: (next) => site.beforeRedirect(request.url, next),
      onHop: (hop) => site.onHop(request.url, hop),
    });
    if (request.kind === 'home' && res.certificate) site.certificate = res.certificate;
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const { type, charset } = contentType(res.headers['content-type'], bytes);
    // A server error is a finding about the site whatever it serves; other pages must be readable.
    if (res.status < 500 && !READABLE.has(type)) throw new UnreadableContentError(res.url, type);
    const html = decodeBody(bytes, charset);
    let $: ReturnType<typeof load> | undefined;
    const links = (): HomeLink[] => {
      $ ??= load(html);
      const doc = $;
      return doc('a[href]')
        .toArray()
        .map((a) => ({ href: doc(a).attr('href') ?? '', text: doc(a).text() }));
    };
    return site.onPage(request, { url: request.url, finalUrl: res.url, status: res.status, headers: res.headers, html }, links);
  }
}

/** The media type and charset of a response; a page without a Content-Type is HTML when it looks like it. */
function contentType(header: string | undefined, bytes: Buffer): { type: string; charset?: string } {
  if (header) {
    const [type, ...params] = header.split(';').map((p) => p.trim());
    const charset = params.find((p) => p.toLowerCase().startsWith('charset='))?.slice('charset='.length).replace(/^["']|["']$/g, '');
    return { type: type.toLowerCase(), charset };
  }
  const start = bytes.subarray(0, 1024).toString('latin1').trimStart().toLowerCase();
  return { type: start.startsWith('<') ? 'text/html' : 'application/octet-stream' };
}

/** The body as text: the declared charset (or a <meta charset> near the top), else UTF-8. */
function decodeBody(bytes: Buffer, declared?: string): string {
  const label = (declared ?? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1])?.toLowerCase();
  if (!label) return bytes.toString('utf8');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return bytes.toString('utf8'); // an unknown label: read it as UTF-8, as a browser would after giving up
  }
  // Browsers read every Latin-1 label as windows-1252 (the WHATWG Encoding standard), where
  // 0x80–0x9F are curly quotes, dashes and the euro sign; Node 20 decodes them as controls.
  if (decoder.encoding === 'windows-1252') return bytes.toString('latin1').replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252[c.charCodeAt(0) - 0x80] || c);
  return decoder.decode(bytes);
}

const WINDOWS_1252 = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';
