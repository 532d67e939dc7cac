import { and, count, eq, gte, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { PRIMARY_MAILBOX, type MailboxFields, type MailboxRecord, type MailboxRepo } from '../../core/mailboxes/records.ts';
import type { Db } from '../client.ts';
import { emails } from '../schema/emails.ts';
import { campaignMailboxes, mailboxes, type MailboxRow } from '../schema/mailboxes.ts';

const toRecord = (r: MailboxRow): MailboxRecord => ({
  id: r.id,
  label: r.label,
  provider: r.provider,
  credential: r.credential,
  fromEmail: r.fromEmail,
  fromName: r.fromName,
  signature: r.signature,
  dailyCap: r.dailyCap,
  minSpacingSeconds: r.minSpacingSeconds,
  ramp: r.ramp,
  rampStartedAt: r.rampStartedAt,
  pausedAt: r.pausedAt,
  pausedReason: r.pausedReason,
  testedAt: r.testedAt,
  testOk: r.testOk,
  testResult: r.testResult,
  lastError: r.lastError,
  lastErrorAt: r.lastErrorAt,
  removedAt: r.removedAt,
  createdAt: r.createdAt,
});

/** The mailbox's emails; mailbox 1's include those from before mailboxes (no mailbox recorded). */
const ofMailbox = (id: number) => (id === PRIMARY_MAILBOX ? or(eq(emails.mailboxId, id), isNull(emails.mailboxId)) : eq(emails.mailboxId, id));

export class SqlMailboxRepo implements MailboxRepo {
  constructor(private readonly db: Db) {}

  async list() {
    return (await this.db.select().from(mailboxes).orderBy(mailboxes.id)).map(toRecord);
  }

  async get(id: number) {
    const [row] = await this.db.select().from(mailboxes).where(eq(mailboxes.id, id));
    return row && toRecord(row);
  }

  async insert(fields: MailboxFields) {
    const [row] = await this.db.insert(mailboxes).values(fields).returning({ id: mailboxes.id });
    return row!.id;
  }

  async update(id: number, fields: Partial<MailboxFields>) {
    await this.db.update(mailboxes).set(fields).where(eq(mailboxes.id, id));
  }

  async usage(id: number, since: Date) {
    // Both walk emails_mailbox_sent_idx (mailbox_id, sent_at): the pending count walks the
    // mailbox's unsent rows (sent_at NULL) of that index, then reads their status.
    const [sent] = await this.db
      .select({ sent: count(), last: max(emails.sentAt) })
      .from(emails)
      .where(and(ofMailbox(id), gte(emails.sentAt, since)));
    const [pending] = await this.db
      .select({ n: count() })
      .from(emails)
      .where(
        and(
          ofMailbox(id),
          isNull(emails.sentAt),
          or(inArray(emails.status, ['QUEUED', 'SENDING']), and(eq(emails.status, 'DRAFT'), gte(emails.createdAt, since))),
        ),
      );
    // The last send within the 24 hours is all spacing and the tie-break need (none: idle longest).
    const last = sent?.last ?? null;
    return { sent: sent?.sent ?? 0, lastSentAt: last === null ? null : new Date(last), pending: pending?.n ?? 0 };
  }

  async unsent(id: number) {
    const [row] = await this.db
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.mailboxId, id), inArray(emails.status, ['DRAFT', 'QUEUED', 'SENDING'])));
    return row?.n ?? 0;
  }

  async campaignMailboxes(campaignId: number) {
    const rows = await this.db.select({ id: campaignMailboxes.mailboxId }).from(campaignMailboxes).where(eq(campaignMailboxes.campaignId, campaignId)).orderBy(campaignMailboxes.mailboxId);
    return rows.map((r) => r.id);
  }

  async setCampaignMailboxes(campaignId: number, ids: number[]) {
    await this.db.batch([
      this.db.delete(campaignMailboxes).where(eq(campaignMailboxes.campaignId, campaignId)),
      ...ids.map((mailboxId) => this.db.insert(campaignMailboxes).values({ campaignId, mailboxId })),
    ] as unknown as Parameters<Db['batch']>[0]);
  }
}

/** Mailbox ids as SQL, for "not from a waiting mailbox" filters on the emails' queue. */
export const mailboxNotIn = (ids: number[]) =>
  ids.length === 0 ? undefined : sql`coalesce(${emails.mailboxId}, ${PRIMARY_MAILBOX}) NOT IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
