// Follow-ups over time: when a step is sent, the next one's due time is recorded (stepDueAt);
// each turn of the send loop (advance) writes the follow-ups that have fallen due — a DRAFT
// in test mode, for a human to approve; QUEUED in live mode, for the sender to send inside a
// window — and cancels waiting follow-ups whose sequence has stopped. Whether it stops is
// sequenceStopReason's call, asked here and again by the sender right after its claim.
import type { EventSink } from '../events.ts';
import type { DraftSubject } from '../drafts/assess.ts';
import type { ThreadStep } from '../drafts/follow-up.ts';
import type { EmailStatus } from '../emails/status.ts';
import type { QueuedEmail, SequenceGate } from '../emails/sender.ts';
import type { SuppressionList } from '../emails/suppression.ts';
import type { FindingId } from '../model/analysis.ts';
import type { LeadStatus } from '../model/lead.ts';
import type { AiProvider } from '../model/providers.ts';
import type { CampaignSequenceState, Sequence, SequenceState, ThreadEmail as ThreadEmailItem } from '../model/sequence.ts';
import type { Clock } from '../resilience/clock.ts';
import type { SendingWindow } from '../scheduling/windows.ts';
import { stepDueAt } from './due.ts';
import { sequenceStopReason, stopsOn } from './stop.ts';
import { recheckSite, withRecrawl, type RecheckDeps } from './recheck.ts';
import { threadHeaders } from '../drafts/thread.ts';
import { once } from '../lazy.ts';

// The follow-up writer (the composer with its quality checks and language detector) loads when
// a follow-up first falls due, not with every turn of the send loop.
const writer = once(async () => ({ ...(await import('../drafts/assess.ts')), ...(await import('../drafts/follow-up.ts')) }));

export interface SequenceCampaign {
  sequence: Sequence;
  mode: 'test' | 'live';
  status: string;
}

/** One of a lead's emails in a campaign, as the thread and the stop rule need it. */
export interface ThreadEmail {
  id: number;
  step: number;
  status: EmailStatus;
  subject: string;
  body: string;
  recipientEmail: string;
  messageId: string | null;
  references: string | null;
  sentAt: Date | null;
  scheduledSendTime: Date | null;
  nextStepDueAt: Date | null;
  lastError: string | null;
  /** What its claim check found it states. */
  stated: FindingId[];
  /** A person viewed the lead's report page after this step was sent. */
  reportViewed?: boolean;
}

export interface NewFollowUp {
  campaignId: number;
  leadId: number;
  step: number;
  subject: string;
  body: string;
  recipientEmail: string;
  status: 'DRAFT' | 'QUEUED';
  qualityScore: number;
  qualityBreakdown: Record<string, unknown>;
  inReplyTo: string;
  references: string;
}

export interface SequenceRepo {
  campaign(campaignId: number): Promise<SequenceCampaign | undefined>;
  /** Sets (or clears) when the step after this sent email falls due. */
  setNextStepDue(emailId: number, at: Date | null): Promise<void>;
  /** Sent emails whose next step is due at or before `now`, in campaigns that are not paused; oldest due first. */
  dueSteps(now: Date, limit: number): Promise<{ emailId: number; campaignId: number; leadId: number }[]>;
  /** The lead's emails in the campaign, first step first. */
  thread(campaignId: number, leadId: number): Promise<ThreadEmail[]>;
  /** The lead's status, why its sequence stopped, and its time zone (null: unknown, the server's is used). */
  lead(leadId: number): Promise<{ status: LeadStatus; stopReason: string | null; campaignId: number | null; timezone: string | null } | undefined>;
  /** Adds the follow-up (unless that step exists) and clears the due time of `afterEmailId`, together. */
  addFollowUp(row: NewFollowUp, afterEmailId: number): Promise<number | undefined>;
  /** Follow-ups not sent yet (DRAFT, QUEUED, PAUSED) with an id above `afterId`, by id. */
  waiting(afterId: number, limit: number): Promise<{ id: number; campaignId: number; leadId: number }[]>;
  /** Records on the lead why its sequence stopped (unless a stop is recorded already) and says so in its history. */
  stopSequence(leadId: number, emailId: number, reason: string): Promise<void>;
  /** DRAFT, QUEUED or PAUSED → CANCELLED with the reason; false when it had moved on. */
  cancelWaiting(id: number, note: string): Promise<boolean>;
  /** The campaign's emails counted by step and status. */
  stepCounts(campaignId: number): Promise<{ step: number; status: EmailStatus; n: number }[]>;
  /** How many sent steps have a next step pending, and the earliest due time. */
  pendingNext(campaignId: number): Promise<{ count: number; firstAt: Date | null }>;
}

