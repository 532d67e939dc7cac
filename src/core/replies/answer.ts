// Answering a reply from the product: the AI provider may propose a text (never sent by
// itself), and the operator's text is sent through the configured mail provider in the same
// thread (In-Reply-To their Message-ID, References the whole chain), after the sender checks
// that apply to a one-to-one answer: sending enabled, the sender's identity, the suppression
// list. A proposal's meeting-link marker must be replaced first. Recorded on the lead.
import { randomUUID } from 'node:crypto';
import { conflict, invalid } from '../errors.ts';
import type { ReplyRepo } from './repo.ts';
import { stripQuoted, messageIds } from './match.ts';
import { senderFor, type SenderSettings } from '../emails/sender.ts';
import type { SuppressionList } from '../emails/suppression.ts';
import type { EventSink } from '../events.ts';
import type { EmailLocale } from '../model/analysis.ts';
import type { AiProvider, MailProvider } from '../model/providers.ts';
import { MEETING_LINK_PLACEHOLDER } from '../model/reply-classification.ts';
import { renderSignature } from '../settings/email-config.ts';
import type { InboxItem, ReplyInbox } from './inbox.ts';

export interface AnswerLead {
  companyName: string | null;
  hostname: string;
  contactName: string | null;
  websiteLanguage: string | null;
  country: string | null;
}

export interface AnswerDeps {
  inbox: ReplyInbox;
  repo: Pick<ReplyRepo, 'addInteraction'>;
  ai: () => Promise<AiProvider>;
  /** The thread's mailbox (src/core/mailboxes): the answer goes from the mailbox the lead was written from. */
  from: (emailId: number) => Promise<{ mailer: MailProvider; sender: SenderSettings }>;
  sendingEnabled: () => Promise<boolean>;
  suppressions: SuppressionList;
  events: EventSink;
  lead: (leadId: number) => Promise<AnswerLead | undefined>;
  /** The signature of the thread's mailbox, in the lead's language. */
  signature: (lead: AnswerLead, emailId: number) => Promise<string>;
  locale: (lead: AnswerLead) => EmailLocale;
  now: () => Date;
}

/** The meeting-link marker (or any "[MEETING LINK…]") still in the text. */
const PLACEHOLDER = /\[MEETING LINK[^\]]*\]/i;
export const MAX_ANSWER_CHARS = 20_000;

/** "Re: " and their subject (once), or ours when they left it empty. */
export function answerSubject(reply: Pick<InboxItem, 'subject' | 'emailSubject'>): string {
  const base = (reply.subject?.trim() || reply.emailSubject).replace(/^(?:\s*(?:re|aw|sv|rv|wg|tr|fwd?):\s*)+/i, '').trim();
  return `Re: ${base}`;
}

/** References for our answer: our email's chain, our email, their message (oldest first, once each). */
export function answerReferences(reply: Pick<InboxItem, 'emailReferences' | 'emailMessageId' | 'messageId'>): string[] {
  const ids = [...messageIds(reply.emailReferences ?? undefined), ...messageIds(reply.emailMessageId ?? undefined), ...messageIds(reply.messageId ?? undefined)];
  return [...new Set(ids)];
}

export class ReplyAnswers {
  constructor(private readonly d: AnswerDeps) {}

  /** The signature the editor starts with (the sender's, in the lead's language). */
  async signature(reply: InboxItem): Promise<string> {
    const lead = await this.d.lead(reply.leadId);
    return lead ? this.d.signature(lead, reply.emailId) : '';
  }

  /** The AI provider's proposal: text for the editor, never sent without the operator. */
  async draft(id: number): Promise<{ body: string; model: string; needs_meeting_link: boolean }> {
    const reply = await this.d.inbox.get(id);
    const lead = await this.d.lead(reply.leadId);
    if (!lead) throw invalid(`Reply ${id} has no lead any more`);
    const ai = await this.d.ai();
    const answer = await ai.draftReply(
      {
        locale: this.d.locale(lead),
        contact_name: reply.fromName ?? lead.contactName,
        company_name: lead.companyName ?? lead.hostname,
        reply_text: stripQuoted(reply.text).slice(0, 4000),
        reply_class: reply.class,
        our_subject: reply.emailSubject,
        our_body: reply.emailBody.slice(0, 2000),
        signature: await this.d.signature(lead, reply.emailId),
      },
      { campaignId: reply.campaignId },
    );
    return { body: answer.value.body, model: answer.model, needs_meeting_link: PLACEHOLDER.test(answer.value.body) };
  }

  /** Sends the operator's text in the reply's thread. */
  async answer(id: number, body: string, by: string | null): Promise<{ message_id: string; subject: string; to: string; sent_at: string }> {
    let text = body.replace(/\r\n?/g, '\n').trim();
    if (!text) throw invalid('body is empty: write your answer');
    if (text.length > MAX_ANSWER_CHARS) throw invalid(`body must be at most ${MAX_ANSWER_CHARS} characters`);
    if (PLACEHOLDER.test(text)) throw invalid(`Replace ${MEETING_LINK_PLACEHOLDER} with your booking link before sending`);
    const reply = await this.d.inbox.get(id);
    if (!(await this.d.sendingEnabled())) throw conflict('Email sending is turned off in Settings: turn it on to answer');
    const blocked = await this.d.suppressions.blocks(reply.fromAddress);
    if (blocked) throw conflict(`Not sent: ${reply.fromAddress} is on the suppression list (${blocked.reason})`);
    const thread = await this.d.from(reply.emailId);
    const mailer = thread.mailer;
    const from = senderFor(mailer.id, thread.sender);
    if ('refused' in from) throw conflict(from.refused);
    // A signature written before the sender named themselves holds {sender_name}: signed now, as emails are.
    if (from.sender.fromName) text = renderSignature(text, from.sender.fromName);
    const domain = from.sender.fromEmail.split('@')[1] ?? 'outreach.invalid';
    const messageId = `<answer.${reply.id}.${randomUUID()}@${domain}>`;
    const references = answerReferences(reply);
    const subject = answerSubject(reply);
    await mailer.send(
      {
        messageId,
        from: { email: from.sender.fromEmail, ...(from.sender.fromName && { name: from.sender.fromName }) },
        to: { email: reply.fromAddress, ...(reply.fromName && { name: reply.fromName }) },
        subject,
        text,
        headers: {
          ...(reply.messageId && { 'In-Reply-To': reply.messageId }),
          ...(references.length > 0 && { References: references.join(' ') }),
        },
      },
      { campaignId: reply.campaignId },
    );
    const sentAt = this.d.now();
    await this.d.repo.addInteraction({
      leadId: reply.leadId,
      emailId: reply.emailId,
      type: 'reply_answered',
      description: `Answered ${reply.fromAddress}'s reply: ${text.replace(/\s+/g, ' ').slice(0, 200)}`,
      metadata: { reply_id: reply.id, message_id: messageId, to: reply.fromAddress, subject, body: text, sent_at: sentAt.toISOString(), by, provider: mailer.id },
    });
    await this.d.events.emit({ campaignId: reply.campaignId, leadId: reply.leadId, activityType: 'reply_answered', status: 'success', message: `Answered ${reply.fromAddress} ("${subject}")`, details: { reply_id: reply.id, email_id: reply.emailId } });
    return { message_id: messageId, subject, to: reply.fromAddress, sent_at: sentAt.toISOString() };
  }
}
