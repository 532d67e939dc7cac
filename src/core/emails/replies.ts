// Reply detection: reads new mail from the reply mailbox (through the Inbox port) and
// applies what it means. A person's reply to one of our emails marks the email and the
// lead REPLIED; a machine's (out-of-office, delivery report) is only noted; a mail that
// just says "unsubscribe" suppresses the sender; everything else is left alone. Each
// incoming message is applied once, whatever the number of polls that see it.
import { invalid } from '../errors.ts';
import type { EventSink } from '../events.ts';
import { advanceLead, type LeadStatusRepo } from '../leads/lifecycle.ts';
import type { SettingsStore } from '../settings/store.ts';
import { autoReplyReason, incomingKey, isUnsubscribeRequest, matchEmailId, replySnippet, saysPersonLeft, type IncomingMessage } from './reply-match.ts';
import { PERSON_LEFT } from '../sequences/stop.ts';
import { emailStatusAfter, type EmailStatus } from './status.ts';
import { normaliseEntry, type SuppressionList } from './suppression.ts';
import type { TrackingTokens } from './tracking-token.ts';
import { quote } from '../model/validate.ts';

export interface RepliedEmail {
  id: number;
  leadId: number;
  campaignId: number | null;
  recipientEmail: string;
  subject: string;
  status: EmailStatus;
}

export interface ReplyRepo {
  find(id: number): Promise<RepliedEmail | undefined>;
  /** The latest email sent to this address (an unsubscribe mail names none of ours). */
  lastSentTo(address: string): Promise<RepliedEmail | undefined>;
  /** True when an interaction already records this incoming message. */
  seen(messageKey: string): Promise<boolean>;
  /** Compare and set: moves the status only if it is still `from`; sets replied_at when unset. */
  markReplied(id: number, from: EmailStatus, to: EmailStatus, at: Date): Promise<boolean>;
  addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata: Record<string, unknown> }): Promise<void>;
  /** Records on the lead why its follow-ups stop (kept if one is already recorded). */
  stopSequence(leadId: number, reason: string): Promise<void>;
}

/** How far polling got in one mailbox: UIDs are only comparable under the same UIDVALIDITY. */
export interface InboxCursor {
  account: string;
  uidValidity: string;
  lastUid: number;
}

export interface ImapAccount {
  host: string;
  port: number;
  user: string;
  password: string;
  mailbox: string;
}

/** One step of a poll: a message (or an unreadable one, with `error`), or, last, the end mark. */
export interface InboxItem {
  cursor: InboxCursor;
  message?: IncomingMessage;
  error?: string;
}

/** The mailbox port: messages newer than the cursor (the last `sinceDays` days without one), oldest first. */
export interface Inbox {
  messages(cursor: InboxCursor | undefined, sinceDays: number): AsyncIterable<InboxItem>;
}

export type ReplyOutcome = 'reply' | 'auto_reply' | 'unsubscribe' | 'duplicate' | 'unmatched';

export interface PollResult {
  configured: boolean;
  checked: number;
  replies: number;
  auto_replies: number;
  unsubscribes: number;
}

export interface ReplyDeps {
  repo: ReplyRepo;
  leadStatus: LeadStatusRepo;
  tokens: TrackingTokens;
  suppressions: SuppressionList;
  events: EventSink;
  settings: ImapSettings;
  connect: (account: ImapAccount) => Promise<Inbox>;
  firstPollDays: number;
  now?: () => Date;
}

/** The IMAP account and the cursor, kept in settings (the environment wins, as everywhere). */
export class ImapSettings {
  constructor(
    private readonly store: SettingsStore,
    private readonly defaults: { default_port: number; mailbox: string },
  ) {}

  /** The account to poll, or undefined when no IMAP host is set. */
  async account(): Promise<ImapAccount | undefined> {
    const s = await this.store.states(['imap_host', 'imap_port', 'imap_user', 'imap_password']);
    const host = s.imap_host.value?.trim();
    if (!host) return undefined;
    const user = s.imap_user.value?.trim();
    const password = s.imap_password.value;
    if (!user || !password) throw invalid('IMAP is only half set up: set imap_user and imap_password (or OUTREACH_IMAP_USER and OUTREACH_IMAP_PASSWORD)');
    const port = s.imap_port.value ? Number(s.imap_port.value) : this.defaults.default_port;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid(`imap_port must be a port number from 1 to 65535, not "${quote(s.imap_port.value)}"`);
    return { host, port, user, password, mailbox: this.defaults.mailbox };
  }

  /** The saved cursor, unless it was for another account or mailbox. */
  async cursor(account: string): Promise<InboxCursor | undefined> {
    const raw = await this.store.value('imap_cursor');
    try {
      const c = raw ? (JSON.parse(raw) as Partial<InboxCursor>) : undefined;
      return c && c.account === account && typeof c.uidValidity === 'string' && Number.isInteger(c.lastUid) ? (c as InboxCursor) : undefined;
    } catch {
      return undefined; // unreadable: start over (already applied messages are skipped)
    }
  }

