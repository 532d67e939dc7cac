// The Replies inbox: every reply matched to one of our emails is stored once (text, the raw
// message capped, who, when), classified by the AI provider (a refused answer leaves it
// unclassified with the reason, never a guessed class), listed newest first, read in its
// thread, corrected by an operator (kept: the AI never overwrites it) and answered.
import { invalid, notFound } from '../errors.ts';
import type { RepliedEmail } from './repo.ts';
import { stripQuoted, type IncomingMessage } from './match.ts';
import type { AiProvider } from '../model/providers.ts';
import type { ClassSource, ReplyClass, Sentiment } from '../model/reply-classes.ts';

export interface StoredReply {
  id: number;
  emailId: number;
  leadId: number;
  campaignId: number | null;
  messageKey: string;
  messageId: string | null;
  fromAddress: string;
  fromName: string | null;
  subject: string | null;
  text: string;
  receivedAt: Date;
  readAt: Date | null;
  class: ReplyClass | null;
  sentiment: Sentiment | null;
  classSource: ClassSource | null;
  classifiedAt: Date | null;
  classifyError: string | null;
}

export interface NewReply {
  emailId: number;
  leadId: number;
  campaignId: number | null;
  messageKey: string;
  messageId: string | null;
  fromAddress: string;
  fromName: string | null;
  subject: string;
  text: string;
  raw: string | null;
  receivedAt: Date;
}

/** One row of the inbox list: the reply and what it belongs to. */
export interface InboxItem extends StoredReply {
  business: string | null;
  campaignName: string | null;
  /** Our email it answers: its subject and threading headers (our answer continues the chain). */
  emailSubject: string;
  emailBody: string;
  emailMessageId: string | null;
  emailReferences: string | null;
}

