import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RepliedEmail, ReplyRepo } from '../../core/replies/index.ts';
import type { EmailStatus } from '../../core/emails/status.ts';
import type { Db } from '../client.ts';
import { emails } from '../schema/emails.ts';
import { interactions, leads } from '../schema/leads.ts';

const fields = {
  id: emails.id,
  leadId: emails.leadId,
  campaignId: emails.campaignId,
  recipientEmail: emails.recipientEmail,
  subject: emails.subject,
  status: emails.status,
};

export class SqlReplyRepo implements ReplyRepo {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<RepliedEmail | undefined> {
    const [row] = await this.db.select(fields).from(emails).where(eq(emails.id, id));
    return row;
  }

  async lastSentTo(address: string): Promise<RepliedEmail | undefined> {
    const [row] = await this.db
      .select(fields)
      .from(emails)
      .where(and(sql`lower(${emails.recipientEmail}) = ${address.toLowerCase()}`, isNotNull(emails.sentAt)))
      .orderBy(desc(emails.sentAt), desc(emails.id))
      .limit(1);
    return row;
  }

  async seen(messageKey: string): Promise<boolean> {
    // Only reply-related interactions carry message_id; the type filter keeps the scan small.
    const [row] = await this.db
      .select({ id: interactions.id })
      .from(interactions)
      .where(and(sql`${interactions.interactionType} in ('email_replied', 'auto_reply', 'unsubscribed', 'spam_complaint')`, sql`json_extract(${interactions.metadata}, '$.message_id') = ${messageKey}`))
      .limit(1);
    return Boolean(row);
  }

  async markReplied(id: number, from: EmailStatus, to: EmailStatus, at: Date): Promise<boolean> {
    const result = await this.db
      .update(emails)
      .set({ status: to, repliedAt: sql`coalesce(${emails.repliedAt}, ${at.getTime()})` })
      .where(and(eq(emails.id, id), eq(emails.status, from)));
    return result.rowsAffected > 0;
  }

  async moveStatus(id: number, from: EmailStatus, to: EmailStatus): Promise<boolean> {
    const result = await this.db.update(emails).set({ status: to }).where(and(eq(emails.id, id), eq(emails.status, from)));
    return result.rowsAffected > 0;
  }

  async stopSequence(leadId: number, reason: string) {
    await this.db.update(leads).set({ sequenceStopReason: reason }).where(and(eq(leads.id, leadId), isNull(leads.sequenceStopReason)));
  }

  async addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata: Record<string, unknown> }) {
    await this.db.insert(interactions).values({ leadId: i.leadId, emailId: i.emailId, interactionType: i.type, description: i.description, metadata: i.metadata });
  }
}
