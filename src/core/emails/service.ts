// What operators do with emails: list them, approve drafts (now, or for the next sending
// window), send one now, release, pause, delete and smart-schedule several. Sending
// itself is the EmailSender's; releasing only makes emails due, and wakes the send loop.
import { conflict, DomainError, invalid, notFound } from '../errors.ts';
import { EMAIL_PAGE_SIZE, type ApproveResult, type EmailFilter, type EmailItem, type EmailPage, type EmailQuery } from '../model/email.ts';
import { ProviderError } from '../model/providers.ts';
import type { SchedulingService } from '../scheduling/service.ts';
import { nextWindowStart, type SendingWindow } from '../scheduling/windows.ts';
import { decodeEmailCursor, encodeEmailCursor, INVALID_EMAIL_CURSOR, type EmailKey } from './cursor.ts';
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
    return { items: rows.items.slice(0, limit), next_cursor: more ? encodeEmailCursor(rows.keys[limit - 1]) : null };
  }

  /** Every matching email page by page, in list order (for the CLI): constant memory per page. */
  async *pages(filter: EmailFilter, pageSize: number = EMAIL_PAGE_SIZE.max): AsyncGenerator<EmailItem[]> {
    let cursor: string | undefined;
    do {
      const page = await this.list({ ...filter, limit: pageSize, cursor });
      if (page.items.length) yield page.items;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  async get(id: number): Promise<EmailItem> {
    const email = await this.repo.get(id);
    if (!email) throw notFound('Email not found');
    return email;
  }

  /** Approves drafts: due now, or (scheduleOptimally) at the start of the next sending window. */
  async approveDrafts(ids: number[], scheduleOptimally: boolean, confirmRisky = false): Promise<ApproveResult> {
    await this.d.recipients.approve(ids, confirmRisky);
    const now = this.d.now();
    const at = scheduleOptimally ? nextWindowStart(now, await this.d.windows()) : now;
    const approved = await this.repo.release(ids, ['DRAFT'], at);
    if (approved.length === 0) throw conflict('None of these emails is a draft any more: they were approved, sent or deleted meanwhile');
    this.d.wake();
    return {
      approved_count: approved.length,
      sent_immediately: at.getTime() <= now.getTime(),
      scheduled_for: at.toISOString(),
      sending_enabled: await this.d.sendingEnabled(),
    };
  }

  /** Sends one email at once, whatever the window says; the sender's checks all still apply. */
  async sendNow(id: number): Promise<EmailItem> {
    const email = await this.get(id);
    if (!(SENDABLE as readonly Status[]).includes(email.status)) throw conflict(`This email is ${email.status}: only draft, queued, paused or failed emails can be sent`);
    await this.repo.release([id], SENDABLE, this.d.now());
    const outcome = await this.sender.send(id);
    switch (outcome.result) {
      case 'sent':
        return this.get(id);
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
    const at = forTomorrow
      ? new Date((await this.scheduling.tomorrowBest(industry)).best_time)
      : nextWindowStart(this.d.now(), await this.d.windows());
    const scheduled = await this.repo.release(ids, SENDABLE, at);
    return { email_count: scheduled.length, scheduled_for: at.toISOString(), industry };
  }
}