export interface SequenceDeps {
  repo: SequenceRepo;
  suppressions: SuppressionList;
  events: EventSink;
  windows: () => Promise<SendingWindow[]>;
  ai: () => Promise<AiProvider>;
  /** The lead as the writer and the claim checker see it. */
  lead: (leadId: number) => Promise<DraftSubject | undefined>;
  /** Who signs: the sender of the thread's mailbox (the email before this step's), in the lead's language. */
  sender: (lead: DraftSubject, threadEmailId: number) => Promise<{ name: string; signature: string }>;
  clock: Clock;
  /** Follow-ups written (and waiting ones checked) per turn, so one turn stays short. */
  perPass: number;
  /** Measures the site again before a follow-up when its audit is old (absent: follow-ups use the stored audit as it is). */
  recheck?: RecheckDeps;
}

export interface AdvanceResult {
  written: number;
  stopped: number;
  cancelled: number;
}

const threadItem = (e: ThreadEmail): ThreadEmailItem => ({
  id: e.id,
  step: e.step,
  subject: e.subject,
  body: e.body,
  status: e.status,
  sent_at: e.sentAt?.toISOString() ?? null,
  scheduled_send_time: e.scheduledSendTime?.toISOString() ?? null,
  note: e.status === 'CANCELLED' ? e.lastError : null,
});

/**
 * Sites measured again per turn at most (a Lighthouse run takes 10-60 s, and the send loop waits
 * for the turn): other follow-ups whose site is due a measurement wait for the next turns.
 */
export const RECHECKS_PER_TURN = 1;
/** Sites crawled again per turn at most (a few pages at the crawl's politeness: seconds each). */
export const RECRAWLS_PER_TURN = 5;

export class SequenceService implements SequenceGate {
  /** Where the sweep of waiting follow-ups resumes (it walks them in id order, a batch per turn). */
  private sweepAfter = 0;
  /** Sites measured again, and crawled again, in the current turn. */
  private rechecked = 0;
  private recrawled = 0;

  constructor(private readonly d: SequenceDeps) {}

  /** Why this lead's sequence in this campaign stops, or undefined while it runs. */
  async stopFor(campaignId: number, leadId: number, recipientEmail?: string): Promise<string | undefined> {
    const [campaign, lead, thread] = await Promise.all([this.d.repo.campaign(campaignId), this.d.repo.lead(leadId), this.d.repo.thread(campaignId, leadId)]);
    if (!lead) return 'the lead was deleted';
    const address = recipientEmail ?? thread[0]?.recipientEmail;
    const suppression = address ? await this.d.suppressions.blocks(address) : undefined;
    return sequenceStopReason({
      leadStatus: lead.status,
      leadStopReason: lead.stopReason,
      suppression: suppression?.reason ?? null,
      stepStatuses: thread.map((e) => e.status),
      stopOnClick: campaign?.sequence.stop_on_click ?? false,
      stopOnReportView: campaign?.sequence.stop_on_report_view ?? false,
      reportViewed: thread.some((e) => e.reportViewed),
    });
  }

  // ---- the sender's gate ----

  stopReason(email: QueuedEmail): Promise<string | undefined> {
    if (email.campaignId === null) return Promise.resolve(undefined);
    return this.stopFor(email.campaignId, email.leadId, email.recipientEmail);
  }

  async recordSent(email: QueuedEmail, sentAt: Date): Promise<void> {
    if (email.campaignId === null) return;
    const campaign = await this.d.repo.campaign(email.campaignId);
    if (!campaign || email.step >= campaign.sequence.steps) return;
    const days = campaign.sequence.follow_up_days[email.step - 1];
    const timezone = (await this.d.repo.lead(email.leadId))?.timezone ?? null;
    await this.d.repo.setNextStepDue(email.id, stepDueAt({ previousSentAt: sentAt, businessDays: days, windows: await this.d.windows(), timezone }));
  }

