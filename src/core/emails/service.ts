// What operators do with emails: list them, approve drafts (now, or for the next opening of
// each recipient's sending window), send one now, release, pause, delete and smart-schedule several. Sending
// itself is the EmailSender's; releasing only makes emails due, and wakes the send loop.
import { isAbsolute, relative } from 'node:path';
import { conflict, DomainError, invalid, notFound } from '../errors.ts';
import { plural } from '../plural.ts';
import type { ApproveResult, EmailFilter, EmailItem, EmailPage, EmailQuery, SendNowResult } from '../model/email.ts';
import type { SenderIdentityPart } from '../model/settings.ts';
import { recipientTime } from '../scheduling/send-time-text.ts';
import { SENDER_PLACE, senderPartsText } from '../settings/sender.ts';
import { ProviderError } from '../model/providers.ts';
import type { SchedulingService } from '../scheduling/service.ts';
import { zoneEvidence } from '../scheduling/recipient-zone.ts';
import { nextSendTime, zoneOrServer, type SendingWindow } from '../scheduling/windows.ts';
import { decodeEmailCursor, EMAIL_PAGE_SIZE, encodeEmailCursor, INVALID_EMAIL_CURSOR, type EmailKey } from './cursor.ts';
import type { EmailSender } from './sender.ts';

type Status = EmailItem['status'];

/** A page of emails and the sort key of each (the cursor is made of the last one). */
export interface EmailPageRows {
  items: EmailItem[];
  keys: EmailKey[];
}

export interface EmailRepo {
  /** At most `limit` emails matching `filter`, newest first, strictly after `after`. */
  page(filter: EmailFilter, limit: number, after?: EmailKey): Promise<EmailPageRows>;
  get(id: number): Promise<EmailItem | undefined>;
  /** Emails in one of `from` become QUEUED, due at `at` (null: whenever a window opens). */
  release(ids: number[], from: readonly Status[], at: Date | null): Promise<{ id: number; campaignId: number | null }[]>;
  /** Like release, each email at its own time, all in one transaction. */
  releaseEach(times: Map<number, Date>, from: readonly Status[]): Promise<{ id: number; campaignId: number | null }[]>;
  /** The stored time zone (null: unknown) and its evidence of each email's recipient. */
  recipientZones(ids: number[]): Promise<{ id: number; timezone: string | null; source: string | null }[]>;
  pause(ids: number[]): Promise<number>;
  delete(ids: number[], deletable: readonly Status[]): Promise<number>;
}

export interface EmailServiceDeps {
  windows: () => Promise<SendingWindow[]>;
  sendingEnabled: () => Promise<boolean>;
  now: () => Date;
  /** Tells the send loop (when one runs in this process) there is work due now. */
  wake: () => void;
  /** Refuses invalid recipients, and risky ones unless the operator confirmed. */
  recipients: { approve(ids: number[], confirmRisky: boolean): Promise<void> };
  /** Where the outbox writes, for Send Now's answer. */
  outboxDir?: string;
}

/** A folder as a person finds it: relative to where they work ("data/outbox") when inside it. */
const shownPath = (dir: string) => {
  const rel = relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
};

/**
 * What approving did, in words: when the emails go, or what they wait for. Under "Emails
 * can't be sent yet" it never says they were queued for their best time as if all were well.
 */
export function approvalMessage(
  count: number,
  hold: { why: 'disabled' } | { why: 'sender'; missing: readonly SenderIdentityPart[] } | null,
  outbox: boolean,
  queuedUntil: string | null,
): string {
  const approved = `Approved ${plural(count, 'draft')}.`;
  const them = count === 1 ? 'It waits' : 'They wait';
  if (hold?.why === 'disabled') return `${approved} ${them} in the queue until email sending is turned on in Settings.`;
  if (hold?.why === 'sender') return `${approved} ${them} in the queue until the sender is complete: set your ${senderPartsText(hold.missing)} in ${SENDER_PLACE}.`;
  if (!queuedUntil) return outbox ? '✅ Drafts approved and written to the local outbox — no provider configured' : '✅ Drafts approved and sent immediately!';
  return `✅ Drafts approved and queued for optimal sending time! The first goes ${queuedUntil}${outbox ? ', to the local outbox — no provider configured' : ''}.`;
}

