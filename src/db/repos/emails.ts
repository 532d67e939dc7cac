import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OutboundRepo, QueuedEmail } from '../../core/emails/sender.ts';
import { zoneEvidence } from '../../core/scheduling/recipient-zone.ts';
import { zoneOrServer, type OpenZones } from '../../core/scheduling/windows.ts';
import type { EmailKey } from '../../core/emails/cursor.ts';
import type { EmailPageRows, EmailRepo } from '../../core/emails/service.ts';
import type { EmailFilter, EmailItem } from '../../core/model/email.ts';
import type { Db } from '../client.ts';
import { recipientCheckOf } from './recipient-checks.ts';
import { emails } from '../schema/emails.ts';
import { leads } from '../schema/leads.ts';
import { mailboxNotIn } from './mailboxes.ts';
import { campaignNotPaused } from './sending-guards.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
/**
 * The list's sort key: when the email was sent, else when it is scheduled, else created (ms);
 * created_at is NOT NULL, so the key never is. An index on exactly this expression, then id
 * (EMAIL_LIST_INDEXES in tests/integration/email-list-plan.test.ts), is matched by SQLite
 * and walked from the cursor; without it each page sorts every match (correct, but slow).
 */
const LIST_AT = sql<number>`coalesce(${emails.sentAt}, ${emails.scheduledSendTime}, ${emails.createdAt})`;
/** The mailbox an email goes from, as emails_list_mailbox_idx and its kin index it (NULL: from before mailboxes, mailbox 1). */
const MAILBOX = sql<number>`coalesce(${emails.mailboxId}, 1)`;
const queuedFields = {
  id: emails.id,
  campaignId: emails.campaignId,
  leadId: emails.leadId,
  subject: emails.subject,
  body: emails.body,
  recipientEmail: emails.recipientEmail,
  step: emails.step,
  inReplyTo: emails.inReplyTo,
  references: emails.references,
};

export class SqlEmailRepo implements OutboundRepo, EmailRepo {
  constructor(private readonly db: Db) {}

  // ---- the sender ----

