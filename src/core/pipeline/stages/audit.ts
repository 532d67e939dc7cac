// After the analysis (stages 2-4), before the draft (stage 5), for one lead the campaign writes to: measure its site in a real browser
// (Lighthouse, or PageSpeed Insights with a Google key) and keep the audit, screenshots
// included, in the database. Then the lead's draft is queued, measured or not: a page that
// errors or times out is "not measured" with the reason, and without Chromium the lead is
// drafted from the crawl alone. An error thrown here (the database, a paid API's 5xx) is
// retried like any job; when it gives up, the lead is drafted without an audit (auditGaveUp).
import { bandOf, conditionsOf, formatValue } from '../../audit/bands.ts';
import type { MeasuredAudit, SiteAudit } from '../../model/audit.ts';
import { jobAttempts } from '../../resilience/dead-letter.ts';
import type { PipelineDeps } from '../deps.ts';
import type { Job } from '../jobs.ts';
import type { PipelineLead } from '../store.ts';

/** Campaigns this process already told that Chromium is missing: said once, not per lead. */
const toldChromiumMissing = new Set<number>();

export async function runAudit(job: Job, deps: PipelineDeps): Promise<void> {
  const lead = job.leadId === null ? undefined : await deps.store.lead(job.leadId);
  const campaign = await deps.campaigns.find(job.campaignId);
  if (!lead || !campaign) return; // deleted meanwhile: nothing to do
  const config = await deps.system.get();
  const draftWanted = await wantsDraft(lead, campaign.id, campaign.maxEmails, deps);
  // An address found invalid gets its draft (held, saying why) but no audit: it will not be sent. A
  // home page the analysis could not judge (an error, a parking page, a forward, another's site) is not the site to measure.
  const judged = lead.siteState === 'ok' || lead.siteState == null;
  const measure = judged && (config.audit_every_lead || (draftWanted && (await deps.recipients.check(lead.contactEmail!)).verdict !== 'invalid'));
  if (!measure) {
    if (draftWanted) await queueDraft(job, deps);
    return;
  }

  await deps.campaigns.update(campaign.id, { currentWebsiteUrl: lead.url, phase: 'audit' });
  await deps.events.emit({ campaignId: campaign.id, leadId: lead.id, activityType: 'audit', status: 'info', message: `Auditing ${lead.hostname} in a browser`, details: { website: lead.url } });
  const auditor = await deps.siteAuditor();
  const audit = await auditor.audit(lead.url, { runs: config.audit_runs, campaignId: campaign.id });
  await deps.audits.save(lead.id, audit);
  await tell(audit, lead, campaign.id, deps);
  if (draftWanted) await queueDraft(job, deps);
}

/** When the audit job gives up: the lead keeps its analysis and is drafted from the crawl alone. */
export async function auditGaveUp(job: Job, deps: PipelineDeps, reason: string): Promise<void> {
  const lead = job.leadId === null ? undefined : await deps.store.lead(job.leadId);
  if (!lead) return;
  await deps.audits.save(lead.id, { measured: false, url: lead.url, reason: `the audit gave up: ${reason}`, chromium_missing: false, measured_at: new Date().toISOString(), duration_ms: 0 });
  if (await wantsDraft(lead, job.campaignId, (await deps.campaigns.find(job.campaignId))?.maxEmails ?? null, deps)) await queueDraft(job, deps);
}

/** Whether the draft stage will write to the lead (the same checks it makes: a contact, no draft yet, room under max_emails). */
async function wantsDraft(lead: PipelineLead, campaignId: number, maxEmails: number | null, deps: PipelineDeps): Promise<boolean> {
  if (!lead.contactEmail || (await deps.store.hasDraft(campaignId, lead.id))) return false;
  return maxEmails === null || (await deps.store.countDrafts(campaignId)) < maxEmails;
}

async function queueDraft(job: Job, deps: PipelineDeps): Promise<void> {
  await deps.queue.enqueue([{ campaignId: job.campaignId, leadId: job.leadId, stage: 'draft' }], jobAttempts(await deps.system.get()));
}

/** The feed's line: the headline figures with their bands, or why nothing was measured. */
async function tell(audit: SiteAudit, lead: PipelineLead, campaignId: number, deps: PipelineDeps): Promise<void> {
  const base = { campaignId, leadId: lead.id, activityType: 'audit' as const, details: { website: lead.url } };
  if (audit.measured) {
    await deps.events.emit({ ...base, status: 'success', message: `Audited ${lead.hostname}: ${headline(audit)}` });
    return;
  }
  if (audit.chromium_missing) {
    if (toldChromiumMissing.has(campaignId)) return;
    toldChromiumMissing.add(campaignId);
    await deps.events.emit({ ...base, status: 'warning', message: `Sites are not audited: ${audit.reason}. Leads are drafted from the crawl alone.` });
    return;
  }
  await deps.events.emit({ ...base, status: 'warning', message: `Could not audit ${lead.hostname}: ${audit.reason}` });
}

/** "performance 34/100 (poor), LCP 6.1 s (poor) on a phone (simulated slow 4G, one lab run)": measured values only. */
export function headline(audit: MeasuredAudit): string {
  const parts = (['performance', 'lcp_ms', 'cls'] as const).flatMap((metric) => {
    const value = audit[metric];
    const band = bandOf(metric, value);
    if (value === null || !band) return [];
    const name = metric === 'performance' ? 'performance' : metric === 'lcp_ms' ? 'LCP' : 'CLS';
    return [`${name} ${formatValue(metric, value)} (${band.replace('_', ' ')})`];
  });
  return parts.length ? `${parts.join(', ')} ${conditionsOf(audit)}` : `measured ${conditionsOf(audit)}, no headline figure available`;
}
