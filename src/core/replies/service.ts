// Reply detection: reads new mail from the reply mailbox (through the Inbox port) and
// applies what it means. Every message matched to one of our emails is stored in the
// Replies inbox and classified (machine mail by its headers, a person's by the AI
// provider); its class then acts through effects.ts. Mail matched to none of ours is
// left alone, except a bare "unsubscribe". Each incoming message is applied once, whatever
// the number of polls that see it.
import { invalid } from '../errors.ts';
import type { SettingsStore } from '../settings/store.ts';
import { autoReplyReason, feedbackReport, incomingKey, isDeliveryReport, isUnsubscribeRequest, matchEmailId, replySnippet, saysPersonLeft, type IncomingMessage } from './match.ts';
import type { FeedbackReport } from './match.ts';
import type { ReplyClass } from '../model/reply-classes.ts';
import type { ImapAccount } from '../model/reply-detection.ts';
import type { ReplyEffects, ReplyOutcome } from './effects.ts';
import type { ReplyInbox } from './inbox.ts';
import type { ReplyRepo } from './repo.ts';
import type { TrackingTokens } from '../emails/tracking-token.ts';
import { quote } from '../model/validate.ts';

/** How far polling got in one mailbox: UIDs are only comparable under the same UIDVALIDITY. */
export interface InboxCursor {
  account: string;
  uidValidity: string;
  lastUid: number;
}

/** One step of a poll: a message (or an unreadable one, with `error`), or, last, the end mark. */
export interface MailboxItem {
  cursor: InboxCursor;
  message?: IncomingMessage;
  error?: string;
}

/** The mailbox port: messages newer than the cursor (the last `sinceDays` days without one), oldest first. */
export interface Inbox {
  messages(cursor: InboxCursor | undefined, sinceDays: number): AsyncIterable<MailboxItem>;
}


export interface PollResult {
  configured: boolean;
  checked: number;
  replies: number;
  auto_replies: number;
  unsubscribes: number;
  bounces: number;
  /** Feedback-loop reports (ARF) about our emails: spam complaints. */
  complaints: number;
}

export interface ReplyDeps {
  repo: ReplyRepo;
  tokens: TrackingTokens;
  /** Stores and classifies every matched reply. */
  inbox: ReplyInbox;
  /** What a reply's class does to the email, the lead, its deal and the suppression list. */
  effects: ReplyEffects;
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

  /** Applies one incoming message: stored, classified, and its class acts (see effects.ts). */
  async handle(msg: IncomingMessage): Promise<ReplyOutcome> {
    const key = incomingKey(msg);
    const from = msg.from?.trim().toLowerCase();
    // A feedback-loop report: a complaint about the email it carries, never a reply.
    const report = feedbackReport(msg);
    if (report) {
      const reported = this.reportedEmailId(report);
      const about = reported === undefined ? undefined : await this.d.repo.find(reported);
      if (!about) return 'unmatched';
      if (await this.d.repo.seen(key)) return 'duplicate';
      return this.d.effects.complaint(about, { key, from, feedbackType: report.feedbackType });
    }
    const emailId = matchEmailId(msg, (id) => this.d.tokens.emailIdFromMessageId(id));
    let email = emailId === undefined ? undefined : await this.d.repo.find(emailId);
    const auto = autoReplyReason(msg);
    const now = this.d.now?.() ?? new Date();
    const at = msg.date && msg.date <= now ? msg.date : now;
    if (!auto && from && isUnsubscribeRequest(msg)) {
      // Our List-Unsubscribe mailto names none of our emails: the last one sent to the sender.
      email ??= await this.d.repo.lastSentTo(from);
      if (!email) return 'unmatched';
      const dup = await this.d.repo.seen(key);
      const reply = await this.d.inbox.store(email, msg, key, at);
      if (!reply.class) await this.d.inbox.setRuleClass(reply, 'unsubscribe');
      const outcome = await this.d.effects.unsubscribe(email, { key, from, replyId: reply.id }, { record: !dup });
      return dup ? 'duplicate' : outcome;
    }
    if (!email) return 'unmatched';
    if (await this.d.repo.seen(key)) return 'duplicate';
    const reply = await this.d.inbox.store(email, msg, key, at);
    let cls: ReplyClass | null;
    if (auto) {
      // A machine wrote it (a header, the sender or the subject says so): classed by that rule, no AI call.
      cls = reply.class ?? (isDeliveryReport(msg) ? 'bounce' : 'out_of_office');
      if (!reply.class) await this.d.inbox.setRuleClass(reply, cls);
    } else {
      const result = await this.d.inbox.classify(reply, email.subject);
      cls = 'kept' in result ? result.kept : 'error' in result ? null : result.class;
    }
    const facts = { replyId: reply.id, key, from, subject: msg.subject, snippet: replySnippet(msg.text), at, autoReason: auto, personLeft: saysPersonLeft(msg) };
    return this.d.effects.apply(email, cls, facts);
  }

  /** Our email a feedback report is about: the original's Message-ID, else its unsubscribe link. */
  private reportedEmailId(report: FeedbackReport): number | undefined {
    for (const id of report.messageIds) {
      const emailId = this.d.tokens.emailIdFromMessageId(id);
      if (emailId !== undefined) return emailId;
    }
    for (const token of report.unsubscribeTokens) {
      const emailId = this.d.tokens.verify('unsubscribe', token);
      if (emailId !== undefined) return emailId;
    }
    return undefined;
  }

  private async run(signal?: AbortSignal): Promise<PollResult> {
    const result: PollResult = { configured: false, checked: 0, replies: 0, auto_replies: 0, unsubscribes: 0, bounces: 0, complaints: 0 };
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
        else if (outcome === 'bounce') result.bounces++;
        else if (outcome === 'complaint') result.complaints++;
      }
      if (item.message || item.error) result.checked++;
      // Saved after every message: a poll cut short resumes after the last one applied.
      await this.d.settings.saveCursor(item.cursor);
      if (signal?.aborted) break;
    }
    return result;
  }
}
