// `outreach analyze <url>` and `outreach analyze --html FILE --url URL`: audit one site (or a
// saved page) with the pipeline's analyser and contact finder, and print the facts with their
// evidence, the findings and the contacts. A live URL goes through the pipeline's crawler
// (SSRF guard, robots.txt, the configured page cap, timeout and politeness); a saved page
// needs no database at all. A live site is also measured by the site audit (Lighthouse in
// Chromium, mobile, simulated slow 4G) unless --no-audit; a saved page is not (nothing live).
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { invalid } from '../../core/errors.ts';
import type { CrawlResult } from '../../core/model/crawl.ts';
import type { SiteReport } from '../../core/pipeline/analyze/report.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printNotice } from '../output/print.ts';
import { crawlPoliteness } from '../../core/pipeline/politeness.ts';
import { CRAWL_MEASURE } from '../../core/pipeline/analyze/crawl-findings.ts';
import { plural } from '../../core/plural.ts';
import type { SiteAudit } from '../../core/model/audit.ts';
import { printAudit, writeScreenshots } from './analyze-audit.ts';

interface AnalyzeOptions {
  html?: string;
  url?: string;
  json?: boolean;
  /** False with --no-audit. */
  audit: boolean;
  screenshots?: string;
  runs?: string;
}

const EXAMPLE = 'e.g. https://example.com/';

