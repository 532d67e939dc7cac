// The site a one-site command reads (`outreach analyze`, `outreach pitch`): the address given
// (checked), a saved page read from disk, or a live site crawled with the pipeline's crawler and
// limits (SSRF guard, robots.txt, page cap, timeout, politeness), then measured by the site
// audit unless --no-audit. Progress goes to standard error.
import { readFile } from 'node:fs/promises';
import type { Context } from '../../app.ts';
import { invalid } from '../../core/errors.ts';
import type { SiteAudit } from '../../core/model/audit.ts';
import type { CrawlResult } from '../../core/model/crawl.ts';
import { CRAWL_MEASURE } from '../../core/pipeline/analyze/crawl-findings.ts';
import { crawlPoliteness } from '../../core/pipeline/politeness.ts';
import { plural } from '../../core/plural.ts';
import { printNotice } from '../output/print.ts';

export interface SiteOptions {
  html?: string;
  url?: string;
  json?: boolean;
  /** False with --no-audit. */
  audit: boolean;
  runs?: string;
}

const EXAMPLE = 'e.g. https://example.com/';

/** The site's address: http(s) with a real host name; "example.com" alone means https. */
export function siteUrl(raw: string): string {
  const text = raw.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    throw invalid(`"${raw}" is not a website address (${EXAMPLE})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`only http and https sites can be analysed, got "${raw}"`);
  const host = url.hostname;
  if (!host.includes('.') && !host.includes(':') && host !== 'localhost') throw invalid(`"${raw}" is not a website address (${EXAMPLE})`);
  return url.href;
}

/** Which URL to use: the argument or --url, said once. `usage` is what to say when there is none. */
export function chosenUrl(arg: string | undefined, opts: SiteOptions, usage: string): string {
  if (arg && opts.url && siteUrl(arg) !== siteUrl(opts.url)) throw invalid(`two different addresses given ("${arg}" and --url "${opts.url}"): give one`);
  const raw = opts.url ?? arg;
  if (raw) return siteUrl(raw);
  if (opts.html) throw invalid('--html needs --url: the address the page was saved from, e.g. --url https://example.com/');
  throw invalid(usage);
}

export async function savedPage(file: string, url: string): Promise<CrawlResult> {
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw invalid(`cannot read ${file}: ${why}`);
  }
  const { savedPageCrawl } = await import('../../core/pipeline/analyze/report.ts');
  return savedPageCrawl(url, html);
}

export function runsOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw invalid(`--runs must be a whole number from 1 to 9, got "${raw}"`);
  return n;
}

/** One crawl with the pipeline's crawler and limits (a site it cannot read is an error), then the audit unless --no-audit. */
export async function crawlLive(ctx: Context, url: string, opts: SiteOptions): Promise<{ crawl: CrawlResult; audit?: SiteAudit }> {
  const system = await ctx.settings.system.get();
  const limits = ctx.config.defaults.pipeline;
  printNotice(`Crawling ${url} (up to ${limits.max_pages_per_site} pages) …`);
  const started = Date.now();
  const crawler = await ctx.providers.crawler();
  const crawl = await crawler.crawlSite(url, {
    maxPages: limits.max_pages_per_site,
    timeoutMs: limits.crawl_timeout_ms,
    ...crawlPoliteness(system),
    measure: CRAWL_MEASURE, // links and images checked, https tried, as the pipeline's crawl does
  });
  if (!crawl.home) {
    // The crawler's reasons may start with the address itself: say it once.
    const reason = (crawl.error ?? 'the home page could not be fetched').replace(`${url}: `, '');
    throw new Error(`could not crawl ${url}: ${reason}${await loopbackHint(url, reason, ctx)}`);
  }
  const read = crawl.pages.filter((p) => p.status >= 200 && p.status < 300).length;
  printNotice(`Read ${plural(read, 'page')} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (!opts.audit) return { crawl };
  const how = (await ctx.providers.auditorKind(crawl.home.finalUrl)) === 'psi' ? 'with Google PageSpeed Insights (Lighthouse, mobile)' : 'in Chromium (Lighthouse, mobile)';
  const auditor = await ctx.providers.siteAuditor((run, of) => printNotice(`Measuring the site ${how}${of > 1 ? `, run ${run} of ${of}` : ''} …`));
  const audit = await auditor.audit(crawl.home.finalUrl, { runs: runsOption(opts.runs) ?? system.audit_runs });
  if (audit.measured) printNotice(`Measured in ${(audit.duration_ms / 1000).toFixed(1)} s.`);
  // Said once: in the text report when there is one, else here (the JSON carries the reason too).
  else if (opts.json) printNotice(`Site audit not measured: ${audit.reason}`);
  return { crawl, audit };
}

/** Why a sandbox address was refused, and what to do about it. */
async function loopbackHint(url: string, reason: string, ctx: Context): Promise<string> {
  const host = new URL(url).hostname;
  if (!/refusing to fetch/.test(reason) || !(host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.'))) return '';
  if ((await ctx.providers.searchKind()) !== 'sandbox') return ' (sandbox sites are crawled only while the sandbox is the search provider, i.e. no search API key is set)';
  const { httpPort, httpsPort } = ctx.config.sandbox;
  return ` (the sandbox web is served on ports ${httpPort} and ${httpsPort}; for a sandbox on other ports set OUTREACH_SANDBOX_PORT and OUTREACH_SANDBOX_HTTPS_PORT)`;
}
