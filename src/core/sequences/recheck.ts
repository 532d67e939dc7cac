// Before a follow-up is written: is what the thread told the owner still true? When the lead's
// stored audit is older than `recheck_after_days`, the site is measured again with the same
// auditor the pipeline's audit stage uses (one Lighthouse run at a time per process: the
// auditor's own queue) and the new audit replaces the stored one. Then each measured finding the
// thread cited is compared with the new measurement:
// - gone, with the metric measured: fixed. When every measured finding the thread cited is
//   fixed, the sequence stops, saying so with the new figure ("LCP now 2.1 s: fixed").
// - still there (the same or worse): it stands, and the follow-up may say it again with the
//   new value (the claim checker checks it against the new findings).
// - the metric not measured this time: unknown, never "fixed".
// An audit that cannot run ("not measured", or the auditor throws) changes nothing: the stored
// audit is kept and the follow-up goes as before. The crawl's findings the thread cited (broken
// links, "Not secure", the certificate, the copyright year, the phone layout) are read again by
// crawling the site again before every follow-up (a few pages, where an audit is a minute):
// gone is fixed, still there stands, a site that cannot be read is unknown. The sequence stops
// only when everything the thread cited that can be re-checked is fixed.
import { auditFindings } from '../audit/findings.ts';
import { formatBytes, formatValue } from '../audit/bands.ts';
import type { AuditStore } from '../audit/store.ts';
import type { Finding, FindingId } from '../model/analysis.ts';
import type { MeasuredAudit, SiteAudit, SiteAuditor } from '../model/audit.ts';

const DAY_MS = 86_400_000;

export interface RecheckDeps {
  audits: AuditStore;
  /** The same auditor the audit stage uses (Lighthouse, or PageSpeed Insights with a key). */
  siteAuditor: () => Promise<SiteAuditor>;
  /** The system settings it reads: how old an audit may be, and Lighthouse runs per audit. */
  settings: () => Promise<{ recheck_after_days: number; audit_runs: number }>;
  now: () => Date;
  /** The site crawled again as the analysis crawls it: the findings it reads, or null when the home page could not be read. */
  crawlFindings?: (url: string) => Promise<Finding[] | null>;
}

/** The findings the audit measures, and how a fix of each is said with the new figure. */
const FIXED: Partial<Record<FindingId, (a: MeasuredAudit) => string | undefined>> = {
  slow_mobile: (a) => (a.lcp_ms === null ? undefined : `LCP now ${formatValue('lcp_ms', a.lcp_ms)}: fixed`),
  layout_shift: (a) => (a.cls === null ? undefined : `CLS now ${formatValue('cls', a.cls)}: fixed`),
  heavy_page: (a) => (a.total_bytes === null ? undefined : `the home page now downloads ${formatBytes(a.total_bytes)}: fixed`),
  low_performance: (a) => (a.performance === null ? undefined : `performance now ${formatValue('performance', a.performance)}: fixed`),
};

/** Whether the audit stands behind this finding id (an audit finding, not the crawl's). */
export const isMeasuredFinding = (id: FindingId) => id in FIXED;

export interface Comparison {
  /** One line per cited finding the new measurement shows fixed ("LCP now 2.1 s: fixed"). */
  fixed: string[];
  /** Cited findings still measured as a problem: the follow-up may cite their new values. */
  standing: FindingId[];
  /** Cited findings the new audit did not measure: nothing is known about them. */
  unknown: FindingId[];
}

/** Compares what the thread cited with a new audit (pure: the rule itself). */
export function compareCited(cited: FindingId[], after: SiteAudit): Comparison {
  const result: Comparison = { fixed: [], standing: [], unknown: [] };
  const now = new Set(auditFindings(after).map((f) => f.id));
  for (const id of new Set(cited)) {
    const fixedLine = FIXED[id];
    if (!fixedLine) continue; // the crawl's: not re-checked
    if (now.has(id)) result.standing.push(id);
    else {
      const line = after.measured && after.device === 'mobile' ? fixedLine(after) : undefined;
      if (line) result.fixed.push(line);
      else result.unknown.push(id);
    }
  }
  return result;
}

