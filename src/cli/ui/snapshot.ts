// What the foreground views show of a campaign at one moment, read from the same services
// as the API: the campaign (counts, current website), its job counts and the new activity.
import type { Context } from '../../app.ts';
import type { Campaign } from '../../core/model/campaign.ts';
import type { JobCounts } from '../../core/pipeline/jobs.ts';
import { countsText, readProgress } from '../../core/model/campaign-outcome.ts';

export interface RunSnapshot {
  campaign: Campaign;
  jobs: JobCounts;
  /** Jobs that gave up (failed or dead-lettered). */
  errors: number;
}

export async function readSnapshot(ctx: Context, id: number): Promise<RunSnapshot> {
  const progress = await ctx.campaigns.progress(id);
  const campaign = await ctx.campaigns.get(id);
  return { campaign, jobs: progress.jobs, errors: progress.jobs.failed + progress.jobs.dlq };
}

/** The stage counters the bars and the progress lines show. */
export function stages(s: RunSnapshot) {
  const c = s.campaign;
  const searched = c.phase !== 'search' && c.status !== 'DRAFT';
  const draftsWanted = c.max_emails === null ? c.leads_with_email : Math.min(c.leads_with_email, c.max_emails);
  return {
    search: { done: searched, found: c.total_leads },
    // Sites read (analysed or failed) over sites found: 0/25 until the first one is read.
    analyse: { ...readProgress(c), analysed: c.leads_analysed, failed: c.leads_failed },
    // Sites measured (or found not measurable) over the audits queued: one per lead the campaign writes to.
    audit: { done: c.audits_finished, total: c.audits },
    drafts: { done: c.emails_generated, total: Math.max(draftsWanted, c.emails_generated) },
  };
}

/** The summary line of `--json` (always the last line). */
export function summaryOf(s: RunSnapshot) {
  const c = s.campaign;
  return {
    type: 'summary' as const,
    campaign_id: c.id,
    status: c.status,
    total_leads: c.total_leads,
    processed_leads: c.processed_leads,
    leads_analysed: c.leads_analysed,
    leads_failed: c.leads_failed,
    leads_with_email: c.leads_with_email,
    audits: c.audits,
    audits_finished: c.audits_finished,
    emails_generated: c.emails_generated,
    search_note: c.search_note,
    errors: s.errors,
  };
}

/** A `--json` progress line (written only when it differs from the previous one). */
export function progressOf(s: RunSnapshot) {
  const c = s.campaign;
  return {
    type: 'progress' as const,
    campaign_id: c.id,
    status: c.status,
    phase: c.phase,
    current_website_url: c.current_website_url,
    total_leads: c.total_leads,
    processed_leads: c.processed_leads,
    leads_analysed: c.leads_analysed,
    leads_failed: c.leads_failed,
    leads_with_email: c.leads_with_email,
    audits: c.audits,
    audits_finished: c.audits_finished,
    emails_generated: c.emails_generated,
    emails_sent: c.emails_sent,
    errors: s.errors,
    jobs: s.jobs,
  };
}

export function summaryText(s: RunSnapshot): string {
  const c = s.campaign;
  return `Campaign ${c.id} ${c.status}: ${countsText(c)}, ${c.leads_with_email} with email, ${c.emails_generated} drafts, ${s.errors} errors`;
}

/** What to do with the emails a finished run wrote, or undefined when it wrote none. */
export function nextStepText(s: RunSnapshot): string | undefined {
  const c = s.campaign;
  if (c.emails_generated === 0) return undefined;
  return c.mode === 'live'
    ? 'Live mode: the emails are queued; `outreach serve` sends them inside the sending windows (or run `outreach emails send`).'
    : 'Review the drafts with `outreach drafts list`, then `outreach drafts approve <ids>` (or use the Drafts screen).';
}