  async due(now: Date, limit: number, unscheduled: OpenZones | false, waitingMailboxes: number[] = []) {
    // Two index walks rather than one sort of every queued row: what is scheduled and due (by
    // time), then unscheduled emails to recipients whose window is open (oldest first, by id).
    // Emails of a campaign the bounce and complaint guard paused wait (src/core/deliverability),
    // and those of a mailbox that cannot send now (paused, at its allowance, within its spacing).
    const mailboxOpen = mailboxNotIn(waitingMailboxes);
    const scheduled = await this.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.status, 'QUEUED'), lte(emails.scheduledSendTime, now), campaignNotPaused, mailboxOpen))
      .orderBy(asc(emails.scheduledSendTime), asc(emails.id))
      .limit(limit);
    const ids = scheduled.map((r) => r.id);
    if (!unscheduled || ids.length >= limit || (!unscheduled.unknown && unscheduled.zones.length === 0)) return ids;
    const openRecipients = or(
      unscheduled.zones.length > 0 ? inArray(leads.timezone, unscheduled.zones) : undefined,
      unscheduled.unknown ? isNull(leads.timezone) : undefined,
    );
    const waiting = await this.db
      .select({ id: emails.id })
      .from(emails)
      .innerJoin(leads, eq(leads.id, emails.leadId))
      .where(and(eq(emails.status, 'QUEUED'), isNull(emails.scheduledSendTime), openRecipients, campaignNotPaused, mailboxOpen))
      .orderBy(asc(emails.id))
      .limit(limit - ids.length);
    return [...ids, ...waiting.map((r) => r.id)];
  }

  async waitingZones() {
    const rows = await this.db
      .selectDistinct({ zone: leads.timezone })
      .from(emails)
      .innerJoin(leads, eq(leads.id, emails.leadId))
      .where(and(eq(emails.status, 'QUEUED'), isNull(emails.scheduledSendTime)));
    return rows.map((r) => r.zone);
  }

  async mailboxOf(id: number) {
    const [row] = await this.db.select({ mailboxId: emails.mailboxId }).from(emails).where(eq(emails.id, id));
    return row?.mailboxId;
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
      .select({ id: emails.id, campaignId: emails.campaignId, leadId: emails.leadId, provider: emails.provider, recipientEmail: emails.recipientEmail, mailboxId: emails.mailboxId })
      .from(emails)
      .where(and(eq(emails.status, 'SENDING'), or(isNull(emails.sendingStartedAt), lt(emails.sendingStartedAt, before))));
  }

  // ---- the emails API ----

  /** One page, newest first, starting strictly after `after` (the last key of the page before). */
  async page(filter: EmailFilter, limit: number, after?: EmailKey): Promise<EmailPageRows> {
    // (key, id) < (k, i) spelled out, led by key <= k: that plain range is what lets SQLite enter
    // the index at the cursor (it does not for a row value over an expression, nor for the OR
    // alone when k arrives as two separate parameters).
    const afterKey = after && and(lte(LIST_AT, after[0]), or(lt(LIST_AT, after[0]), and(eq(LIST_AT, after[0]), lt(emails.id, after[1]))));
    const rows = await select(
      this.db,
      and(
        filter.status === undefined ? undefined : eq(emails.status, filter.status),
        filter.campaign_id === undefined ? undefined : eq(emails.campaignId, filter.campaign_id),
        filter.mailbox_id === undefined ? undefined : eq(MAILBOX, filter.mailbox_id),
        afterKey,
      ),
      { listAt: LIST_AT },
    )
      .orderBy(desc(LIST_AT), desc(emails.id))
      .limit(limit);
    return { items: rows.map(toItem), keys: rows.map((r) => [Number(r.listAt), r.email.id] as const) };
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

  async releaseEach(times: Map<number, Date>, from: readonly EmailItem['status'][]) {
    if (times.size === 0) return [];
    // One UPDATE per distinct time (few: one per recipient zone), in one transaction.
    const byTime = new Map<number, number[]>();
    for (const [id, at] of times) byTime.set(at.getTime(), [...(byTime.get(at.getTime()) ?? []), id]);
    const updates = [...byTime].map(([at, ids]) =>
      this.db
        .update(emails)
        .set({ status: 'QUEUED', scheduledSendTime: new Date(at), lastError: null })
        .where(and(inArray(emails.id, ids), inArray(emails.status, [...from])))
        .returning({ id: emails.id, campaignId: emails.campaignId }),
    );
    const results = await this.db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
    return results.flat();
  }

  async recipientZones(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: emails.id, timezone: leads.timezone, source: leads.timezoneSource })
      .from(emails)
      .innerJoin(leads, eq(leads.id, emails.leadId))
      .where(inArray(emails.id, ids));
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

const select = <X extends Record<string, SQL>>(db: Db, where: SQL | undefined, extra?: X) =>
  db
    .select({
      email: emails,
      lead: { id: leads.id, title: leads.title, company_name: leads.companyName, url: leads.url, hostname: leads.hostname },
      zone: { timezone: leads.timezone, source: leads.timezoneSource },
      ...(extra as X),
    })
    .from(emails)
    .innerJoin(leads, eq(leads.id, emails.leadId))
    .where(where);

type Row = Pick<Awaited<ReturnType<typeof select>>[number], 'email' | 'lead' | 'zone'>;

const toItem = ({ email: e, lead, zone }: Row): EmailItem => ({
  id: e.id,
  campaign_id: e.campaignId,
  lead_id: e.leadId,
  step: e.step,
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
  // Unscheduled queued emails get theirs from the service (the recipient's next window).
  send_at: e.status === 'QUEUED' ? iso(e.scheduledSendTime) : null,
  recipient_timezone: zoneOrServer(zone.timezone),
  recipient_timezone_source: zoneEvidence(zone.timezone, zone.source),
  open_count: e.openCount,
  click_count: e.clickCount,
  machine_open_count: e.machineOpenCount,
  machine_click_count: e.machineClickCount,
  report_viewed_at: iso(e.reportViewedAt),
  report_view_count: e.reportViewCount,
  machine_report_view_count: e.machineReportViewCount,
  last_error: e.lastError,
  recipient_check: recipientCheckOf(e),
  lead,
});