/** The sequence stops only when every measured finding the thread cited is fixed (and there was one). */
export function stopsForFix(c: Comparison): string | undefined {
  return c.fixed.length > 0 && c.standing.length === 0 && c.unknown.length === 0 ? c.fixed.join('; ') : undefined;
}

/** The crawl's findings a follow-up re-checks by crawling the site again, and how a fix of each is said. */
const CRAWL_FIXED: Partial<Record<FindingId, string>> = {
  site_broken: 'the site loads again: fixed',
  no_ssl: 'the site now opens over https: fixed',
  form_not_secure: 'the contact form is now on a secure (https) page: fixed',
  flash_content: 'the home page no longer uses Flash: fixed',
  error_message: 'the home page no longer shows the error message: fixed',
  certificate_expired: 'the certificate has been renewed: fixed',
  certificate_expiring: 'the certificate has been renewed: fixed',
  no_viewport: 'the home page now has a phone layout: fixed',
  broken_links: 'the broken links now answer: fixed',
  broken_images: 'the broken images now load: fixed',
  stale_copyright: 'the copyright year has been brought up to date: fixed',
  stale_dates: 'the home page no longer shows only dates years old: fixed',
  pandemic_notice: 'the COVID-19 notice is gone from the home page: fixed',
  closed_service: 'the home page no longer links to the closed social network: fixed',
  template_text: "the template's leftover text is gone from the home page: fixed",
  phone_mismatch: 'the home page no longer gives two phone numbers that differ in one digit: fixed',
  no_title: 'the home page now has a title: fixed',
  bad_phone_link: 'no phone link on the pages read again dials other than the number it shows: fixed',
  bad_email_link: 'no email link on the pages read again goes to an invalid address: fixed',
};

/** Whether a new crawl stands behind this finding id. */
export const isCrawledFinding = (id: FindingId) => id in CRAWL_FIXED;

/** Compares what the thread cited with a new crawl's findings. A certificate about to expire that has since expired is not fixed. */
export function compareCrawled(cited: FindingId[], after: Finding[]): Comparison {
  const now = new Set(after.map((f) => f.id));
  const still = (id: FindingId) => now.has(id) || (id === 'certificate_expiring' && now.has('certificate_expired'));
  const result: Comparison = { fixed: [], standing: [], unknown: [] };
  for (const id of new Set(cited.filter(isCrawledFinding))) {
    if (still(id)) result.standing.push(id);
    else result.fixed.push(CRAWL_FIXED[id]!);
  }
  return result;
}

export interface Recheck {
  /** What the thread cited is fixed: the sequence stops with this reason. */
  fixed?: string;
  /** The site is due a new measurement but may not be measured now: the follow-up waits for a later turn. */
  deferred?: boolean;
  /** Whether the auditor ran (whatever came of it). */
  audited: boolean;
  /** Whether the site was crawled again (whatever came of it). */
  crawled: boolean;
  /** The audit's findings as the follow-up may state them (the new audit's, or the stored one's). */
  findings: Finding[];
  /** Cited findings measured again and still there: the follow-up may say them again, with the new value. */
  remeasured: FindingId[];
  /** The new crawl's findings when the site was crawled again (they replace the stored analysis's, withRecrawl). */
  crawl?: Finding[];
}

export interface RecheckOptions {
  campaignId?: number;
  /** False when this turn has measured its share already: a site due a measurement is deferred. */
  mayMeasure?: boolean;
  /** False when this turn has crawled its share already: a site due a crawl is deferred. */
  mayCrawl?: boolean;
}

