import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OutboundRepo, QueuedEmail } from '../../core/emails/sender.ts';
import type { EmailRepo } from '../../core/emails/service.ts';
import type { EmailItem, EmailQuery } from '../../core/model/email.ts';
import type { Db } from '../client.ts';
import { emails } from '../schema/emails.ts';
import { leads } from '../schema/leads.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const queuedFields = {
  id: emails.id,
  campaignId: emails.campaignId,
  leadId: emails.leadId,
  subject: emails.subject,
  body: emails.body,
  recipientEmail: emails.recipientEmail,
};

export class SqlEmailRepo implements OutboundRepo, EmailRepo {
  constructor(private readonly db: Db) {}

  // ---- the sender ----

  async due(now: Date, limit: number, unscheduled: boolean) {
    const when = unscheduled ? or(isNull(emails.scheduledSendTime), lte(emails.scheduledSendTime, now)) : lte(emails.scheduledSendTime, now);
    const rows = await this.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.status, 'QUEUED'), when))
      .orderBy(sql`coalesce(${emails.scheduledSendTime}, ${emails.createdAt})`, asc(emails.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async claim(id: number, provider: string, messageId: (id: number) => string, now: Date): Promise<QueuedEmail | undefined> {
    // Compare and set: only one sender can move the row out of QUEUED.
    const [row] = await this.db
      .update(emails)
      .set({ status: 'SENDING', sendingStartedAt: now, provider, messageId: messageId(id) })
      .where(and(eq(emails.id, id), eq(emails.status, 'QUEUED')))
      .returning(queuedFields);
    return row;
  }

  async markSent(id: number, providerMessageId: string, sentAt: Date) {
    await this.db
      .update(emails)
      .set({ status: 'SENT', providerMessageId, sentAt, sendingStartedAt: null, lastError: null })
      .where(and(eq(emails.id, id), inArray(emails.status, ['SENDING', 'FAILED', 'QUEUED'])));
  }

  async settle(id: number, status: 'QUEUED' | 'FAILED' | 'BOUNCED' | 'CANCELLED', note: string | null) {
    await this.db
      .update(emails)
      .set({ status, lastError: note, sendingStartedAt: null })
      .where(and(eq(emails.id, id), eq(emails.status, 'SENDING')));
  }

  async cancelQueued(id: number, note: string) {
    const r = await this.db.update(emails).set({ status: 'CANCELLED', lastError: note }).where(and(eq(emails.id, id), eq(emails.status, 'QUEUED')));
    return r.rowsAffected > 0;
  }

  async stuckSending(before: Date) {
    return this.db
      .select({ id: emails.id, campaignId: emails.campaignId, leadId: emails.leadId, provider: emails.provider, recipientEmail: emails.recipientEmail })
      .from(emails)
      .where(and(eq(emails.status, 'SENDING'), or(isNull(emails.sendingStartedAt), lt(emails.sendingStartedAt, before))));
  }

  // ---- the emails API ----

  async list(q: EmailQuery): Promise<EmailItem[]> {
    const rows = await select(this.db, and(
      q.status === undefined ? undefined : eq(emails.status, q.status),
      q.campaign_id === undefined ? undefined : eq(emails.campaignId, q.campaign_id),
    )).orderBy(desc(sql`coalesce(${emails.sentAt}, ${emails.scheduledSendTime}, ${emails.createdAt})`), desc(emails.id));
    return rows.map(toItem);
  }

  async get(id: number) {
    const [row] = await select(this.db, eq(emails.id, id));
    return row && toItem(row);
  }

  async release(ids: number[], from: readonly EmailItem['status'][], at: Date | null) {
    return this.db
      .update(emails)
      .set({ status: 'QUEUED', scheduledSendTime: at, lastError: null })
      .where(and(inArray(emails.id, ids), inArray(emails.status, [...from])))
      .returning({ id: emails.id, campaignId: emails.campaignId });
  }

  async pause(ids: number[]) {
    return (await this.db.update(emails).set({ status: 'PAUSED' }).where(and(inArray(emails.id, ids), eq(emails.status, 'QUEUED')))).rowsAffected;
  }

  async delete(ids: number[], deletable: readonly EmailItem['status'][]) {
    return (await this.db.delete(emails).where(and(inArray(emails.id, ids), inArray(emails.status, [...deletable])))).rowsAffected;
  }

  async liveWaiting() {
    const [row] = await this.db.select({ n: sql<number>`count(*)` }).from(emails).where(and(eq(emails.status, 'QUEUED'), isNull(emails.scheduledSendTime)));
    return Number(row?.n ?? 0);
  }

  async sentSince(since: Date) {
    const [row] = await this.db.select({ n: sql<number>`count(*)` }).from(emails).where(gte(emails.sentAt, since));
    return Number(row?.n ?? 0);
  }
}

const select = (db: Db, where: SQL | undefined) =>
  db
    .select({ email: emails, lead: { id: leads.id, title: leads.title, company_name: leads.companyName, url: leads.url, hostname: leads.hostname } })
    .from(emails)
    .innerJoin(leads, eq(leads.id, emails.leadId))
    .where(where);

type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = ({ email: e, lead }: Row): EmailItem => ({
  id: e.id,
  campaign_id: e.campaignId,
  lead_id: e.leadId,
  subject: e.subject,
  body: e.body,
  recipient_email: e.recipientEmail,
  status: e.status,
  quality_score: e.qualityScore,
  generated_at: iso(e.generatedAt ?? e.createdAt),
  sent_at: iso(e.sentAt),
  opened_at: iso(e.openedAt),
  clicked_at: iso(e.clickedAt),
  replied_at: iso(e.repliedAt),
  scheduled_send_time: iso(e.scheduledSendTime),
  open_count: e.openCount,
  click_count: e.clickCount,
  machine_open_count: e.machineOpenCount,
  machine_click_count: e.machineClickCount,
  last_error: e.lastError,
  lead,
});
