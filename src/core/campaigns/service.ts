// Campaign life cycle: create, edit, start/pause/resume, progress, delete. Status changes
// go through the state machine and a compare-and-set, so two clicks cannot both win.
import { conflict, notFound } from '../errors.ts';
import { plural } from '../plural.ts';
import type { EventSink } from '../events.ts';
import { abTestResults, DEFAULT_AB_TEST, type AbTestConfig } from '../analytics/ab-test.ts';
import type { AbTestResults } from '../model/ab-test.ts';
import type { Campaign, CreateCampaignInput, RestartInput, UpdateCampaignInput } from '../model/campaign.ts';
import type { Sequence } from '../model/sequence.ts';
import type { HeldLease, JobCounts, JobQueue } from '../pipeline/jobs.ts';
import { holderIsGone } from '../pipeline/worker-id.ts';
import type { PipelineStore } from '../pipeline/store.ts';
import { jobAttempts } from '../resilience/dead-letter.ts';
import type { SystemConfigStore } from '../settings/system-config.ts';
import type { Actor } from '../users/access.ts';
import { completedText, countsText, reasonsText } from '../model/campaign-outcome.ts';
import { reasonOf } from '../pipeline/failure-reason.ts';
import { canTransition, transition, type CampaignAction } from './lifecycle.ts';
import type { CampaignRecord, CampaignRepo, CampaignStats } from './repo.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toCampaign(c: CampaignRecord, s: CampaignStats, ab: AbTestResults | null = null): Campaign {
  return {
    id: c.id,
    name: c.name,
    search_query: c.searchQuery,
    industry: c.industry,
    location: c.location,
    mode: c.mode,
    status: c.status,
    max_results: c.maxResults,
    max_emails: c.maxEmails,
    sequence: { steps: c.sequenceSteps, follow_up_days: c.followUpDays, stop_on_click: c.stopOnClick, stop_on_report_view: c.stopOnReportView },
    report_pages: c.reportPages,
    lead_list_id: c.leadListId,
    total_leads: s.totalLeads,
    processed_leads: s.processedLeads,
    leads_analysed: s.analysedLeads,
    leads_failed: s.failedLeads,
    // A draft campaign queues its leads when started, a running one before it completes: only a stopped one has lost any.
    leads_not_analysed: c.status === 'RUNNING' || c.status === 'DRAFT' ? 0 : s.notAnalysed,
    emails_generated: s.emailsGenerated,
    emails_sent: s.emailsSent,
    emails_opened: s.emailsOpened,
    emails_replied: s.emailsReplied,
    conversions: s.conversions,
    leads_with_email: s.leadsWithEmail,
    audits: s.audits,
    audits_finished: s.auditsFinished,
    email_success_rate: s.processedLeads ? Math.round((s.leadsWithEmail / s.processedLeads) * 1000) / 10 : 0,
    current_website_url: c.currentWebsiteUrl,
    phase: c.phase,
    last_error: c.lastError,
    search_note: c.searchNote,
    requeued_leads: c.requeuedLeads,
    created_at: c.createdAt.toISOString(),
    started_at: iso(c.startedAt),
    completed_at: iso(c.completedAt),
    subject_variants: c.subjectVariants,
    ab_test: ab,
  };
}

const sequenceColumns = (s: Sequence | undefined) => (s ? { sequenceSteps: s.steps, followUpDays: s.follow_up_days, stopOnClick: s.stop_on_click, stopOnReportView: s.stop_on_report_view } : {});

export interface CampaignProgress {
  campaign_id: number;
  status: Campaign['status'];
  phase: string | null;
  current_website_url: string | null;
  max_results: number | null;
  total_leads: number;
  processed_leads: number;
  leads_analysed: number;
  leads_failed: number;
  emails_generated: number;
  emails_sent: number;
  jobs: JobCounts;
}

/** One reason leads failed, in plain words, and how many leads it stopped. */
export interface FailureReason {
  reason: string;
  leads: number;
}

export interface TakeOver {
  campaign: Campaign;
  /** Jobs taken back from processes that died. */
  released: number;
  /** Leases still held by live workers or other machines: their jobs wait until these run out. */
  waiting: HeldLease[];
}

export class CampaignService {
  constructor(
    private readonly repo: CampaignRepo,
    private readonly queue: JobQueue,
    private readonly leads: PipelineStore,
    private readonly system: SystemConfigStore,
    private readonly events: EventSink,
    private readonly abTests: AbTestConfig = DEFAULT_AB_TEST,
  ) {}

