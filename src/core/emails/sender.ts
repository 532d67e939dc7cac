// The sender: the only code that transmits an outreach email. One email at a time it
// checks the toggle, the sender's identity (senderFor), the bounce and complaint guard, the suppression list and the recipient check, claims the row (QUEUED → SENDING, compare
// and set, so two senders can never both take it), transmits through the metered mailer
// (quota, breaker, rate limit, retries) and records the outcome. A row left in SENDING by
// a crash is never resent blindly: reconcile() requeues it only for an idempotent
// provider, and otherwise fails it with a note for a human to check.
import { DomainError } from '../errors.ts';
import type { EventSink } from '../events.ts';
import { advanceLead, type LeadStatusRepo } from '../leads/lifecycle.ts';
import { ProviderError, type MailProvider } from '../model/providers.ts';
import type { Clock } from '../resilience/clock.ts';
import type { SenderIdentityPart } from '../model/settings.ts';
import { senderIdentityMessage, senderIdentityProblems, type EmailSettings } from '../settings/email-config.ts';
import { composeMessage, type Sender } from './message.ts';
import { openZones, type OpenZones, type SendingWindow } from '../scheduling/windows.ts';
import type { SuppressionList } from './suppression.ts';
import type { RecipientBlock } from '../verification/recipients.ts';
import type { TrackingTokens } from './tracking-token.ts';
import type { MailboxIdentity, SendVerdict } from '../mailboxes/records.ts';

export interface QueuedEmail {
  id: number;
  campaignId: number | null;
  leadId: number;
  subject: string;
  body: string;
  recipientEmail: string;
  /** The step in the campaign's sequence: above 1 it is a follow-up, sent in the thread. */
  step: number;
  inReplyTo: string | null;
  references: string | null;
}

/** A lead's sequence, as the sender sees it: whether a follow-up may still go, and what a send means for the next step. */
export interface SequenceGate {
  /** Why this follow-up must not go (the lead replied, bounced, ...), or undefined when it may. */
  stopReason(email: QueuedEmail): Promise<string | undefined>;
  /** A step went out: the next one, if any, falls due from now. */
  recordSent(email: QueuedEmail, sentAt: Date): Promise<void>;
}

export interface OutboundRepo {
  /**
   * QUEUED emails that are due: scheduled at or before `now`, and (when `unscheduled` names
   * the recipients' zones whose window is open) unscheduled ones to those recipients.
   */
  due(now: Date, limit: number, unscheduled: OpenZones | false, waitingMailboxes?: number[]): Promise<number[]>;
  /** The mailbox the email goes from (null: from before mailboxes, mailbox 1); undefined when there is no such email. */
  mailboxOf(id: number): Promise<number | null | undefined>;
  /** The stored time zones (null: unknown) of recipients of unscheduled QUEUED emails. */
  waitingZones(): Promise<(string | null)[]>;
  /** QUEUED → SENDING, only if it is still QUEUED; undefined when someone else has it or it changed. */
  claim(id: number, provider: string, messageId: (id: number) => string, now: Date): Promise<QueuedEmail | undefined>;
  /** Records a transmission (whatever the row says now: the provider has it). */
  markSent(id: number, providerMessageId: string, sentAt: Date): Promise<void>;
  /** SENDING → another status with a note (QUEUED when nothing left the building). */
  settle(id: number, status: 'QUEUED' | 'FAILED' | 'BOUNCED' | 'CANCELLED', note: string | null): Promise<void>;
  /** QUEUED → CANCELLED without a claim (suppressed before anything happened). */
  cancelQueued(id: number, note: string): Promise<boolean>;
  /** Rows in SENDING since before `before`, with the provider they were handed to. */
  stuckSending(before: Date): Promise<{ id: number; campaignId: number | null; leadId: number; provider: string | null; recipientEmail: string; mailboxId: number | null }[]>;
}