/** Statuses an operator may send (again) by hand; FAILED covers interrupted sends a human has checked. */
const SENDABLE = ['DRAFT', 'QUEUED', 'PAUSED', 'FAILED'] as const;
/** What has not left the building can be deleted; sent emails keep their history. */
const DELETABLE = ['DRAFT', 'QUEUED', 'PAUSED', 'FAILED', 'CANCELLED'] as const;

export class EmailService {
  constructor(
    private readonly repo: EmailRepo,
    private readonly sender: EmailSender,
    private readonly scheduling: SchedulingService,
    private readonly d: EmailServiceDeps,
  ) {}

  /** One keyset page; next_cursor is null on the last one. */
  async list(q: EmailQuery): Promise<EmailPage> {
    const { limit, cursor, ...filter } = q;
    const after = cursor === undefined ? undefined : decodeEmailCursor(cursor);
    if (cursor !== undefined && !after) throw invalid(INVALID_EMAIL_CURSOR);
    // One row more than asked says whether another page follows, without counting.
    const rows = await this.repo.page(filter, limit + 1, after);
    const more = rows.items.length > limit;
    return { items: await this.withSendTimes(rows.items.slice(0, limit)), next_cursor: more ? encodeEmailCursor(rows.keys[limit - 1]) : null };
  }

  async get(id: number): Promise<EmailItem> {
    const email = await this.repo.get(id);
    if (!email) throw notFound('Email not found');
    return (await this.withSendTimes([email]))[0];
  }

  /** A queued email with no time of its own goes when its recipient's window next opens: say when. */
  private async withSendTimes(items: EmailItem[]): Promise<EmailItem[]> {
    if (!items.some((e) => e.status === 'QUEUED' && !e.send_at)) return items;
    const now = this.d.now();
    const windows = await this.d.windows();
    // Recipients share few zones: each zone's next opening is walked once per page.
    const byZone = new Map<string | null, string>();
    const sendAt = (zone: string | null) => byZone.get(zone) ?? byZone.set(zone, nextSendTime(now, windows, zone).toISOString()).get(zone)!;
    return items.map((e) => (e.status === 'QUEUED' && !e.send_at ? { ...e, send_at: sendAt(e.recipient_timezone) } : e));
  }

  /**
   * Approves drafts. The server decides when each goes: now when its recipient's sending
   * window is open on the recipient's clock, else at the window's next opening — or now
   * whatever the window (`sendNow`: an operator's explicit "send now", e.g. the CLI's --now).
   * Risky recipients need `confirmRisky`; invalid ones are refused (RecipientChecks.approve).
   * An id that is no email at all is refused (404, naming it) before anything is approved.
   */
  async approveDrafts(ids: number[], opts: { sendNow?: boolean; confirmRisky?: boolean } = {}): Promise<ApproveResult> {
    const now = this.d.now();
    const plan = await this.plan(ids, now, opts.sendNow);
    const missing = [...new Set(ids)].filter((id) => !plan.some((p) => p.id === id));
    if (missing.length) throw notFound(missing.length === 1 ? `Draft ${missing[0]} does not exist` : `Drafts ${missing.join(', ')} do not exist`);
    await this.d.recipients.approve(ids, opts.confirmRisky === true);
    const approved = await this.repo.releaseEach(new Map(plan.map((p) => [p.id, p.at])), ['DRAFT']);
    if (approved.length === 0) throw conflict('None of these emails is a draft any more: they were approved, sent or deleted meanwhile');
    this.d.wake();
    const done = new Set(approved.map((a) => a.id));
    const went = plan.filter((p) => done.has(p.id));
    const first = went.reduce((a, b) => (b.at.getTime() < a.at.getTime() ? b : a));
    const sentImmediately = went.every((p) => p.at.getTime() <= now.getTime());
    const { mailer, hold } = await this.sender.readiness();
    return {
      approved_count: approved.length,
      sent_immediately: sentImmediately,
      scheduled_for: first.at.toISOString(),
      sending_enabled: hold?.why !== 'disabled',
      waiting_for: hold ? (hold.why === 'disabled' ? 'sending_enabled' : 'sender') : null,
      message: approvalMessage(approved.length, hold, mailer === 'outbox', sentImmediately ? null : recipientTime(first.at.toISOString(), first.timezone, now.getTime())),
      emails: went.map((p) => ({ id: p.id, send_at: p.at.toISOString(), timezone: p.timezone, timezone_source: p.source })),
    };
  }