  saveCursor(cursor: InboxCursor): Promise<void> {
    return this.store.set('imap_cursor', JSON.stringify(cursor));
  }
}

export const accountKey = (a: ImapAccount) => `${a.user}@${a.host}:${a.port}/${a.mailbox}`;

export class ReplyService {
  private running?: Promise<PollResult>;

  constructor(private readonly d: ReplyDeps) {}

  /** Reads what arrived since the last poll. Two polls at once share one run. */
  poll(opts: { signal?: AbortSignal } = {}): Promise<PollResult> {
    this.running ??= this.run(opts.signal).finally(() => (this.running = undefined));
    return this.running;
  }

  /** Applies one incoming message. */
  async handle(msg: IncomingMessage): Promise<ReplyOutcome> {
    const key = incomingKey(msg);
    const from = msg.from?.trim().toLowerCase();
    const emailId = matchEmailId(msg, (id) => this.d.tokens.emailIdFromMessageId(id));
    let email = emailId === undefined ? undefined : await this.d.repo.find(emailId);
    const auto = autoReplyReason(msg);
    if (!auto && from && isUnsubscribeRequest(msg)) {
      email ??= await this.d.repo.lastSentTo(from);
      return email ? this.unsubscribe(email, key, from) : 'unmatched';
    }
    if (!email) return 'unmatched';
    if (await this.d.repo.seen(key)) return 'duplicate';
    if (auto) {
      // Out of office is not an answer; "she no longer works here" is: nobody will read the follow-ups.
      const left = saysPersonLeft(msg);
      const description = `Automatic reply${from ? ` from ${from}` : ''} (${auto}): not counted as a reply${left ? '; it says the person has left, so the follow-ups stop' : ''}`;
      await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'auto_reply', description, metadata: { message_id: key, from, subject: msg.subject, reason: auto, person_left: left } });
      if (left) await this.d.repo.stopSequence(email.leadId, PERSON_LEFT);
      return 'auto_reply';
    }
    return this.reply(email, msg, key, from);
  }

  private async run(signal?: AbortSignal): Promise<PollResult> {
    const result: PollResult = { configured: false, checked: 0, replies: 0, auto_replies: 0, unsubscribes: 0 };
    const account = await this.d.settings.account();
    if (!account) return result;
    result.configured = true;
    const inbox = await this.d.connect(account);
    const start = await this.d.settings.cursor(accountKey(account));
    for await (const item of inbox.messages(start, this.d.firstPollDays)) {
      if (item.message) {
        const outcome = await this.handle(item.message);
        if (outcome === 'reply') result.replies++;
        else if (outcome === 'auto_reply') result.auto_replies++;
        else if (outcome === 'unsubscribe') result.unsubscribes++;
      }
      if (item.message || item.error) result.checked++;
      // Saved after every message: a poll cut short resumes after the last one applied.
      await this.d.settings.saveCursor(item.cursor);
      if (signal?.aborted) break;
    }
    return result;
  }

  private async reply(email: RepliedEmail, msg: IncomingMessage, key: string, from: string | undefined): Promise<ReplyOutcome> {
    const now = this.d.now?.() ?? new Date();
    const at = msg.date && msg.date <= now ? msg.date : now;
    const next = emailStatusAfter(email.status, 'REPLIED');
    if (next) await this.d.repo.markReplied(email.id, email.status, next, at);
    await advanceLead(this.d.leadStatus, email.leadId, 'REPLIED');
    const snippet = replySnippet(msg.text);
    const who = from ?? 'The recipient';
    await this.d.repo.addInteraction({
      leadId: email.leadId,
      emailId: email.id,
      type: 'email_replied',
      description: snippet ? `${who} replied: ${snippet}` : `${who} replied (no text)`,
      metadata: { message_id: key, from, subject: msg.subject, snippet, received_at: at.toISOString() },
    });
    await this.d.events.emit({
      campaignId: email.campaignId,
      leadId: email.leadId,
      activityType: 'email_replied',
      status: 'success',
      message: `${who} replied to "${email.subject}"`,
      details: { email_id: email.id, from, subject: msg.subject, preview: snippet.slice(0, 120) },
    });
    return 'reply';
  }

  /** "unsubscribe" by mail: never email the sender (nor the address we wrote to) again. */
  private async unsubscribe(email: RepliedEmail, key: string, from: string): Promise<ReplyOutcome> {
    for (const address of new Set([from, email.recipientEmail.toLowerCase()])) {
      if (isListable(address)) await this.d.suppressions.add(address, 'unsubscribed', 'email reply');
    }
    await advanceLead(this.d.leadStatus, email.leadId, 'UNSUBSCRIBED');
    if (await this.d.repo.seen(key)) return 'duplicate';
    const message = `${from} asked by email to be unsubscribed`;
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'unsubscribed', description: message, metadata: { message_id: key, from, source: 'email reply' } });
    await this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'unsubscribed', status: 'warning', message, details: { email_id: email.id, source: 'email reply' } });
    return 'unsubscribe';
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
