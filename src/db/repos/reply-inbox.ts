import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { InboxFilter, InboxItem, NewReply, ReplyInboxRepo, StoredReply, ThreadAnswer, ThreadEmail } from '../../core/replies/index.ts';
import type { DealStage, ReplyClass, Sentiment } from '../../core/model/reply-classes.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { emails } from '../schema/emails.ts';
import { interactions, leads } from '../schema/leads.ts';
import { replies } from '../schema/replies.ts';

const replyFields = {
  id: replies.id,
  emailId: replies.emailId,
  leadId: replies.leadId,
  campaignId: replies.campaignId,
  messageKey: replies.messageKey,
  messageId: replies.messageId,
  fromAddress: replies.fromAddress,
  fromName: replies.fromName,
  subject: replies.subject,
  text: replies.text,
  receivedAt: replies.receivedAt,
  readAt: replies.readAt,
  class: replies.class,
  sentiment: replies.sentiment,
  classSource: replies.classSource,
  classifiedAt: replies.classifiedAt,
  classifyError: replies.classifyError,
};

const itemFields = {
  ...replyFields,
  business: sql<string | null>`coalesce(${leads.companyName}, ${leads.hostname})`,
  campaignName: campaigns.name,
  emailSubject: emails.subject,
  emailBody: emails.body,
  emailMessageId: emails.messageId,
  emailReferences: emails.references,
};

export class SqlReplyInboxRepo implements ReplyInboxRepo {
  constructor(private readonly db: Db) {}

  async insert(r: NewReply): Promise<StoredReply> {
    await this.db.insert(replies).values(r).onConflictDoNothing({ target: replies.messageKey });
    const [row] = await this.db.select(replyFields).from(replies).where(eq(replies.messageKey, r.messageKey));
    return row;
  }

  private items() {
    return this.db
      .select(itemFields)
      .from(replies)
      .innerJoin(leads, eq(leads.id, replies.leadId))
      .innerJoin(emails, eq(emails.id, replies.emailId))
      .leftJoin(campaigns, eq(campaigns.id, replies.campaignId));
  }

  async find(id: number): Promise<InboxItem | undefined> {
    const [row] = await this.items().where(eq(replies.id, id));
    return row;
  }

  async setAiClass(id: number, c: { class: ReplyClass; sentiment: Sentiment }, at: Date): Promise<boolean> {
    // An operator's correction is final: the AI writes only where no operator did.
    const result = await this.db
      .update(replies)
      .set({ class: c.class, sentiment: c.sentiment, classSource: 'ai', classifiedAt: at, classifyError: null })
      .where(and(eq(replies.id, id), or(isNull(replies.classSource), eq(replies.classSource, 'ai'))));
    return result.rowsAffected > 0;
  }

  async setClassifyError(id: number, reason: string): Promise<void> {
    await this.db.update(replies).set({ classifyError: reason }).where(and(eq(replies.id, id), isNull(replies.class)));
  }

  async setOperatorClass(id: number, c: { class: ReplyClass; sentiment: Sentiment }, at: Date): Promise<void> {
    await this.db.update(replies).set({ class: c.class, sentiment: c.sentiment, classSource: 'operator', classifiedAt: at, classifyError: null }).where(eq(replies.id, id));
  }

  async list(f: InboxFilter): Promise<InboxItem[]> {
    const where: SQL[] = [];
    if (f.after) {
      const at = new Date(f.after.receivedAt);
      where.push(or(lt(replies.receivedAt, at), and(eq(replies.receivedAt, at), lt(replies.id, f.after.id)))!);
    }
    if (f.unread) where.push(isNull(replies.readAt));
    if (f.class) where.push(eq(replies.class, f.class));
    return this.items()
      .where(and(...where))
      .orderBy(desc(replies.receivedAt), desc(replies.id))
      .limit(f.limit);
  }

  async unreadCount(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)` }).from(replies).where(isNull(replies.readAt));
    return Number(row?.n ?? 0);
  }

  async markRead(id: number, at: Date): Promise<void> {
    await this.db.update(replies).set({ readAt: at }).where(and(eq(replies.id, id), isNull(replies.readAt)));
  }

  async threadEmails(leadId: number, campaignId: number | null): Promise<ThreadEmail[]> {
    return this.db
      .select({ id: emails.id, step: emails.step, subject: emails.subject, body: emails.body, sentAt: emails.sentAt, status: emails.status })
      .from(emails)
      .where(and(eq(emails.leadId, leadId), campaignId === null ? isNull(emails.campaignId) : eq(emails.campaignId, campaignId), sql`${emails.sentAt} is not null`))
      .orderBy(asc(emails.sentAt), asc(emails.id));
  }

  async threadReplies(leadId: number, campaignId: number | null): Promise<StoredReply[]> {
    return this.db
      .select(replyFields)
      .from(replies)
      .where(and(eq(replies.leadId, leadId), campaignId === null ? isNull(replies.campaignId) : eq(replies.campaignId, campaignId)))
      .orderBy(asc(replies.receivedAt), asc(replies.id));
  }

  async threadAnswers(leadId: number): Promise<ThreadAnswer[]> {
    const rows = await this.db
      .select({ metadata: interactions.metadata, createdAt: interactions.createdAt })
      .from(interactions)
      .where(and(eq(interactions.leadId, leadId), eq(interactions.interactionType, 'reply_answered')))
      .orderBy(asc(interactions.createdAt), asc(interactions.id));
    return rows.map((r) => {
      const m = r.metadata ?? {};
      return {
        replyId: typeof m.reply_id === 'number' ? m.reply_id : null,
        subject: String(m.subject ?? ''),
        body: String(m.body ?? ''),
        sentAt: typeof m.sent_at === 'string' ? new Date(m.sent_at) : r.createdAt,
        by: typeof m.by === 'string' ? m.by : null,
      };
    });
  }
}
