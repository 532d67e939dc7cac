// The Replies inbox's rows as the API and the CLI show them (the shapes are in
// model/reply-inbox.ts): a reply with its new text apart from the quoted history, and a thread.
import type { ReplyDetail, ReplyItem } from '../model/reply-inbox.ts';
import type { InboxItem, StoredReply, ThreadAnswer, ThreadEmail } from './inbox.ts';
import { stripQuoted } from './match.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function replyItem(r: InboxItem): ReplyItem {
  return {
    id: r.id,
    email_id: r.emailId,
    lead_id: r.leadId,
    campaign_id: r.campaignId,
    campaign_name: r.campaignName,
    business: r.business,
    from_address: r.fromAddress,
    from_name: r.fromName,
    subject: r.subject,
    text: r.text,
    new_text: stripQuoted(r.text),
    email_subject: r.emailSubject,
    received_at: r.receivedAt.toISOString(),
    read_at: iso(r.readAt),
    class: r.class,
    sentiment: r.sentiment,
    class_source: r.classSource,
    classify_error: r.classifyError,
  };
}

/** The thread, oldest first: our steps, their replies (new text only), our answers. */
export function threadEntries(t: { emails: ThreadEmail[]; replies: StoredReply[]; answers: ThreadAnswer[] }): ReplyDetail['thread'] {
  const entries = [
    ...t.emails.map((e) => ({ kind: 'ours' as const, id: e.id, at: iso(e.sentAt), subject: e.subject, text: e.body, step: e.step })),
    ...t.replies.map((r) => ({ kind: 'theirs' as const, id: r.id, at: iso(r.receivedAt), subject: r.subject, text: stripQuoted(r.text) || r.text, step: null })),
    ...t.answers.map((a) => ({ kind: 'answer' as const, id: a.replyId, at: iso(a.sentAt), subject: a.subject, text: a.body, step: null })),
  ];
  return entries.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
}
