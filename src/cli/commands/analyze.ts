// `outreach analyze <url>` and `outreach analyze --html FILE --url URL`: audit one site (or a
// saved page) with the pipeline's analyser and contact finder, and print the facts with their
// evidence, the findings and the contacts. A live URL goes through the pipeline's crawler
// (SSRF guard, robots.txt, the configured page cap, timeout and politeness); a saved page
// needs no database at all. A live site is also measured by the site audit (Lighthouse in
// Chromium, mobile, simulated slow 4G) unless --no-audit; a saved page is not (nothing live).
import type { Command } from 'commander';
import { basename } from 'node:path';
import type { SiteReport } from '../../core/pipeline/analyze/report.ts';
import { withContext } from '../context.ts';
import { printJson, printLine } from '../output/print.ts';
import { plural } from '../../core/plural.ts';
import type { SiteAudit } from '../../core/model/audit.ts';
import { printAudit, writeScreenshots } from './analyze-audit.ts';
import { chosenUrl, crawlLive, runsOption, savedPage, type SiteOptions } from './site-input.ts';

interface AnalyzeOptions extends SiteOptions {
  screenshots?: string;
}

const USAGE = 'say which site to analyse: outreach analyze https://example.com/ (or --html FILE --url URL for a saved page)';

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
  forwards: 'forwards: the home page only sends visitors to another address (a frameset or an instant redirect)',
  network: "another's site: the page is the business's page on a franchise network's or a portal's site, not its own",
  closing: 'closing: the home page says the business is closing down for good',
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
      const url = chosenUrl(arg, opts, USAGE);
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
        : await withContext((ctx) => crawlLive(ctx, url, opts));
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