export interface InboxPage {
  items: InboxItem[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface ThreadEmail {
  id: number;
  step: number;
  subject: string;
  body: string;
  sentAt: Date | null;
  status: string;
}

export interface ThreadAnswer {
  replyId: number | null;
  subject: string;
  body: string;
  sentAt: Date;
  by: string | null;
}

export interface InboxFilter {
  /** Keyset cursor: received_at and id of the last row seen. */
  after?: { receivedAt: number; id: number };
  limit: number;
  unread?: boolean;
  class?: ReplyClass;
}

export interface ReplyInboxRepo {
  /** Stores the reply once per message_key; returns the stored row (the existing one on a repeat). */
  insert(r: NewReply): Promise<StoredReply>;
  find(id: number): Promise<InboxItem | undefined>;
  /** The AI's class, unless an operator already set one. True when it was stored. */
  setAiClass(id: number, c: { class: ReplyClass; sentiment: Sentiment }, at: Date): Promise<boolean>;
  /** Why the AI left it unclassified (only while no class is set). */
  setClassifyError(id: number, reason: string): Promise<void>;
  setOperatorClass(id: number, c: { class: ReplyClass; sentiment: Sentiment }, at: Date): Promise<void>;
  list(filter: InboxFilter): Promise<InboxItem[]>;
  unreadCount(): Promise<number>;
  markRead(id: number, at: Date): Promise<void>;
  /** Our emails to this lead in this campaign, oldest first. */
  threadEmails(leadId: number, campaignId: number | null): Promise<ThreadEmail[]>;
  /** The replies of this lead in this campaign, oldest first. */
  threadReplies(leadId: number, campaignId: number | null): Promise<StoredReply[]>;
  /** Our answers sent from the inbox to this lead, oldest first. */
  threadAnswers(leadId: number): Promise<ThreadAnswer[]>;
}

/** Cuts the raw message at `maxBytes` (UTF-8), with a note saying so. */
export function capRaw(raw: string | undefined, maxBytes: number): string | null {
  if (raw === undefined) return null;
  const bytes = Buffer.from(raw, 'utf8');
  if (bytes.length <= maxBytes) return raw;
  const cut = bytes.subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  return `${cut}\n\n[outreach: raw message cut at ${maxBytes} bytes of ${bytes.length}]`;
}

export const encodeCursor = (r: { receivedAt: Date; id: number }) => `${r.receivedAt.getTime()}_${r.id}`;
export function decodeCursor(cursor: string): { receivedAt: number; id: number } {
  const m = /^(\d{1,15})_(\d{1,12})$/.exec(cursor);
  if (!m) throw invalid(`cursor "${cursor.slice(0, 40)}" is not one this list returned`);
  return { receivedAt: Number(m[1]), id: Number(m[2]) };
}

export interface InboxDeps {
  repo: ReplyInboxRepo;
  /** What an operator's new class does (effects.ts). */
  effects: { afterCorrection(reply: { id: number; emailId: number; fromAddress: string }, cls: ReplyClass, at: Date): Promise<void> };
  ai: () => Promise<AiProvider>;
  rawMaxBytes: number;
  now: () => Date;
}

export class ReplyInbox {
  constructor(private readonly d: InboxDeps) {}

  /** Stores a matched reply (once per message). */
  store(email: RepliedEmail, msg: IncomingMessage, key: string, at: Date): Promise<StoredReply> {
    return this.d.repo.insert({
      emailId: email.id,
      leadId: email.leadId,
      campaignId: email.campaignId,
      messageKey: key,
      messageId: msg.messageId?.trim() || null,
      fromAddress: msg.from?.trim().toLowerCase() || email.recipientEmail,
      fromName: msg.fromName?.trim() || null,
      subject: msg.subject,
      text: msg.text,
      raw: capRaw(msg.raw, this.d.rawMaxBytes),
      receivedAt: at,
    });
  }

  /**
   * Asks the AI provider for the class, unless an operator set one. A refused or failed
   * answer leaves the reply unclassified with the reason; the class is never guessed.
   */
  async classify(reply: StoredReply, ourSubject: string): Promise<{ class: ReplyClass; sentiment: Sentiment } | { error: string } | { kept: ReplyClass }> {
    if (reply.classSource === 'operator' && reply.class) return { kept: reply.class };
    try {
      const ai = await this.d.ai();
      const { value } = await ai.classifyReply({ subject: reply.subject ?? '', text: stripQuoted(reply.text).slice(0, 8000), ourSubject }, { campaignId: reply.campaignId });
      const stored = await this.d.repo.setAiClass(reply.id, value, this.d.now());
      if (!stored) {
        const now = await this.d.repo.find(reply.id);
        if (now?.class) return { kept: now.class };
      }
      return { class: value.class, sentiment: value.sentiment };
    } catch (error) {
      const reason = `Not classified: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      await this.d.repo.setClassifyError(reply.id, reason);
      return { error: reason };
    }
  }

  /** Mail a rule already placed (machine headers, a bare "unsubscribe"): classed without asking the AI. */
  async setRuleClass(reply: StoredReply, cls: ReplyClass): Promise<void> {
    await this.d.repo.setAiClass(reply.id, { class: cls, sentiment: cls === 'unsubscribe' ? 'negative' : 'neutral' }, this.d.now());
  }

  /** Classifies a stored reply again (after a refused answer, say); an operator's class is kept. */
  async reclassify(id: number): Promise<InboxItem> {
    const reply = await this.get(id);
    await this.classify(reply, reply.emailSubject);
    return this.get(id);
  }

  async list(opts: { cursor?: string; limit: number; unread?: boolean; class?: ReplyClass }): Promise<InboxPage> {
    const after = opts.cursor ? decodeCursor(opts.cursor) : undefined;
    const rows = await this.d.repo.list({ after, limit: opts.limit + 1, unread: opts.unread, class: opts.class });
    const items = rows.slice(0, opts.limit);
    return { items, nextCursor: rows.length > opts.limit ? encodeCursor(items[items.length - 1]) : null };
  }

  unreadCount(): Promise<number> {
    return this.d.repo.unreadCount();
  }

  async get(id: number): Promise<InboxItem> {
    const reply = await this.d.repo.find(id);
    if (!reply) throw notFound(`Reply ${id} not found`);
    return reply;
  }

  /** Opens a reply: marks it read and returns it with its thread. */
  async open(id: number) {
    const reply = await this.get(id);
    if (!reply.readAt) {
      reply.readAt = this.d.now();
      await this.d.repo.markRead(id, reply.readAt);
    }
    const [emails, replies, answers] = await Promise.all([
      this.d.repo.threadEmails(reply.leadId, reply.campaignId),
      this.d.repo.threadReplies(reply.leadId, reply.campaignId),
      this.d.repo.threadAnswers(reply.leadId),
    ]);
    return { reply, thread: { emails, replies, answers } };
  }

  /** An operator's class (and/or sentiment): kept, the AI never overwrites it. */
  async correct(id: number, change: { class?: ReplyClass; sentiment?: Sentiment }): Promise<InboxItem> {
    const reply = await this.get(id);
    const cls = change.class ?? reply.class;
    if (!cls) throw invalid('class is required: this reply has no class yet');
    const sentiment = change.sentiment ?? reply.sentiment ?? 'neutral';
    const at = this.d.now();
    await this.d.repo.setOperatorClass(id, { class: cls, sentiment }, at);
    if (change.class && change.class !== reply.class) await this.d.effects.afterCorrection(reply, change.class, at);
    return this.get(id);
  }
}
