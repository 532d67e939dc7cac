import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, min, ne } from 'drizzle-orm';
import type { FindingId } from '../../core/model/analysis.ts';
import type { NewFollowUp, SequenceRepo, ThreadEmail } from '../../core/sequences/service.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { emails } from '../schema/emails.ts';
import { interactions, leads } from '../schema/leads.ts';

const WAITING = ['DRAFT', 'QUEUED', 'PAUSED'] as const;

/** The findings a step's stored claim check says it states. */
function stated(breakdown: Record<string, unknown> | null): FindingId[] {
  const claims = breakdown?.claims as { stated?: unknown } | undefined;
  return Array.isArray(claims?.stated) ? (claims.stated.filter((x) => typeof x === 'string') as FindingId[]) : [];
}

export class SqlSequenceRepo implements SequenceRepo {
  constructor(private readonly db: Db) {}

  async campaign(campaignId: number) {
    const [row] = await this.db
      .select({ steps: campaigns.sequenceSteps, days: campaigns.followUpDays, stopOnClick: campaigns.stopOnClick, stopOnReportView: campaigns.stopOnReportView, mode: campaigns.mode, status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    return row && { sequence: { steps: row.steps, follow_up_days: row.days, stop_on_click: row.stopOnClick, stop_on_report_view: row.stopOnReportView }, mode: row.mode, status: row.status };
  }

  async setNextStepDue(emailId: number, at: Date | null) {
    await this.db.update(emails).set({ nextStepDueAt: at }).where(eq(emails.id, emailId));
  }

  async dueSteps(now: Date, limit: number) {
    // Walks emails_next_step_due_idx from the oldest due time.
    const rows = await this.db
      .select({ emailId: emails.id, campaignId: campaigns.id, leadId: emails.leadId })
      .from(emails)
      .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
      .where(and(isNotNull(emails.nextStepDueAt), lte(emails.nextStepDueAt, now), ne(campaigns.status, 'PAUSED')))
      .orderBy(asc(emails.nextStepDueAt), asc(emails.id))
      .limit(limit);
    return rows;
  }

  async thread(campaignId: number, leadId: number): Promise<ThreadEmail[]> {
    const rows = await this.db
      .select()
      .from(emails)
      .where(and(eq(emails.campaignId, campaignId), eq(emails.leadId, leadId)))
      .orderBy(asc(emails.step));
    return rows.map((e) => ({
      id: e.id,
      step: e.step,
      status: e.status,
      subject: e.subject,
      body: e.body,
      recipientEmail: e.recipientEmail,
      messageId: e.messageId,
      references: e.references,
      sentAt: e.sentAt,
      scheduledSendTime: e.scheduledSendTime,
      nextStepDueAt: e.nextStepDueAt,
      lastError: e.lastError,
      stated: stated(e.qualityBreakdown ?? null),
      reportViewed: e.reportViewedAt !== null,
    }));
  }

  async lead(leadId: number) {
    const [row] = await this.db.select({ status: leads.status, stopReason: leads.sequenceStopReason, campaignId: leads.campaignId, timezone: leads.timezone }).from(leads).where(eq(leads.id, leadId));
    return row;
  }

  async addFollowUp(row: NewFollowUp, afterEmailId: number) {
    // The same recipient keeps the step before's address check (and an accepted risk): it was
    // sent to, so the follow-up is not held for a question the operator already answered.
    const [before] = await this.db
      .select({ to: emails.recipientEmail, verdict: emails.recipientVerdict, reason: emails.recipientReason, checkedAt: emails.recipientCheckedAt, riskAcceptedAt: emails.riskAcceptedAt, mailboxId: emails.mailboxId })
      .from(emails)
      .where(eq(emails.id, afterEmailId));
    const check =
      before && before.to.toLowerCase() === row.recipientEmail.toLowerCase()
        ? { recipientVerdict: before.verdict, recipientReason: before.reason, recipientCheckedAt: before.checkedAt, riskAcceptedAt: before.riskAcceptedAt }
        : {};
    // One batch (one transaction): the follow-up exists exactly when its due time is cleared.
    // It goes from the thread's mailbox (src/core/mailboxes): a thread never changes mailbox.
    const [added] = await this.db.batch([
      this.db
        .insert(emails)
        .values({ ...row, ...check, mailboxId: before?.mailboxId ?? null, generatedAt: new Date() })
        .onConflictDoNothing({ target: [emails.campaignId, emails.leadId, emails.step] })
        .returning({ id: emails.id }),
      this.db.update(emails).set({ nextStepDueAt: null }).where(eq(emails.id, afterEmailId)),
    ]);
    return added[0]?.id;
  }

  async waiting(afterId: number, limit: number) {
    const rows = await this.db
      .select({ id: emails.id, campaignId: emails.campaignId, leadId: emails.leadId })
      .from(emails)
      .where(and(gt(emails.id, afterId), gt(emails.step, 1), inArray(emails.status, [...WAITING])))
      .orderBy(asc(emails.id))
      .limit(limit);
    return rows.filter((r): r is { id: number; campaignId: number; leadId: number } => r.campaignId !== null);
  }

  async stopSequence(leadId: number, emailId: number, reason: string) {
    // One batch (one transaction): the stop and the line in the lead's history together.
    await this.db.batch([
      this.db.update(leads).set({ sequenceStopReason: reason }).where(and(eq(leads.id, leadId), isNull(leads.sequenceStopReason))),
      this.db.insert(interactions).values({ leadId, emailId, interactionType: 'sequence_stopped', description: `Follow-ups stopped: ${reason}`, metadata: { reason } }),
    ]);
  }

  async cancelWaiting(id: number, note: string) {
    const r = await this.db.update(emails).set({ status: 'CANCELLED', lastError: note }).where(and(eq(emails.id, id), inArray(emails.status, [...WAITING])));
    return r.rowsAffected > 0;
  }

  async stepCounts(campaignId: number) {
    return this.db
      .select({ step: emails.step, status: emails.status, n: count() })
      .from(emails)
      .where(eq(emails.campaignId, campaignId))
      .groupBy(emails.step, emails.status);
  }

  async pendingNext(campaignId: number) {
    const [row] = await this.db
      .select({ count: count(), firstAt: min(emails.nextStepDueAt) })
      .from(emails)
      .where(and(eq(emails.campaignId, campaignId), isNotNull(emails.nextStepDueAt)));
    return { count: row?.count ?? 0, firstAt: row?.firstAt ?? null };
  }
}