  // ---- one turn of the send loop ----

  /** Writes the follow-ups that have fallen due and cancels waiting ones whose sequence stopped. */
  async advance(): Promise<AdvanceResult> {
    const result: AdvanceResult = { written: 0, stopped: 0, cancelled: await this.sweep() };
    const now = new Date(this.d.clock.now());
    this.rechecked = 0;
    this.recrawled = 0;
    for (const due of await this.d.repo.dueSteps(now, this.d.perPass)) {
      const outcome = await this.writeNext(due.emailId, due.campaignId, due.leadId);
      if (outcome === 'written') result.written++;
      else if (outcome === 'stopped') result.stopped++;
    }
    return result;
  }

  private async writeNext(previousId: number, campaignId: number, leadId: number): Promise<'written' | 'stopped' | 'skipped'> {
    const [campaign, thread] = await Promise.all([this.d.repo.campaign(campaignId), this.d.repo.thread(campaignId, leadId)]);
    const previous = thread.find((e) => e.id === previousId);
    const step = (previous?.step ?? 0) + 1;
    // The campaign lost its steps meanwhile, or the step exists already: nothing is due.
    if (!campaign || !previous || !previous.messageId || step > campaign.sequence.steps || thread.some((e) => e.step === step)) {
      await this.d.repo.setNextStepDue(previousId, null);
      return 'skipped';
    }
    const stop = await this.stopFor(campaignId, leadId, previous.recipientEmail);
    if (stop) {
      await this.d.repo.setNextStepDue(previousId, null);
      await this.d.events.emit({ campaignId, leadId, activityType: 'sequence_stopped', status: 'info', message: `Follow-ups to ${previous.recipientEmail} stopped: ${stop}`, details: { email_id: previousId, step } });
      return 'stopped';
    }
    const subject = await this.d.lead(leadId);
    if (!subject) return 'skipped';
    const earlier: ThreadStep[] = thread.filter((e) => e.step < step).map((e) => ({ subject: e.subject, body: e.body, stated: e.stated }));
    // Is what the thread told the owner still true? A fixed problem ends the sequence.
    const site =
      this.d.recheck &&
      (await recheckSite(this.d.recheck, { id: leadId, url: subject.url }, earlier.flatMap((e) => e.stated), {
        campaignId,
        mayMeasure: this.rechecked < RECHECKS_PER_TURN,
        mayCrawl: this.recrawled < RECRAWLS_PER_TURN,
      }));
    if (site?.audited) this.rechecked++;
    if (site?.crawled) this.recrawled++;
    if (site?.deferred) return 'skipped'; // still due: a later turn measures it
    if (site?.fixed) {
      await this.d.repo.stopSequence(leadId, previousId, site.fixed);
      await this.d.repo.setNextStepDue(previousId, null);
      await this.d.events.emit({ campaignId, leadId, activityType: 'sequence_stopped', status: 'info', message: `Follow-ups to ${previous.recipientEmail} stopped: ${site.fixed}`, details: { email_id: previousId, step } });
      return 'stopped';
    }
    const stored = site?.crawl ? withRecrawl(subject.findings, site.crawl) : subject.findings;
    const lead = site ? { ...subject, findings: [...stored, ...site.findings] } : subject;
    const sender = await this.d.sender(lead, previousId);
    const { composeFollowUp, qualityBreakdown } = await writer();
    const draft = await composeFollowUp(await this.d.ai(), { lead, thread: earlier, step, steps: campaign.sequence.steps, sender, remeasured: site?.remeasured }, { campaignId });
    const id = await this.d.repo.addFollowUp(
      {
        campaignId,
        leadId,
        step,
        subject: draft.subject,
        body: draft.body,
        recipientEmail: previous.recipientEmail,
        status: campaign.mode === 'live' && !draft.reviewReason ? 'QUEUED' : 'DRAFT',
        qualityScore: draft.quality.score,
        qualityBreakdown: { ...qualityBreakdown(draft, draft.removed), follow_up: { step, steps: campaign.sequence.steps } },
        ...threadHeaders({ messageId: previous.messageId, references: previous.references }),
      },
      previousId,
    );
    if (id === undefined) return 'skipped';
    const label = `Follow-up ${step} of ${campaign.sequence.steps}`;
    await this.d.events.emit({
      campaignId,
      leadId,
      activityType: 'follow_up_written',
      status: draft.reviewReason ? 'warning' : 'success',
      message: draft.reviewReason ? `${label} for ${lead.companyName} written, held for review: ${draft.reviewReason}` : `${label} for ${lead.companyName} written (${campaign.mode === 'live' ? 'queued' : 'in Drafts for review'})`,
      details: { email_id: id, step, subject: draft.subject, preview: draft.body.slice(0, 200) },
    });
    return 'written';
  }

