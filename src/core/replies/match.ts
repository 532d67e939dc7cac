// Pure rules for mail that arrives in the reply mailbox: which of our emails it answers,
// whether a machine wrote it (out-of-office, autoresponder, delivery report), whether it
// only asks to be unsubscribed, and a short snippet without the quoted history.
import { createHash } from 'node:crypto';

/** One incoming message, as the inbox adapter parsed it. Header names are lower-case. */
export interface IncomingMessage {
  messageId?: string;
  inReplyTo?: string;
  /** Oldest first, as in the References header. */
  references: string[];
  /** The sender's address. */
  from?: string;
  /** The sender's display name, when the From header has one. */
  fromName?: string;
  subject: string;
  headers: Record<string, string>;
  /** Plain text; an HTML-only message reduced to its text (no markup, no scripts). */
  text: string;
  /** The whole RFC 5322 source as received, when the adapter has it (stored capped). */
  raw?: string;
  /** Decoded text of attached messages, headers and reports (message/*, text/rfc822-headers), when any. */
  attached?: string[];
  /** When it arrived (IMAP INTERNALDATE), else its Date header. */
  date?: Date;
}

/** Message-IDs in a header value: `<a@b> <c@d>`, or a bare id. */
export function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  const ids = value.match(/<[^<>\s]+>/g);
  return ids ?? (value.trim() ? [value.trim()] : []);
}

/**
 * The id of our email this message answers: In-Reply-To first, then References from the
 * nearest ancestor back. `resolve` checks an id is ours (signed) and returns its email id.
 */
export function matchEmailId(msg: IncomingMessage, resolve: (messageId: string) => number | undefined): number | undefined {
  const candidates = [...messageIds(msg.inReplyTo), ...msg.references.flatMap(messageIds).reverse()];
  for (const id of candidates) {
    const emailId = resolve(id);
    if (emailId !== undefined) return emailId;
  }
  return undefined;
}

const AUTO_PRECEDENCE = new Set(['bulk', 'junk', 'auto_reply', 'list']);
// Subjects that out-of-office and autoresponder messages use, in the common languages.
const AUTO_SUBJECTS: RegExp[] = [
  /out of (the )?office/i,
  /automatic reply/i,
  /auto[- ]?reply/i,
  /auto[- ]?response/i,
  /^\s*auto:/i,
  /^\s*(re:\s*)?vacation\b/i,
  /abwesenheitsnotiz/i,
  /automatische antwort/i,
  /r[ée]ponse automatique/i,
  /absence du bureau/i,
  /respuesta autom[áa]tica/i,
  /risposta automatica/i,
  /automatisch antwoord/i,
  /^\s*(undeliverable|undelivered mail|delivery status notification|mail delivery (failed|failure|system)|returned mail)\b/i,
];
const AUTO_SENDERS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply)@/i;

/** Why a machine wrote this message, or undefined when a person did. */
export function autoReplyReason(msg: IncomingMessage): string | undefined {
  const h = msg.headers;
  const autoSubmitted = h['auto-submitted']?.split(';')[0].trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress']) {
    if (h[name] !== undefined) return `${name} header`;
  }
  const precedence = h['precedence']?.trim().toLowerCase();
  if (precedence && AUTO_PRECEDENCE.has(precedence)) return `Precedence: ${precedence}`;
  if (/^\s*multipart\/report\b/i.test(h['content-type'] ?? '')) return 'delivery or read report';
  if (msg.from && AUTO_SENDERS.test(msg.from)) return `sent by ${msg.from}`;
  if (AUTO_SUBJECTS.some((re) => re.test(msg.subject))) return `subject "${msg.subject}"`;
  return undefined;
}

/** A feedback-loop report (ARF, RFC 5965): a mailbox provider says its user marked our email as spam. */
export interface FeedbackReport {
  /** Feedback-Type (abuse, fraud, ...); "abuse" when the report does not say. */
  feedbackType: string;
  /** Message-IDs found in the report (the original message's among them). */
  messageIds: string[];
  /** Our unsubscribe tokens found in the report (the original's List-Unsubscribe link). */
  unsubscribeTokens: string[];
  /** Original-Rcpt-To, when the report gives it (often redacted). */
  originalRecipient?: string;
}