export interface SenderDeps {
  repo: OutboundRepo;
  leadStatus: LeadStatusRepo;
  suppressions: SuppressionList;
  /** The recipient check: invalid addresses, and risky ones nobody accepted, go back to Drafts. */
  recipients: { block(id: number): Promise<RecipientBlock>; holdAsDraft(id: number, note: string): Promise<void> };
  events: EventSink;
  tokens: TrackingTokens;
  publicUrl: string;
  /** Why recipients could not reach `publicUrl` over https, or null when they can. */
  publicUrlProblem: () => string | null;
  mailer: () => Promise<MailProvider>;
  /** The configured sender; real providers need it whole, the outbox fills gaps with an offline address. */
  sender: () => Promise<SenderSettings & { tracking: boolean }>;
  sendingEnabled: () => Promise<boolean>;
  /** The weekly sending windows, read on each recipient's clock. */
  windows: () => Promise<SendingWindow[]>;
  /** Seconds to wait between two sends (system config email_send_delay). */
  sendDelaySeconds: () => Promise<number>;
  clock: Clock;
  leaseMs: number;
  sequences?: SequenceGate;
  /** The bounce and complaint guard (src/core/deliverability): why this email must wait, and where a refusal at sending is counted. */
  guards?: SendGuard;
  /** The sending domain's authentication (src/core/deliverability): why live sending from this address is refused (no SPF or DKIM, not overridden), or undefined. */
  sendingDomain?: { refusal(fromEmail: string, via?: EmailSettings): Promise<string | undefined> };
  /** The sending mailboxes (src/core/mailboxes): who each thread goes from, and whether it may send now. Without them, every email goes through `mailer` as `sender`. */
  mailboxes?: SenderMailboxes;
}

/** The mailboxes as the sender sees them. */
export interface SenderMailboxes {
  forSend(mailboxId: number | null): Promise<SendVerdict>;
  /** The mailboxes that cannot send now: their emails are not due. */
  waiting(): Promise<number[]>;
  /** The mailbox's mailer, made from its settings. */
  mailer(identity: MailboxIdentity): Promise<MailProvider>;
  /** The mailbox's identity whether or not it may send now; undefined when it was removed. */
  identity(mailboxId: number | null): Promise<MailboxIdentity | undefined>;
  recordError(mailboxId: number | null, message: string): Promise<void>;
}

/** The guard as the sender sees it. */
export interface SendGuard {
  /** Why an email of this campaign, from this mailbox, must not go now, or undefined: live sending paused (`all`), its campaign or its mailbox. */
  hold(campaignId: number | null, mailboxId?: number | null): Promise<{ reason: string; all: boolean } | undefined>;
  /** The provider refused the email for good (a hard bounce at sending). */
  record(signal: { emailId: number; kind: 'hard_bounce'; source: string }): Promise<unknown>;
}

export type SendOutcome =
  | { result: 'sent'; id: number; providerMessageId: string; provider?: MailProvider['id'] }
  | { result: 'bounced' | 'failed' | 'suppressed'; id: number; reason: string; uncertain?: boolean }
  /** A follow-up cancelled after its claim: the lead's sequence stopped (a reply got there first). */
  | { result: 'stopped'; id: number; reason: string }
  /** Nothing was transmitted and the email stays QUEUED (sending off, quota, provider down). */
  | { result: 'deferred'; id: number; reason: string; why: 'disabled' | 'setup' | 'quota' | 'provider' | 'paused' }
  /** Back in Drafts for a human: the recipient is invalid, or risky without an approval of the risk. */
  | { result: 'held'; id: number; reason: string }
  /** Someone else took it, or it is no longer QUEUED. */
  | { result: 'skipped'; id: number; reason: string };

export type SenderSettings = Pick<EmailSettings, 'fromEmail' | 'fromName' | 'postalAddress'>;

/** How long the list of waiting recipients' zones is reused (see EmailSender.openNow). */
const ZONES_TTL_MS = 60_000;

/** The outbox's From when no address is set: it delivers nothing, so it needs no identity. */
export const OFFLINE_FROM = 'outreach@outbox.invalid';

/**
 * THE decision on who an email comes from, for every transmission (outreach emails and
 * the Settings test email): a real provider (brevo, resend, smtp) needs the sender's
 * whole identity — name, address and postal address — or nothing goes out; the outbox
 * uses what is set and an offline address for the rest.
 */
export function senderFor(mailerId: string, s: SenderSettings): { sender: Sender } | { refused: string } {
  if (mailerId !== 'outbox') {
    const missing = senderIdentityProblems(s);
    if (missing.length > 0) return { refused: senderIdentityMessage(missing) };
  }
  return { sender: { fromEmail: s.fromEmail ?? OFFLINE_FROM, fromName: s.fromName, postalAddress: s.postalAddress } };
}

