// THE place where a reply's class acts on the product. A person's reply (any class but the
// ones below, or an unclassified one) marks the email and the lead REPLIED; "unsubscribe"
// suppresses the sender; "out_of_office" is not a reply and stops follow-ups only when it says
// the person left; "bounce" is handled as a bounce; "interested" and "meeting_request" also
// move the lead's deal forward and raise a notification on the live channel.
import type { RepliedEmail, ReplyRepo } from './repo.ts';
import type { EventSink } from '../events.ts';
import { advanceLead, type LeadStatusRepo } from '../leads/lifecycle.ts';
import type { DealStage, ReplyClass } from '../model/reply-classes.ts';
import { PERSON_LEFT } from '../sequences/stop.ts';
import { emailStatusAfter } from '../emails/status.ts';
import { normaliseEntry, type SuppressionList } from '../emails/suppression.ts';

export type ReplyOutcome = 'reply' | 'auto_reply' | 'unsubscribe' | 'bounce' | 'complaint' | 'duplicate' | 'unmatched';

export interface EffectDeps {
  repo: ReplyRepo;
  leadStatus: LeadStatusRepo;
  /** The deal board's one rule for a reply: forward only, recorded in the lead's history (DealService). */
  deals: { dealFromReply(leadId: number, signal: 'interested' | 'meeting_booked'): Promise<DealStage | undefined> };
  suppressions: SuppressionList;
  events: EventSink;
  /** The bounce and complaint guard (src/core/deliverability): counts each once per email. */
  guards?: {
    record(signal: { emailId: number; kind: 'hard_bounce' | 'complaint'; source: string; providerEventId?: string | null }, onNew?: () => Promise<void>): Promise<{ recorded: boolean }>;
  };
}

/** What the effects need to know about the incoming message. */
export interface ReplyFacts {
  replyId: number;
  key: string;
  from: string | undefined;
  subject: string;
  snippet: string;
  at: Date;
  /** For machine mail: why it is one (a header, the sender, the subject). */
  autoReason?: string;
  /** An automatic reply that says the person no longer works there. */
  personLeft: boolean;
}

/** Whether a reply of this class is a person's answer (counts as REPLIED and stops the sequence). */
export const countsAsReply = (cls: ReplyClass | null) => cls !== 'out_of_office' && cls !== 'bounce' && cls !== 'unsubscribe';

const NOTIFY: Partial<Record<ReplyClass, string>> = { interested: 'is interested', meeting_request: 'asks for a meeting' };

export class ReplyEffects {
  constructor(private readonly d: EffectDeps) {}

  /** Applies a newly received reply of this class (null: unclassified, read as a person's reply). */
  async apply(email: RepliedEmail, cls: ReplyClass | null, f: ReplyFacts): Promise<ReplyOutcome> {
    if (cls === 'unsubscribe') return this.unsubscribe(email, f);
    // A person's reply, whatever else it says.
    if (cls === 'bounce') return this.bounce(email, f);
    if (cls === 'out_of_office') return this.outOfOffice(email, f);
    await this.replied(email, f);
    await this.deal(email, cls, f.replyId, f.from);
    return 'reply';
  }

  /** An operator's correction: what the new class means, from now on (effects are never undone). */
  async afterCorrection(reply: { id: number; emailId: number; fromAddress: string }, cls: ReplyClass, at: Date): Promise<void> {
    const email = await this.d.repo.find(reply.emailId);
    if (email) await this.corrected(email, cls, { replyId: reply.id, from: reply.fromAddress, at });
  }

  private async corrected(email: RepliedEmail, cls: ReplyClass, f: { replyId: number; from: string; at: Date }): Promise<void> {
    if (cls === 'unsubscribe') await this.suppress(email, f.from, 'unsubscribed');
    else if (cls === 'bounce') await this.bounceStatus(email, f.from);
    else if (countsAsReply(cls)) {
      const next = emailStatusAfter(email.status, 'REPLIED');
      if (next) await this.d.repo.markReplied(email.id, email.status, next, f.at);
      await advanceLead(this.d.leadStatus, email.leadId, 'REPLIED');
      await this.deal(email, cls, f.replyId, f.from);
    }
  }

  private async replied(email: RepliedEmail, f: ReplyFacts): Promise<void> {
    const next = emailStatusAfter(email.status, 'REPLIED');
    if (next) await this.d.repo.markReplied(email.id, email.status, next, f.at);
    await advanceLead(this.d.leadStatus, email.leadId, 'REPLIED');
    const who = f.from ?? 'The recipient';
    await this.d.repo.addInteraction({
      leadId: email.leadId,
      emailId: email.id,
      type: 'email_replied',
      description: f.snippet ? `${who} replied: ${f.snippet}` : `${who} replied (no text)`,
      metadata: { message_id: f.key, reply_id: f.replyId, from: f.from, subject: f.subject, snippet: f.snippet, received_at: f.at.toISOString() },
    });
    await this.d.events.emit({
      campaignId: email.campaignId,
      leadId: email.leadId,
      activityType: 'email_replied',
      status: 'success',
      message: `${who} replied to "${email.subject}"`,
      details: { email_id: email.id, reply_id: f.replyId, from: f.from, subject: f.subject, preview: f.snippet.slice(0, 120) },
    });
  }