  /** `estimatedProjectValue`: the suggestion's estimate it was started from (its deals' default value). */
  async create(actor: Actor, input: CreateCampaignInput, { estimatedProjectValue }: { estimatedProjectValue?: string } = {}): Promise<Campaign> {
    const record = await this.repo.insert(
      {
        name: input.name,
        searchQuery: input.search_query,
        industry: input.industry ?? null,
        location: input.location ?? null,
        mode: input.mode,
        maxResults: input.max_results ?? null,
        maxEmails: input.max_emails ?? null,
        subjectVariants: input.subject_variants ?? null,
        estimatedProjectValue: estimatedProjectValue ?? null,
        ...sequenceColumns(input.sequence),
        ...(input.report_pages === undefined ? {} : { reportPages: input.report_pages }),
      },
      actor.id,
    );
    // "Create and start": one step for the person, the same start as the campaign's Start button.
    return input.start ? this.start(record.id) : this.view(record);
  }

  /** A campaign over an imported list (src/core/leads/list-import.ts): its search stage reads the list. */
  async createForList(actor: Actor, input: { name: string; searchQuery: string; mode: Campaign['mode']; maxEmails: number | null; leadListId: number }): Promise<Campaign> {
    const record = await this.repo.insert({ ...input, industry: null, location: null, maxResults: null }, actor.id);
    return this.view(record);
  }

  async list(): Promise<Campaign[]> {
    const records = await this.repo.list();
    const stats = await this.repo.stats(records.map((r) => r.id));
    const ab = await this.abResults(records);
    return records.map((r) => toCampaign(r, stats.get(r.id)!, ab.get(r.id) ?? null));
  }

  async get(id: number): Promise<Campaign> {
    return this.view(await this.record(id));
  }