export class EmailSender {
  constructor(private readonly d: SenderDeps) {}

  /**
   * Which mailer would take a due email now ('outbox': no provider configured) and what holds
   * every due email back before any is tried: sending turned off, or a real provider with an
   * incomplete sender (the outbox needs no identity). `hold` is null when they go.
   */
  async readiness(): Promise<{ mailer: MailProvider['id']; hold: { why: 'disabled' } | { why: 'sender'; missing: SenderIdentityPart[] } | null }> {
    const mailer = (await this.d.mailer()).id;
    if (!(await this.d.sendingEnabled())) return { mailer, hold: { why: 'disabled' } };
    const missing = mailer === 'outbox' ? [] : senderIdentityProblems(await this.d.sender());
    return { mailer, hold: missing.length > 0 ? { why: 'sender', missing } : null };
  }

  /** Sends one QUEUED email now (Send Now, or the loop). */
  async send(id: number): Promise<SendOutcome> {
    if (!(await this.d.sendingEnabled())) return { result: 'deferred', id, reason: 'Email sending is turned off in Settings', why: 'disabled' };
    const box = await this.mailbox(id);
    if ('result' in box) return box;
    const { mailer, settings, mailboxId } = box;
    const from = senderFor(mailer.id, settings);
    if ('refused' in from) return { result: 'deferred', id, reason: from.refused, why: 'setup' };
    const { sender } = from;
    const fromEmail = sender.fromEmail;
    // Through a real provider only: the outbox delivers nothing, so it cannot hurt the domain.
    // Judged for the mailbox's own provider (for SMTP its server): their SPF and DKIM differ.
    const refused = mailer.id === 'outbox' ? undefined : await this.d.sendingDomain?.refusal(fromEmail, box.via);
    if (refused) return { result: 'deferred', id, reason: refused, why: 'setup' };
    // Real recipients must be able to unsubscribe in one click: RFC 8058 wants a public https URL.
    const unreachable = mailer.id === 'outbox' ? null : this.d.publicUrlProblem();
    if (unreachable) {
      return { result: 'deferred', id, reason: `Unsubscribe links would point to ${this.d.publicUrl} (${unreachable}), which recipients cannot reach: set OUTREACH_PUBLIC_URL to this server's public https address`, why: 'setup' };
    }

    const email = await this.d.repo.claim(id, mailer.id, (emailId) => this.d.tokens.messageId(emailId, fromEmail), new Date(this.d.clock.now()));
    if (!email) return { result: 'skipped', id, reason: 'not queued any more' };

    // The bounce and complaint guard: live sending, or this campaign, paused until an operator resumes it.
    // Live sending paused stops every send; a paused campaign's email is only passed over (the loop's
    // "what is due" leaves its emails out), so the other campaigns' emails still go.
    const paused = await this.d.guards?.hold(email.campaignId, mailboxId);
    if (paused) {
      await this.d.repo.settle(id, 'QUEUED', paused.reason);
      return paused.all ? { result: 'deferred', id, reason: paused.reason, why: 'paused' } : { result: 'skipped', id, reason: paused.reason };
    }

    const blocked = await this.d.suppressions.blocks(email.recipientEmail);
    if (blocked) {
      const reason = `Not sent: ${email.recipientEmail} is on the suppression list (${blocked.reason})`;
      await this.d.repo.settle(id, 'CANCELLED', reason);
      await this.emit(email, 'warning', reason);
      return { result: 'suppressed', id, reason };
    }

    // Checked after the claim, before anything leaves: a reply recorded before this point
    // cancels the follow-up; one recorded after it arrived after the email was on its way.
    const stop = email.step > 1 ? await this.d.sequences?.stopReason(email) : undefined;
    if (stop) {
      const reason = `Follow-up not sent: the sequence stopped because ${stop}`;
      await this.d.repo.settle(id, 'CANCELLED', reason);
      await this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'sequence_stopped', status: 'info', message: `${reason} (${email.recipientEmail})`, details: { email_id: id, step: email.step } });
      return { result: 'stopped', id, reason };
    }

    const held = await this.d.recipients.block(id);
    if (held) {
      await this.d.recipients.holdAsDraft(id, held.hold);
      await this.emit(email, 'warning', held.hold);
      return { result: 'held', id, reason: held.hold };
    }

    const message = composeMessage(email, sender, { publicUrl: this.d.publicUrl, tokens: this.d.tokens, track: settings.tracking });
    try {
      const receipt = await mailer.send(message, { campaignId: email.campaignId });
      const sentAt = new Date(this.d.clock.now());
      await this.d.repo.markSent(id, receipt.providerMessageId, sentAt);
      await this.d.sequences?.recordSent(email, sentAt);
      await advanceLead(this.d.leadStatus, email.leadId, 'SENT');
      await this.d.events.emit({
        campaignId: email.campaignId,
        leadId: email.leadId,
        activityType: 'email_sent',
        status: 'success',
        message: `Email sent to ${email.recipientEmail}`,
        details: { email_id: id, subject: email.subject, provider: mailer.id, step: email.step },
      });
      return { result: 'sent', id, providerMessageId: receipt.providerMessageId, provider: mailer.id };
    } catch (error) {
      return this.failed(email, error, mailboxId);
    }
  }

  /**
   * Who the email goes from: its thread's mailbox, when that mailbox may send now. A mailbox that
   * is paused, at its allowance or within its spacing leaves the email queued (others go); a
   * removed one cancels it, since a thread never changes mailbox.
   */
  private async mailbox(id: number): Promise<{ mailer: MailProvider; settings: SenderSettings & { tracking: boolean }; mailboxId: number | null; via?: EmailSettings } | SendOutcome> {
    if (!this.d.mailboxes) return { mailer: await this.d.mailer(), settings: await this.d.sender(), mailboxId: null };
    const mailboxId = await this.d.repo.mailboxOf(id);
    if (mailboxId === undefined) return { result: 'skipped', id, reason: 'not queued any more' };
    const verdict = await this.d.mailboxes.forSend(mailboxId);
    if ('wait' in verdict) return { result: 'skipped', id, reason: verdict.wait };
    if ('gone' in verdict) {
      const reason = `Not sent: ${verdict.gone}`;
      return (await this.d.repo.cancelQueued(id, reason)) ? { result: 'stopped', id, reason } : { result: 'skipped', id, reason: 'not queued any more' };
    }
    return { mailer: await this.d.mailboxes.mailer(verdict.go), settings: verdict.go.settings, mailboxId: verdict.go.id, via: verdict.go.settings };
  }

  /**
   * Sends what is due, one at a time with the configured delay between sends, until
   * nothing is due, `limit` is reached, a stop condition hits (sending off, quota, provider
   * down) or `signal` aborts. With `unscheduled`, unscheduled QUEUED emails (live campaigns)
   * go too, but only to recipients whose own sending window is open now.
   */
  async sendDue(opts: { limit: number; unscheduled: boolean; signal?: AbortSignal; onOutcome?: (o: SendOutcome) => void }): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = [];
    while (outcomes.length < opts.limit && !opts.signal?.aborted) {
      const now = new Date(this.d.clock.now());
      const waiting = (await this.d.mailboxes?.waiting()) ?? [];
      const ids = await this.d.repo.due(now, Math.min(20, opts.limit - outcomes.length), opts.unscheduled && (await this.openNow(now)), waiting);
      if (ids.length === 0) break;
      for (const id of ids) {
        if (outcomes.length >= opts.limit || opts.signal?.aborted) break;
        const outcome = await this.send(id);
        outcomes.push(outcome);
        opts.onOutcome?.(outcome);
        // The provider is unwell (or its answer lost): stop here rather than fail the whole queue.
        if (outcome.result === 'deferred' || (outcome.result === 'failed' && outcome.uncertain)) return outcomes;
        if (outcome.result !== 'skipped') await this.d.clock.sleep((await this.d.sendDelaySeconds()) * 1000);
      }
    }
    return outcomes;
  }

  /** The recipients (by zone) of unscheduled emails whose sending window is open at `now`. */
  async openNow(now: Date): Promise<OpenZones> {
    return openZones(now, await this.d.windows(), await this.waitingZones(now.getTime()));
  }

  // The zones of waiting recipients change rarely and cost a pass over the queue: asked at most
  // once a minute while emails wait (an empty queue is asked again at once, so a new campaign's
  // first email is not held). A stale list only delays a new zone's first email by that minute.
  private zones?: { at: number; zones: Promise<(string | null)[]>; empty?: boolean };
  private waitingZones(now: number): Promise<(string | null)[]> {
    if (!this.zones || this.zones.empty || now - this.zones.at >= ZONES_TTL_MS || now < this.zones.at) {
      const zones = this.d.repo.waitingZones();
      const entry: { at: number; zones: Promise<(string | null)[]>; empty?: boolean } = { at: now, zones };
      this.zones = entry;
      zones.then(
        (list) => (entry.empty = list.length === 0),
        () => this.zones === entry && (this.zones = undefined), // a failed read is not kept
      );
    }
    return this.zones.zones;
  }

  /** Settles rows a crashed sender left in SENDING. Returns how many it touched. */
  async reconcile(leaseMs = this.d.leaseMs): Promise<number> {
    const stuck = await this.d.repo.stuckSending(new Date(this.d.clock.now() - leaseMs));
    if (stuck.length === 0) return 0;
    for (const row of stuck) {
      const mailer = await this.mailerOf(row.mailboxId);
      // The provider dedupes by our id: handing it over again (from the same mailbox) cannot deliver twice.
      if (mailer?.idempotent && row.provider === mailer.id) {
        await this.d.repo.settle(row.id, 'QUEUED', 'Sending was interrupted; queued again (the provider ignores duplicates)');
        continue;
      }
      const note = 'Sending was interrupted, so it may or may not have been delivered. It will not be resent automatically: check your sent mail, then send it again or leave it.';
      await this.d.repo.settle(row.id, 'FAILED', note);
      await this.emit(row, 'warning', `Email to ${row.recipientEmail}: ${note}`);
    }
    return stuck.length;
  }

  /** The mailer the mailbox sends through; undefined when the mailbox was removed. */
  private async mailerOf(mailboxId: number | null): Promise<MailProvider | undefined> {
    if (!this.d.mailboxes) return this.d.mailer();
    const identity = await this.d.mailboxes.identity(mailboxId);
    return identity && this.d.mailboxes.mailer(identity);
  }

  private async failed(email: QueuedEmail, error: unknown, mailboxId: number | null): Promise<SendOutcome> {
    const id = email.id;
    const reason = error instanceof Error ? error.message : String(error);
    // The provider's side failed (not the recipient): kept on the mailbox for its operator.
    if (error instanceof ProviderError && error.kind !== 'rejected') await this.d.mailboxes?.recordError(mailboxId, reason);
    // Refused for good (5xx, hard bounce): never try this address again.
    if (error instanceof ProviderError && error.kind === 'rejected') {
      await this.d.repo.settle(id, 'BOUNCED', reason);
      await this.d.suppressions.add(email.recipientEmail, 'bounced', `send rejected: ${reason}`.slice(0, 200));
      await advanceLead(this.d.leadStatus, email.leadId, 'BOUNCED');
      await this.emit(email, 'error', `Email to ${email.recipientEmail} bounced: ${reason}`);
      await this.d.guards?.record({ emailId: id, kind: 'hard_bounce', source: 'refused at sending' });
      return { result: 'bounced', id, reason };
    }
    if (error instanceof ProviderError && error.uncertain) {
      const note = `${reason}. It may or may not have been delivered, so it will not be resent automatically: check your sent mail, then send it again or leave it.`;
      await this.d.repo.settle(id, 'FAILED', note);
      await this.emit(email, 'warning', `Email to ${email.recipientEmail}: ${note}`);
      return { result: 'failed', id, reason: note, uncertain: true };
    }
    // Nothing was transmitted: the quota, the breaker, the key or the provider's plan said no.
    const quota = error instanceof DomainError && error.code === 'quota_exhausted';
    if (quota || (error instanceof ProviderError && ['unavailable', 'rate_limited', 'auth', 'quota_exhausted'].includes(error.kind))) {
      await this.d.repo.settle(id, 'QUEUED', reason);
      return { result: 'deferred', id, reason, why: quota ? 'quota' : 'provider' };
    }
    await this.d.repo.settle(id, 'FAILED', reason);
    await this.emit(email, 'error', `Email to ${email.recipientEmail} failed: ${reason}`);
    return { result: 'failed', id, reason };
  }

  private emit(email: { id: number; campaignId: number | null; leadId: number }, status: 'warning' | 'error', message: string) {
    return this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType: 'error', status, message, details: { email_id: email.id } });
  }
}