/** The feedback report this message is (multipart/report; report-type=feedback-report), or undefined. */
export function feedbackReport(msg: IncomingMessage): FeedbackReport | undefined {
  const type = msg.headers['content-type'] ?? '';
  if (!/^\s*multipart\/report\b/i.test(type) || !/report-type\s*=\s*["']?feedback-report/i.test(type)) return undefined;
  const texts = [msg.raw ?? '', ...(msg.attached ?? []), msg.text];
  const all = texts.join('\n');
  const messageIds = [...all.matchAll(/^message-id:[ \t]*(<[^<>\s]+>)/gim)].map((m) => m[1]);
  const unsubscribeTokens = [...all.matchAll(/\/u\/([0-9a-z]{1,11}\.[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/g)].map((m) => m[1]);
  const feedbackType = /^feedback-type:[ \t]*([\w-]+)/im.exec(all)?.[1]?.toLowerCase() ?? 'abuse';
  const originalRecipient = /^original-rcpt-to:[ \t]*<?([^\s<>]+@[^\s<>]+)>?/im.exec(all)?.[1]?.toLowerCase();
  return { feedbackType, messageIds: [...new Set(messageIds)], unsubscribeTokens: [...new Set(unsubscribeTokens)], originalRecipient };
}

const DELIVERY_SUBJECT = /^\s*(undeliverable|undelivered mail|delivery status notification|mail delivery (failed|failure|system)|returned mail|unzustellbar|non remis|no entregado)\b/i;

/** True when a machine's message is a delivery failure report (a bounce), not an out-of-office. */
export function isDeliveryReport(msg: IncomingMessage): boolean {
  if (/^\s*multipart\/report\b/i.test(msg.headers['content-type'] ?? '') && /report-type=["']?delivery-status/i.test(msg.headers['content-type'] ?? '')) return true;
  return /^(mailer-daemon|postmaster)@/i.test(msg.from ?? '') || DELIVERY_SUBJECT.test(msg.subject);
}

// Where the quoted history starts in the common clients' replies.
const QUOTE_STARTS: RegExp[] = [
  /^>/,
  /^On .{3,200} wrote:\s*$/i,
  /^Am .{3,200} schrieb .{0,200}:\s*$/i,
  /^Le .{3,200} a [ée]crit\s*:\s*$/i,
  /^El .{3,200} escribi[óo]:\s*$/i,
  /^-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}/i,
  /^(_{10,}|-{10,})\s*$/, // Outlook's rule above the quoted message
  /^(From|Von|De):\s.+/i,
];

/** The new text of a reply: everything before the quoted history, trimmed. */
export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // Gmail wraps a long "On … wrote:" onto two lines: test each line with the next one too.
  const starts = (text: string) => QUOTE_STARTS.some((re) => re.test(text));
  const end = lines.findIndex((line, i) => starts(line.trim()) || (i + 1 < lines.length && starts(`${line.trim()} ${lines[i + 1].trim()}`)));
  return (end === -1 ? lines : lines.slice(0, end)).join('\n').trim();
}

/** The first ~300 characters of the new text, on one line. */
export function replySnippet(text: string, max = 300): string {
  const flat = stripQuoted(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** True when the message asks only to be unsubscribed (our List-Unsubscribe mailto sends subject "unsubscribe"). */
export function isUnsubscribeRequest(msg: IncomingMessage): boolean {
  const word = /^(re:\s*)?(unsubscribe|abmelden|d[ée]sinscription|se d[ée]sabonner)[.!]?$/i;
  const subject = msg.subject.trim();
  const body = stripQuoted(msg.text).replace(/\s+/g, ' ').trim();
  // A signature ("Sent from my phone") may follow the mailto's subject; a reply's body must be the word alone.
  return word.test(subject) || (word.test(body) && (subject === '' || /^re:/i.test(subject)));
}

/** A stable key for the message: its Message-ID, else a hash of what identifies it. */
export function incomingKey(msg: IncomingMessage): string {
  if (msg.messageId?.trim()) return msg.messageId.trim();
  const hash = createHash('sha256').update([msg.from, msg.date?.toISOString(), msg.subject, msg.text].join('\n')).digest('hex');
  return `sha256:${hash.slice(0, 32)}`;
}

// Automatic replies that say the person is gone for good (not on holiday), in the common languages.
const LEFT = [
  /\bno longer (?:with|works?|working|employed|at|part of)\b/i,
  /\b(?:has|have) (?:now )?left (?:the|our|this) (?:company|firm|practice|business|organi[sz]ation|team)\b/i,
  /\bleft the (?:company|firm|practice|business|organi[sz]ation)\b/i,
  /\bya no (?:trabaja|forma parte|est[áa] en)\b/i,
  /\bne (?:fait|travaille) plus\b/i,
  /\ba quitt[ée] (?:l'entreprise|la soci[ée]t[ée]|le cabinet)\b/i,
  /\b(?:ist )?nicht mehr (?:im unternehmen|bei uns|f[üu]r uns|in unserem unternehmen|t[äa]tig)\b/i,
  /\bhat (?:das unternehmen|uns) verlassen\b/i,
];

/** True when an automatic reply says the person no longer works there (their mailbox answers for them). */
export function saysPersonLeft(msg: IncomingMessage): boolean {
  const text = `${msg.subject}\n${msg.text.slice(0, 2000)}`;
  return LEFT.some((re) => re.test(text));
}