/** Measures the lead's site again when its audit is too old, crawls it again when the thread cited the crawl, and says what that means for the thread. */
export async function recheckSite(d: RecheckDeps, lead: { id: number; url: string }, cited: FindingId[], options: RecheckOptions = {}): Promise<Recheck> {
  const audit = await recheckAudit(d, lead, cited, options);
  // A follow-up waiting for its audit's turn is not crawled now either: it is crawled when it goes.
  if (audit.deferred) return { audited: false, crawled: false, findings: audit.findings, remeasured: [], deferred: true };
  const crawl = await recrawl(d, lead.url, cited, options);
  const result: Recheck = { audited: audit.ran, crawled: crawl.ran, findings: audit.findings, remeasured: [], ...(crawl.findings && { crawl: crawl.findings }) };
  if (crawl.deferred) return { ...result, deferred: true };
  const comparison = {
    fixed: [...audit.comparison.fixed, ...crawl.comparison.fixed],
    standing: [...audit.comparison.standing, ...crawl.comparison.standing],
    unknown: [...audit.comparison.unknown, ...crawl.comparison.unknown],
  };
  const fixed = stopsForFix(comparison);
  return fixed ? { ...result, fixed } : { ...result, remeasured: comparison.standing };
}

interface Part {
  /** Whether the auditor or the crawler ran. */
  ran: boolean;
  deferred?: boolean;
  comparison: Comparison;
}

/** The audit's side: measured again when the stored audit is older than recheck_after_days. */
async function recheckAudit(d: RecheckDeps, lead: { id: number; url: string }, cited: FindingId[], options: RecheckOptions): Promise<Part & { findings: Finding[] }> {
  const stored = (await d.audits.latest(lead.id))?.audit;
  // Not measured again (a lead the pipeline never audited is not audited here either): the stored
  // audit's findings stay, and what the thread cited of them is not known to be fixed.
  const as = (audit: SiteAudit | undefined, ran = false) => ({ ran, findings: auditFindings(audit), comparison: { fixed: [], standing: [], unknown: [...new Set(cited.filter(isMeasuredFinding))] } });
  if (!stored) return as(stored);
  const settings = await d.settings();
  const age = d.now().getTime() - Date.parse(stored.measured_at);
  if (!(age > settings.recheck_after_days * DAY_MS)) return as(stored);
  if (options.mayMeasure === false) return { ...as(stored), deferred: true };
  let after: SiteAudit;
  try {
    after = await (await d.siteAuditor()).audit(lead.url, { runs: settings.audit_runs, ...(options.campaignId !== undefined && { campaignId: options.campaignId }) });
  } catch {
    return as(stored, true); // could not measure: nothing changes
  }
  if (!after.measured) return as(stored, true);
  await d.audits.save(lead.id, after);
  return { ran: true, findings: auditFindings(after), comparison: compareCited(cited, after) };
}

/** The crawl's side: the site crawled again, as the analysis crawls it, when the thread cited something the crawl found. */
async function recrawl(d: RecheckDeps, url: string, cited: FindingId[], options: RecheckOptions): Promise<Part & { findings?: Finding[] }> {
  const ids = [...new Set(cited.filter(isCrawledFinding))];
  const none = { fixed: [], standing: [], unknown: [] };
  if (ids.length === 0 || !d.crawlFindings) return { ran: false, comparison: { ...none, unknown: ids } };
  if (options.mayCrawl === false) return { ran: false, deferred: true, comparison: none };
  const after = await d.crawlFindings(url).catch(() => null);
  // The home page could not be read: nothing is known, and the stored findings stay.
  return after ? { ran: true, findings: after, comparison: compareCrawled(ids, after) } : { ran: true, comparison: { ...none, unknown: ids } };
}

/** The stored analysis's findings with the crawl's re-checked ones replaced by a new crawl's (the rest, such as no_booking, kept). */
export function withRecrawl(stored: Finding[], crawl: Finding[]): Finding[] {
  return [...stored.filter((f) => !isCrawledFinding(f.id)), ...crawl.filter((f) => isCrawledFinding(f.id))];
}