  /** Cancels a batch of waiting follow-ups whose sequence stopped, saying why. */
  private async sweep(): Promise<number> {
    const batch = await this.d.repo.waiting(this.sweepAfter, this.d.perPass * 5);
    this.sweepAfter = batch.length ? batch[batch.length - 1].id : 0;
    let cancelled = 0;
    for (const f of batch) {
      const stop = await this.stopFor(f.campaignId, f.leadId);
      if (stop && (await this.d.repo.cancelWaiting(f.id, `Follow-up not sent: the sequence stopped because ${stop}`))) {
        cancelled++;
        await this.d.events.emit({ campaignId: f.campaignId, leadId: f.leadId, activityType: 'sequence_stopped', status: 'info', message: `Follow-up cancelled: ${stop}`, details: { email_id: f.id } });
      }
    }
    return cancelled;
  }

  // ---- where a campaign and a lead stand ----

  /** The thread an email belongs to: every step written to its lead in its campaign, first first. */
  async thread(email: { campaign_id: number | null; lead_id: number; id: number }): Promise<ThreadEmailItem[]> {
    if (email.campaign_id === null) return [];
    return (await this.d.repo.thread(email.campaign_id, email.lead_id)).map(threadItem);
  }

  /** The campaign's sequence: its settings, each step's emails, and the follow-ups coming up. */
  async campaignState(campaignId: number): Promise<CampaignSequenceState | null> {
    const campaign = await this.d.repo.campaign(campaignId);
    if (!campaign) return null;
    const [counts, next] = await Promise.all([this.d.repo.stepCounts(campaignId), this.d.repo.pendingNext(campaignId)]);
    const of = (step: number, statuses: EmailStatus[]) => counts.filter((c) => c.step === step && statuses.includes(c.status)).reduce((n, c) => n + c.n, 0);
    const last = Math.max(campaign.sequence.steps, ...counts.map((c) => c.step));
    return {
      ...campaign.sequence,
      stops_on: stopsOn(campaign.sequence.stop_on_click, campaign.sequence.stop_on_report_view),
      by_step: Array.from({ length: last }, (_, i) => i + 1).map((step) => ({
        step,
        sent: of(step, ['SENT', 'OPENED', 'CLICKED', 'REPLIED']),
        waiting: of(step, ['DRAFT', 'QUEUED', 'PAUSED', 'SENDING']),
        cancelled: of(step, ['CANCELLED']),
        bounced: of(step, ['BOUNCED']),
        replied: of(step, ['REPLIED']),
      })),
      due: { count: next.count, first_at: next.firstAt?.toISOString() ?? null },
    };
  }


  /** The lead's sequence: its steps, the next one's due time, and why it stopped (null without a campaign or emails). */
  async state(leadId: number): Promise<SequenceState | null> {
    const lead = await this.d.repo.lead(leadId);
    if (!lead?.campaignId) return null;
    const campaignId = lead.campaignId;
    const [campaign, thread] = await Promise.all([this.d.repo.campaign(campaignId), this.d.repo.thread(campaignId, leadId)]);
    if (!campaign || thread.length === 0) return null;
    const stopped = (await this.stopFor(campaignId, leadId)) ?? null;
    const last = thread[thread.length - 1];
    const pending = last.nextStepDueAt && !stopped;
    return {
      campaign_id: campaignId,
      steps: campaign.sequence.steps,
      emails: thread.map(threadItem),
      next_step: pending ? last.step + 1 : null,
      next_due_at: pending ? last.nextStepDueAt!.toISOString() : null,
      stopped,
      finished: !stopped && last.step >= campaign.sequence.steps && last.sentAt !== null,
      stops_on: stopsOn(campaign.sequence.stop_on_click, campaign.sequence.stop_on_report_view),
    };
  }
}