  async update(id: number, input: UpdateCampaignInput): Promise<Campaign> {
    const current = await this.record(id);
    const changesSearch = input.search_query !== undefined || input.location !== undefined || input.industry !== undefined;
    if (current.status === 'RUNNING' && changesSearch) throw conflict('Pause the campaign before changing what it searches for');
    await this.repo.update(id, {
      name: input.name,
      searchQuery: input.search_query,
      industry: input.industry,
      location: input.location,
      mode: input.mode,
      maxResults: input.max_results,
      maxEmails: input.max_emails,
      reportPages: input.report_pages,
      ...sequenceColumns(input.sequence),
    });
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repo.delete(id))) throw notFound('Campaign not found');
  }

  /** DRAFT → RUNNING: queue the search that discovers its leads. */
  async start(id: number): Promise<Campaign> {
    const campaign = await this.change(id, 'start', { startedAt: new Date(), completedAt: null, lastError: null, phase: 'search', requeuedLeads: null });
    await this.queue.enqueue([{ campaignId: id, leadId: null, stage: 'search' }], await this.maxAttempts());
    const what = campaign.lead_list_id === null ? `searching for "${campaign.search_query}"` : 'reading its imported list (no search quota used)';
    await this.events.emit({ campaignId: id, activityType: 'search', status: 'info', message: `Campaign "${campaign.name}" started: ${what}` });
    return campaign;
  }

  async pause(id: number): Promise<Campaign> {
    const campaign = await this.change(id, 'pause', {});
    await this.events.emit({ campaignId: id, activityType: 'search', status: 'warning', message: `Campaign "${campaign.name}" paused` });
    return campaign;
  }

  async resume(id: number): Promise<Campaign> {
    const campaign = await this.change(id, 'resume', { completedAt: null });
    await this.events.emit({ campaignId: id, activityType: 'search', status: 'info', message: `Campaign "${campaign.name}" resumed` });
    return campaign;
  }

  /**
   * `resume` from a terminal that will run the work itself: a PAUSED campaign resumes; a
   * RUNNING one (its runner died: a closed laptop, kill -9) is adopted. The jobs held by a
   * process that is provably gone go back to the queue at once; those held by a live worker,
   * or by another machine, are said with when their lease runs out.
   */
  async takeOver(id: number, gone: (owner: string) => boolean = holderIsGone): Promise<TakeOver> {
    const record = await this.record(id);
    if (record.status !== 'RUNNING') return { campaign: await this.resume(id), released: 0, waiting: [] };
    let released = 0;
    const waiting: HeldLease[] = [];
    for (const lease of await this.queue.held(id)) {
      if (gone(lease.owner)) released += await this.queue.release(id, lease.owner);
      else waiting.push(lease);
    }
    if (released) {
      await this.events.emit({ campaignId: id, activityType: 'search', status: 'warning', message: `${plural(released, 'job')} of a process that is no longer running went back to the queue` });
    }
    return { campaign: await this.get(id), released, waiting };
  }

  /**
   * Continue a finished campaign with new limits, from its cached search results: no
   * search quota is used. New hits up to max_results become leads; unfinished leads are
   * analysed again; leads with a contact get a draft if they have none (up to max_emails).
   */
  async restart(id: number, input: RestartInput): Promise<Campaign> {
    const record = await this.record(id);
    if (!record.searchResults && record.leadListId === null) throw conflict('This campaign has no cached search results yet: start it (or rerun it) first');
    const campaign = await this.change(id, 'restart', { maxEmails: input.max_emails, maxResults: input.max_results, completedAt: null, lastError: null, phase: 'search', requeuedLeads: null });
    await this.requeueWork(id, 'unfinished', { fromCache: true });
    await this.events.emit({ campaignId: id, activityType: 'search', status: 'info', message: `Campaign "${campaign.name}" restarted with cached results (no search-service usage)` });
    return this.get(id);
  }

  /** Analyse every lead again (improved crawling), re-using the cached search when there is one. */
  async rerun(id: number): Promise<Campaign> {
    const record = await this.record(id);
    const campaign = await this.change(id, 'rerun', { completedAt: null, lastError: null, phase: 'search', requeuedLeads: null });
    await this.requeueWork(id, 'all', { fromCache: Boolean(record.searchResults || record.leadListId) });
    await this.events.emit({ campaignId: id, activityType: 'search', status: 'info', message: `Campaign "${campaign.name}" rerun: every website is analysed again` });
    return this.get(id);
  }

  /** Analyse again the leads that failed or were never analysed. */
  async requeueLeads(id: number): Promise<{ leads_requeued: number; campaign: Campaign }> {
    const ids = await this.leads.leadIds(id, 'unfinished');
    if (ids.length === 0) return { leads_requeued: 0, campaign: await this.get(id) };
    await this.change(id, 'requeue', { completedAt: null, lastError: null, phase: 'analyze', requeuedLeads: ids.length });
    const requeued = await this.requeueWork(id, 'unfinished');
    await this.events.emit({ campaignId: id, activityType: 'analyze', status: 'info', message: `Requeued ${plural(requeued, 'lead')} for re-analysis: the campaign says how they did when it completes` });
    return { leads_requeued: requeued, campaign: await this.get(id) };
  }

  /** All or nothing: every campaign is checked before any is rerun. */
  async bulkRerun(ids: number[]): Promise<Campaign[]> {
    for (const id of ids) transition((await this.record(id)).status, 'rerun');
    const result: Campaign[] = [];
    for (const id of ids) result.push(await this.rerun(id));
    return result;
  }

  /** Queues analysis (and drafts) again for some of a campaign's leads; returns how many analyses. */
  private async requeueWork(id: number, which: 'all' | 'unfinished', search?: { fromCache: boolean }): Promise<number> {
    const attempts = await this.maxAttempts();
    if (search) await this.queue.enqueue([{ campaignId: id, leadId: null, stage: 'search', payload: search }], attempts);
    const analysed = await this.queueAnalysis(id, await this.leads.leadIds(id, which));
    const withEmail = await this.leads.leadIds(id, 'with_email');
    await this.queue.enqueue(withEmail.map((leadId) => ({ campaignId: id, leadId, stage: 'draft' as const })), attempts);
    await this.queue.requeue(id, 'draft', withEmail);
    return analysed;
  }

  async progress(id: number): Promise<CampaignProgress> {
    const c = await this.get(id);
    return {
      campaign_id: id,
      status: c.status,
      phase: c.phase,
      current_website_url: c.current_website_url,
      max_results: c.max_results,
      total_leads: c.total_leads,
      processed_leads: c.processed_leads,
      leads_analysed: c.leads_analysed,
      leads_failed: c.leads_failed,
      emails_generated: c.emails_generated,
      emails_sent: c.emails_sent,
      jobs: await this.queue.counts(id),
    };
  }

  /**
   * Marks a RUNNING campaign COMPLETED once no work is left; says whether it did. Leads that
   * nothing will analyse (their work was lost, e.g. to a crash before it was queued) are queued
   * now instead: a campaign never completes with leads it never looked at.
   */
  async completeIfDone(id: number): Promise<boolean> {
    const record = await this.repo.find(id);
    if (!record || !canTransition(record.status, 'complete')) return false;
    if (await this.repo.completeIfDone(id)) {
      await this.announceCompletion(id);
      return true;
    }
    // Called after every job: a cheap EXISTS, not a count of the campaign's jobs.
    if (await this.queue.hasLiveJobs(id)) return false;
    const lost = await this.repo.notAnalysedLeadIds(id);
    if (lost.length === 0) return false;
    await this.queueAnalysis(id, lost);
    await this.events.emit({ campaignId: id, activityType: 'analyze', status: 'warning', message: `${plural(lost.length, 'lead')} had no analysis queued: queued now` });
    return false;
  }

  /**
   * The feed's last word on a run: what it found, analysed and could not read (with why), and
   * after "Requeue leads" how many of them failed again. Said as a warning when any failed.
   */
  private async announceCompletion(id: number): Promise<void> {
    const c = await this.get(id);
    const reasons = c.leads_failed ? reasonsText(await this.failureReasons(id)) : '';
    const requeued = c.requeued_leads;
    if (requeued !== null) await this.repo.update(id, { requeuedLeads: null });
    const counts = `${countsText(c)}, ${c.leads_with_email} with a contact email, ${c.emails_generated} emails drafted`;
    let message: string;
    if (requeued !== null) {
      message = c.leads_failed
        ? `Campaign "${c.name}" completed — ${plural(c.leads_failed, 'lead')} failed again: ${reasons} (${counts})`
        : `Campaign "${c.name}" completed — all ${plural(requeued, 'requeued lead')} analysed this time (${counts})`;
    } else {
      message = `Campaign "${c.name}" ${completedText(c).replace(/^Completed/, 'completed')}${reasons ? `: ${reasons}` : ''} (${counts})`;
    }
    await this.events.emit({ campaignId: id, activityType: 'analysis_complete', status: c.leads_failed ? 'warning' : 'success', message });
  }

  /** Why the campaign's failed leads failed, most common first (at most `limit` reasons). */
  async failureReasons(id: number, limit = 5): Promise<FailureReason[]> {
    return (await this.repo.failureReasons(id, limit)).map((r) => ({ reason: reasonOf(r.error), leads: r.leads }));
  }

  /** RUNNING → FAILED with the reason; false when the campaign left RUNNING meanwhile. */
  async fail(id: number, reason: string): Promise<boolean> {
    const record = await this.repo.find(id);
    if (!record || !canTransition(record.status, 'fail')) return false;
    return this.repo.setStatus(id, record.status, transition(record.status, 'fail'), { lastError: reason, phase: null, currentWebsiteUrl: null });
  }

  /** Analysis (again) for these leads: new jobs, and finished ones back in the queue. */
  private async queueAnalysis(id: number, leadIds: number[]): Promise<number> {
    const added = await this.queue.enqueue(leadIds.map((leadId) => ({ campaignId: id, leadId, stage: 'analyze' as const })), await this.maxAttempts());
    return added + (await this.queue.requeue(id, 'analyze', leadIds));
  }

  private async change(id: number, action: CampaignAction, changes: Parameters<CampaignRepo['update']>[1]): Promise<Campaign> {
    const current = await this.record(id);
    const next = transition(current.status, action);
    if (!(await this.repo.setStatus(id, current.status, next, changes))) {
      throw conflict('The campaign changed at the same moment: reload and try again');
    }
    return this.get(id);
  }

  private async maxAttempts(): Promise<number> {
    return jobAttempts(await this.system.get());
  }

  private async record(id: number): Promise<CampaignRecord> {
    const record = await this.repo.find(id);
    if (!record) throw notFound('Campaign not found');
    return record;
  }

  private async view(record: CampaignRecord): Promise<Campaign> {
    const ab = await this.abResults([record]);
    return toCampaign(record, (await this.repo.stats([record.id])).get(record.id)!, ab.get(record.id) ?? null);
  }

  /** Per-arm figures and verdicts for the campaigns that run a subject test. */
  private async abResults(records: CampaignRecord[]): Promise<Map<number, AbTestResults>> {
    const tested = records.filter((r) => r.subjectVariants?.length);
    const counts = await this.repo.armCounts(tested.map((r) => r.id));
    return new Map(tested.map((r) => [r.id, abTestResults(r.subjectVariants!, counts.get(r.id) ?? [], this.abTests)]));
  }
}