  /** When each email may go: now inside its recipient's window, else the window's next opening. */
  private async plan(ids: number[], now: Date, anyTime = false) {
    const windows = await this.d.windows();
    return (await this.repo.recipientZones(ids)).map((r) => ({
      id: r.id,
      at: anyTime ? now : nextSendTime(now, windows, r.timezone),
      timezone: zoneOrServer(r.timezone),
      source: zoneEvidence(r.timezone, r.source),
    }));
  }

  /** Sends one email at once, whatever the window says; the sender's checks all still apply. */
  async sendNow(id: number): Promise<SendNowResult> {
    const email = await this.get(id);
    if (!(SENDABLE as readonly Status[]).includes(email.status)) throw conflict(`This email is ${email.status}: only draft, queued, paused or failed emails can be sent`);
    await this.repo.release([id], SENDABLE, this.d.now());
    const outcome = await this.sender.send(id);
    switch (outcome.result) {
      case 'sent': {
        const provider = outcome.provider ?? 'outbox';
        const message = provider === 'outbox' ? `Written to the local outbox (${shownPath(this.d.outboxDir ?? 'data/outbox')}) — no provider configured` : 'Email sent successfully!';
        return { ...(await this.get(id)), provider, message, provider_message_id: outcome.providerMessageId };
      }
      case 'deferred':
        if (outcome.why === 'quota') throw new DomainError('quota_exhausted', outcome.reason);
        if (outcome.why === 'provider') throw new ProviderError('email', 'unavailable', `${outcome.reason} (the email stays queued)`);
        throw conflict(`${outcome.reason}; the email stays queued`);
      case 'failed':
        throw new ProviderError('email', 'unavailable', outcome.reason);
      default:
        throw conflict(outcome.reason);
    }
  }

  /** Releases emails for sending now; the send loop takes them in turn. */
  async bulkSend(ids: number[]): Promise<{ queued_count: number; campaigns_processed: number }> {
    const released = await this.repo.release(ids, SENDABLE, this.d.now());
    this.d.wake();
    return { queued_count: released.length, campaigns_processed: new Set(released.map((r) => r.campaignId ?? 0)).size };
  }

  async bulkPause(ids: number[]): Promise<{ paused_count: number }> {
    return { paused_count: await this.repo.pause(ids) };
  }

  async bulkDelete(ids: number[]): Promise<{ deleted_count: number; skipped_count: number }> {
    const deleted = await this.repo.delete(ids, DELETABLE);
    return { deleted_count: deleted, skipped_count: ids.length - deleted };
  }

  /** Queues emails for the industry's best hour tomorrow (or the next sending window). */
  async scheduleSmart(ids: number[], industry: string, forTomorrow: boolean): Promise<{ email_count: number; scheduled_for: string; industry: string }> {
    if (forTomorrow) {
      const at = new Date((await this.scheduling.tomorrowBest(industry)).best_time);
      const scheduled = await this.repo.release(ids, SENDABLE, at);
      return { email_count: scheduled.length, scheduled_for: at.toISOString(), industry };
    }
    // The next window: each recipient's own, on their clock.
    const plan = await this.plan(ids, this.d.now());
    const scheduled = await this.repo.releaseEach(new Map(plan.map((p) => [p.id, p.at])), SENDABLE);
    const done = new Set(scheduled.map((s) => s.id));
    const first = Math.min(...plan.filter((p) => done.has(p.id)).map((p) => p.at.getTime()), Number.MAX_SAFE_INTEGER);
    return { email_count: scheduled.length, scheduled_for: new Date(scheduled.length ? first : this.d.now().getTime()).toISOString(), industry };
  }
}

/** Every matching email page by page, in list order (for the CLI): constant memory per page. */
export async function* emailPages(emails: Pick<EmailService, 'list'>, filter: EmailFilter, pageSize: number = EMAIL_PAGE_SIZE.max): AsyncGenerator<EmailItem[]> {
  let cursor: string | undefined;
  do {
    const page = await emails.list({ ...filter, limit: pageSize, cursor });
    if (page.items.length) yield page.items;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}