/** The site's address: http(s) with a real host name; "example.com" alone means https. */
function siteUrl(raw: string): string {
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

/** Which URL to use: the argument or --url, said once. */
function chosenUrl(arg: string | undefined, opts: AnalyzeOptions): string {
  if (arg && opts.url && siteUrl(arg) !== siteUrl(opts.url)) throw invalid(`two different addresses given ("${arg}" and --url "${opts.url}"): give one`);
  const raw = opts.url ?? arg;
  if (raw) return siteUrl(raw);
  if (opts.html) throw invalid('--html needs --url: the address the page was saved from, e.g. --url https://example.com/');
  throw invalid('say which site to analyse: outreach analyze https://example.com/ (or --html FILE --url URL for a saved page)');
}

async function savedPage(file: string, url: string): Promise<CrawlResult> {
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

/** One crawl with the pipeline's crawler and limits (a site it cannot read is an error), then the audit. */
function crawlLive(url: string, opts: AnalyzeOptions): Promise<{ crawl: CrawlResult; audit?: SiteAudit }> {
  return withContext(async (ctx) => {
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
  });
}

function runsOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw invalid(`--runs must be a whole number from 1 to 9, got "${raw}"`);
  return n;
}

/** Why a sandbox address was refused, and what to do about it. */
async function loopbackHint(url: string, reason: string, ctx: Parameters<Parameters<typeof withContext>[0]>[0]): Promise<string> {
  const host = new URL(url).hostname;
  if (!/refusing to fetch/.test(reason) || !(host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.'))) return '';
  if ((await ctx.providers.searchKind()) !== 'sandbox') return ' (sandbox sites are crawled only while the sandbox is the search provider, i.e. no search API key is set)';
  const { httpPort, httpsPort } = ctx.config.sandbox;
  return ` (the sandbox web is served on ports ${httpPort} and ${httpsPort}; for a sandbox on other ports set OUTREACH_SANDBOX_PORT and OUTREACH_SANDBOX_HTTPS_PORT)`;
}

// ---- The readable audit ---------------------------------------------------------------------

const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
const dim = (text: string) => (colour ? `\x1b[2m${text}\x1b[22m` : text);
const bold = (text: string) => (colour ? `\x1b[1m${text}\x1b[22m` : text);
const pct = (confidence: number) => `confidence ${Math.round(confidence * 100)}%`;

const STATES: Record<SiteReport['site_state'], string> = {
  ok: 'a working page with content',
  server_error: 'broken: the home page returns a server error',
  not_found: 'broken: the home page is not found',
  parked: 'parked: the domain shows a parking page',
  empty: 'blank: the home page has no content',
};

const LABEL = 22;
const row = (label: string, value: string) => printLine(`  ${label.padEnd(LABEL)}${value}`);
const proofLine = (detail: string | undefined) => detail && printLine(dim(`  ${' '.repeat(LABEL)}${detail}`));

function yesNo(value: boolean | null, name?: string | null): string {
  if (value === null) return 'Unknown';
  return value ? (name ? `Yes (${name})` : 'Yes') : 'No';
}

function printFacts(r: SiteReport): void {
  const e = r.evidence;
  printLine(bold('Facts'));
  const facts: [string, string, string | undefined][] = [
    ['Secure (https)', yesNo(r.has_ssl), e.has_ssl?.detail],
    ['Mobile friendly', yesNo(r.is_mobile_responsive), e.is_mobile_responsive?.detail],
    ['Contact form', yesNo(r.has_contact_form), e.has_contact_form?.detail],
    ['Analytics', yesNo(r.has_analytics, r.analytics.join(', ')), e.has_analytics?.detail],
    ['Online booking', yesNo(r.has_online_booking, r.booking_platform), e.has_online_booking?.detail],
    ['Online shop', yesNo(r.has_ecommerce, r.ecommerce_platform), e.has_ecommerce?.detail],
    ['Live chat', yesNo(r.has_live_chat, r.live_chat), e.has_live_chat?.detail],
    ['Website platform', r.cms_platform ?? (r.site_state === 'ok' ? 'none recognised' : 'Unknown'), e.cms_platform?.detail],
    ['Language', r.website_language ?? 'Unknown', e.website_language?.detail],
    ['Country', r.country ?? 'Unknown', e.country?.detail],
    ['Accessibility', r.accessibility_score === null ? 'Unknown' : `${r.accessibility_score}/100`, e.accessibility_score?.detail],
    ['Images without size', r.unoptimized_images_count === null ? 'Unknown' : String(r.unoptimized_images_count), e.unoptimized_images_count?.detail],
  ];
  for (const [label, value, detail] of facts) {
    row(label, value);
    proofLine(detail);
  }
}

function printFindings(r: SiteReport): void {
  printLine(bold(r.findings.length ? `Findings (${r.findings.length})` : 'Findings: nothing wrong that the pages prove'));
  r.findings.forEach((f, i) => {
    printLine(`  ${i + 1}. ${f.claim}`);
    printLine(dim(`     ${f.evidence} (${pct(f.confidence)})`));
  });
}

function printContacts(r: SiteReport): void {
  printLine(bold('Contacts'));
  if (r.contact_name) row('Contact person', r.contact_name);
  if (r.emails.length === 0) row('Email', 'none found on the pages read');
  r.emails.forEach((email, i) => {
    row(i === 0 ? (r.emails.length > 1 ? 'Emails' : 'Email') : '', `${email}${email === r.primary_email ? ' (the one to write to)' : ''}`);
    proofLine(r.email_sources[email]);
  });
  if (r.phones.length === 0) row('Phone', 'none found');
  r.phones.forEach((phone, i) => row(i === 0 ? (r.phones.length > 1 ? 'Phones' : 'Phone') : '', phone));
  row('Address', r.address ?? 'none found');
  if (r.business_hours) row('Opening hours', r.business_hours);
}

function printReport(r: SiteReport, source: string, isSandboxHostname: (hostname: string) => boolean, audit: SiteAudit | undefined, shots: Record<string, string>): void {
  printLine(bold(r.business_name ?? r.title ?? r.hostname));
  printLine(r.url);
  printLine(`${source} · ${STATES[r.site_state]}`);
  if (isSandboxHostname(r.hostname)) printLine('Sandbox site: generated test data, not a real business.');
  if (r.business_name) printLine(dim(`name from ${r.evidence.business_name?.detail ?? 'the page'}`));
  if (audit) {
    printLine('');
    printAudit(audit, bold, shots);
  }
  for (const section of [printFacts, printFindings, printContacts]) {
    printLine('');
    section(r);
  }
}

export function registerAnalyze(program: Command): void {
  program
    .command('analyze [url]')
    .description('Audit one website (or a saved page) with the analyser: its facts with evidence, the findings, the contacts')
    .option('--html <file>', 'analyse this saved HTML page instead of crawling (needs --url)')
    .option('--url <url>', 'with --html: the address the page was saved from')
    .option('--json', 'print the report as one JSON object (unknown facts are null)')
    .option('--no-audit', 'skip the site audit (Lighthouse in Chromium), which takes tens of seconds a run')
    .option('--screenshots <dir>', 'write the audit\'s screenshots (JPEG) to this directory')
    .option('--runs <n>', 'Lighthouse runs, the middle one by performance score kept (default: the audit_runs setting, 1)')
    .addHelpText(
      'after',
      '\nExamples:\n  outreach analyze https://example.com/\n  outreach analyze --html saved.html --url https://example.com/ --json\n\n' +
        'A live site is crawled like the pipeline crawls it (robots.txt, page limit, politeness delay); progress goes to standard error.\n' +
        'It is then measured in Chromium by Google Lighthouse (mobile, simulated slow 4G, one lab run) and each metric banded by\n' +
        "Google's Core Web Vitals thresholds. Needs Chromium (apt-get install chromium; CHROME_PATH names another). A saved page is not audited.",
    )
    .action(async (arg: string | undefined, opts: AnalyzeOptions) => {
      const url = chosenUrl(arg, opts);
      // The analyser (cheerio, Wappalyzer) loads only when a site is analysed, not for --help.
      const [{ siteReport }, { extractFacts }, { findContacts }, { isSandboxHostname }] = await Promise.all([
        import('../../core/pipeline/analyze/report.ts'),
        import('../../core/pipeline/analyze/site-facts.ts'),
        import('../../core/pipeline/contacts/find-contacts.ts'),
        import('../../sandbox/urls.ts'),
      ]);
      runsOption(opts.runs); // a bad --runs is refused before any crawl
      const { auditSummary, notAuditedSavedPage } = await import('../../core/audit/summary.ts');
      const { crawl, audit } = opts.html
        ? { crawl: await savedPage(opts.html, url), audit: opts.audit ? notAuditedSavedPage(url) : undefined }
        : await crawlLive(url, opts);
      const report = siteReport(extractFacts(crawl), findContacts(crawl));
      const shots = audit && opts.screenshots ? await writeScreenshots(audit, opts.screenshots) : {};
      if (opts.json) {
        if (!audit) return printJson(report);
        return printJson({ ...report, audit: { ...auditSummary(audit), ...(opts.screenshots && audit.measured ? { screenshot_files: shots } : {}) } });
      }
      const source = opts.html ? `Saved page ${basename(opts.html)}` : `Crawled ${plural(report.pages_crawled, 'page')}`;
      printReport(report, source, isSandboxHostname, audit, shots);
    });
}
