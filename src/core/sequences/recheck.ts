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
// audit is kept and the follow-up goes as before. Only the audit's findings are re-checked; the
// crawl's (broken links, certificate, copyright year) are not, as the site is not crawled again.
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

export interface Recheck {
  /** What the thread cited is fixed: the sequence stops with this reason. */
  fixed?: string;
  /** The site is due a new measurement but may not be measured now: the follow-up waits for a later turn. */
  deferred?: boolean;
  /** Whether the auditor ran (whatever came of it). */
  measured: boolean;
  /** The audit's findings as the follow-up may state them (the new audit's, or the stored one's). */
  findings: Finding[];
  /** Cited findings measured again and still there: the follow-up may say them again, with the new value. */
  remeasured: FindingId[];
}

export interface RecheckOptions {
  campaignId?: number;
  /** False when this turn has measured its share already: a site due a measurement is deferred. */
  mayMeasure?: boolean;
}

/** Measures the lead's site again when its audit is too old, and says what that means for the thread. */
export async function recheckSite(d: RecheckDeps, lead: { id: number; url: string }, cited: FindingId[], options: RecheckOptions = {}): Promise<Recheck> {
  const stored = (await d.audits.latest(lead.id))?.audit;
  const as = (audit: SiteAudit | undefined, measured = false): Recheck => ({ measured, findings: auditFindings(audit), remeasured: [] });
  // A lead the pipeline never audited is not audited here either.
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
  const comparison = compareCited(cited, after);
  const findings = auditFindings(after);
  const fixed = stopsForFix(comparison);
  return fixed ? { fixed, measured: true, findings, remeasured: [] } : { measured: true, findings, remeasured: comparison.standing };
}