  /** Interest moves the deal forward (recorded on the lead) and tells every open dashboard. */
  private async deal(email: RepliedEmail, cls: ReplyClass | null, replyId: number, from: string | undefined): Promise<void> {
    const what = cls && NOTIFY[cls];
    if (!what) return;
    const stage = await this.d.deals.dealFromReply(email.leadId, cls === 'meeting_request' ? 'meeting_booked' : 'interested');
    const who = from ?? 'The recipient';
    await this.d.events.emit({
      campaignId: email.campaignId,
      leadId: email.leadId,
      activityType: 'reply_notification',
      status: 'success',
      message: `${who} ${what}: "${email.subject}"`,
      details: { reply_id: replyId, email_id: email.id, class: cls, deal_stage: stage ?? null },
    });
  }

  private async outOfOffice(email: RepliedEmail, f: ReplyFacts): Promise<ReplyOutcome> {
    // Out of office is not an answer; "she no longer works here" is: nobody will read the follow-ups.
    const why = f.autoReason ? ` (${f.autoReason})` : '';
    const description = `Automatic reply${f.from ? ` from ${f.from}` : ''}${why}: not counted as a reply${f.personLeft ? '; it says the person has left, so the follow-ups stop' : ''}`;
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'auto_reply', description, metadata: { message_id: f.key, reply_id: f.replyId, from: f.from, subject: f.subject, reason: f.autoReason ?? 'out_of_office', person_left: f.personLeft } });
    if (f.personLeft) await this.d.repo.stopSequence(email.leadId, PERSON_LEFT);
    return 'auto_reply';
  }

  /** "unsubscribe" by mail: never email the sender (nor the address we wrote to) again. */
  async unsubscribe(email: RepliedEmail, f: Pick<ReplyFacts, 'key' | 'from' | 'replyId'>, opts: { record: boolean } = { record: true }): Promise<ReplyOutcome> {
    const from = f.from ?? email.recipientEmail;
    await this.suppress(email, from, 'unsubscribed');
    if (!opts.record) return 'duplicate'; // suppressed again (safe), recorded once
    const message = `${from} asked by email to be unsubscribed`;
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'unsubscribed', description: message, metadata: { message_id: f.key, reply_id: f.replyId, from, source: 'email reply' } });
    await this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'unsubscribed', status: 'warning', message, details: { email_id: email.id, source: 'email reply' } });
    return 'unsubscribe';
  }

  private async suppress(email: RepliedEmail, from: string, reason: 'unsubscribed' | 'bounced'): Promise<void> {
    for (const address of new Set([from.toLowerCase(), email.recipientEmail.toLowerCase()])) {
      if (isListable(address)) await this.d.suppressions.add(address, reason, 'email reply');
    }
    await advanceLead(this.d.leadStatus, email.leadId, reason === 'unsubscribed' ? 'UNSUBSCRIBED' : 'BOUNCED');
  }

  /** A delivery report in the thread: the address bounced (suppressed, email and lead BOUNCED). */
  private async bounce(email: RepliedEmail, f: ReplyFacts): Promise<ReplyOutcome> {
    await this.bounceStatus(email, email.recipientEmail);
    const note = `Delivery failure report${f.from ? ` from ${f.from}` : ''}: "${f.subject}"`.slice(0, 500);
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'email_bounced', description: note, metadata: { message_id: f.key, reply_id: f.replyId, source: 'reply mailbox' } });
    await this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'email_bounced', status: 'error', message: `Email to ${email.recipientEmail} bounced (delivery report)`, details: { email_id: email.id, reply_id: f.replyId } });
    await this.d.guards?.record({ emailId: email.id, kind: 'hard_bounce', source: 'reply mailbox: delivery report', providerEventId: f.key });
    return 'bounce';
  }

  /**
   * A feedback-loop report (ARF) about our email: its recipient marked it as spam. The address is
   * suppressed, the lead unsubscribed, the guard counts it; it is never a reply. A second report
   * about the same email changes nothing more ('duplicate').
   */
  async complaint(email: RepliedEmail, f: { key: string; from: string | undefined; feedbackType: string }): Promise<ReplyOutcome> {
    const address = email.recipientEmail.toLowerCase();
    if (isListable(address)) await this.d.suppressions.add(address, 'complained', `feedback report${f.from ? ` from ${f.from}` : ''}`.slice(0, 200));
    await advanceLead(this.d.leadStatus, email.leadId, 'UNSUBSCRIBED');
    const message = `${email.recipientEmail} marked the email as spam (feedback report, type ${f.feedbackType}${f.from ? `, from ${f.from}` : ''}) and will not be emailed again`;
    const tell = async () => {
      await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'spam_complaint', description: message, metadata: { message_id: f.key, from: f.from, feedback_type: f.feedbackType, source: 'feedback report' } });
      await this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'unsubscribed', status: 'warning', message, details: { email_id: email.id, reason: 'complained', source: 'feedback report' } });
    };
    if (!this.d.guards) {
      await tell();
      return 'complaint';
    }
    const { recorded } = await this.d.guards.record({ emailId: email.id, kind: 'complaint', source: `reply mailbox: ${f.feedbackType} feedback report`, providerEventId: f.key }, tell);
    return recorded ? 'complaint' : 'duplicate';
  }

  private async bounceStatus(email: RepliedEmail, address: string): Promise<void> {
    if (email.status !== 'BOUNCED') await this.d.repo.moveStatus(email.id, email.status, 'BOUNCED');
    // Only the address we wrote to bounced: a postmaster's own address is not suppressed.
    await this.suppress(email, address === email.recipientEmail ? address : email.recipientEmail, 'bounced');
  }
}

/** Whether the suppression list accepts the address (a sender like "root@localhost" it does not). */
function isListable(address: string): boolean {
  try {
    return Boolean(normaliseEntry(address));
  } catch {
    return false;
  }
}
