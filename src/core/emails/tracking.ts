// What happens when a recipient opens, clicks or unsubscribes, and when Brevo or Resend reports a
// bounce or complaint (each also counted by the bounce and complaint guard, src/core/deliverability). Machines (scanners, proxies) are counted apart and never count as
// engagement; a redirect only ever leads to a link the email itself carried; opting out
// suppresses the address and cancels whatever was still waiting to go to it.
import { createHash, timingSafeEqual } from 'node:crypto';
import { invalid } from '../errors.ts';
import type { ActivityStatus, ActivityType, EventSink } from '../events.ts';
import { advanceLead, type LeadStatusRepo } from '../leads/lifecycle.ts';
import { parseBrevoEvents, type BrevoEvent } from './brevo-events.ts';
import { parseResendEvent, svixProblem, type SvixHeaders } from './resend-events.ts';
import { extractLinks } from './links.ts';
import { machineReason, type MachineFilterOptions } from './machine-filter.ts';
import { emailStatusAfter, type EmailStatus } from './status.ts';
import type { SuppressionList } from './suppression.ts';
import type { TrackingTokens } from './tracking-token.ts';

export interface TrackedEmail {
  id: number;
  leadId: number;
  campaignId: number | null;
  recipientEmail: string;
  subject: string;
  body: string;
  status: EmailStatus;
  sentAt: Date | null;
}

export interface TrackingRepo {
  find(id: number): Promise<TrackedEmail | undefined>;
  /** The email the provider knows by this id (Brevo's own message id), if any. */
  findByProviderMessageId(providerMessageId: string): Promise<number | undefined>;
  countMachine(id: number, kind: 'open' | 'click'): Promise<void>;
  /** open_count + 1, opened_at set when unset; true when this call set it (the first human open). */
  recordOpen(id: number, at: Date): Promise<boolean>;
  /** click_count + 1, clicked_at set when unset; a click also implies an open (opened_at, open_count ≥ 1). True on the first. */
  recordClick(id: number, at: Date): Promise<boolean>;
  /** Compare and set: moves the status only if it is still `from`. */
  moveStatus(id: number, from: EmailStatus, to: EmailStatus, note?: string): Promise<boolean>;
  /** DRAFT, QUEUED and PAUSED emails to this address → CANCELLED with the note; how many. */
  cancelPending(address: string, note: string): Promise<number>;
  addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata?: Record<string, unknown> }): Promise<void>;
}

export interface Hit {
  method: string;
  userAgent: string | undefined;
  at: Date;
}

export type UnsubscribeSource = 'one-click' | 'link' | 'brevo';
export type WebhookAuth = 'ok' | 'unauthorized' | 'not_configured';

export interface TrackingDeps {
  repo: TrackingRepo;
  leadStatus: LeadStatusRepo;
  tokens: TrackingTokens;
  suppressions: SuppressionList;
  events: EventSink;
  filter: MachineFilterOptions;
  /** The bearer token Brevo must send; undefined when none is configured. */
  brevoWebhookToken: () => Promise<string | undefined>;
  /** Resend's webhook signing secret (whsec_…); undefined when none is configured. */
  resendWebhookSecret?: () => Promise<string | undefined>;
  /** The bounce and complaint guard: each hard bounce and complaint is counted there, once per email. */
  guards?: { record(signal: { emailId: number; kind: 'hard_bounce' | 'complaint'; source: string; providerEventId?: string | null }): Promise<unknown> };
  now?: () => Date;
}

/** A provider's report about one of our emails, whoever sent it. */
interface ProviderReport {
  provider: 'Brevo' | 'Resend';
  /** The provider's event name (hard_bounce, email.complained, ...). */
  name: string;
  reason?: string;
  eventId?: string | null;
}

const CANCEL_NOTE = {
  unsubscribed: 'Cancelled: the recipient unsubscribed',
  complained: 'Cancelled: the recipient marked an email as spam',
  bounced: 'Cancelled: the address bounced',
};

export class TrackingService {
  constructor(private readonly d: TrackingDeps) {}

  /** The open pixel was fetched. Returns the email id when the token was ours. */
  async open(token: string, hit: Hit): Promise<number | undefined> {
    const email = await this.sentEmail('open', token);
    if (!email) return undefined;
    if (machineReason({ kind: 'open', ...hit, sentAt: email.sentAt }, this.d.filter)) {
      await this.d.repo.countMachine(email.id, 'open');
      return email.id;
    }
    // Only the first human open changes anything visible; repeats are only counted.
    if (!(await this.d.repo.recordOpen(email.id, hit.at))) return email.id;
    await this.engaged(email, 'OPENED', 'email_opened', `${email.recipientEmail} opened "${email.subject}"`, {});
    return email.id;
  }

  /**
   * A tracked link was followed. Returns the URL to redirect to — always the email's own
   * link at that position — or undefined (unknown token, no such link, the honeypot).
   */
  async click(token: string, target: number | 'hp', hit: Hit): Promise<string | undefined> {
    const id = this.d.tokens.verify('click', token);
    const email = id === undefined ? undefined : await this.d.repo.find(id);
    if (!email) return undefined;
    const url = target === 'hp' ? undefined : extractLinks(email.body)[target];
    if (target !== 'hp' && !url) return undefined;
    if (!email.sentAt) return url; // a preview of an unsent email: follow, but count nothing
    if (machineReason({ kind: 'click', ...hit, sentAt: email.sentAt, honeypot: target === 'hp' }, this.d.filter)) {
      await this.d.repo.countMachine(email.id, 'click');
      return url;
    }
    if (await this.d.repo.recordClick(email.id, hit.at)) {
      await this.engaged(email, 'CLICKED', 'email_clicked', `${email.recipientEmail} clicked ${url}`, { url, link_index: target });
    }
    return url;
  }

  /** The recipient unsubscribed (link page or RFC 8058 one-click). False when the token is not ours. */
  async unsubscribe(token: string, source: UnsubscribeSource): Promise<boolean> {
    const id = this.d.tokens.verify('unsubscribe', token);
    const email = id === undefined ? undefined : await this.d.repo.find(id);
    if (!email) return false;
    await this.optOut(email, 'unsubscribed', source);
    return true;
  }

  /** Whether an Authorization header carries the configured Brevo webhook token (compared in constant time). */
  async brevoAuth(authorization: string | undefined): Promise<WebhookAuth> {
    const expected = await this.d.brevoWebhookToken();
    if (!expected) return 'not_configured';
    const given = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
    const digest = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(digest(given), digest(expected)) ? 'ok' : 'unauthorized';
  }

  /** Applies a Brevo transactional webhook (one event or an array); returns how many events concerned our emails. */
  async brevoEvents(payload: unknown): Promise<number> {
    const events = parseBrevoEvents(payload);
    if (!events) throw invalid('Expected a Brevo webhook event object or an array of them');
    let applied = 0;
    for (const event of events) if (await this.brevoEvent(event)) applied++;
    return applied;
  }

  private async brevoEvent(event: BrevoEvent): Promise<boolean> {
    if (event.kind === 'ignored') return false; // deliveries, opens, clicks: we track those ourselves
    const id = this.d.tokens.emailIdFromMessageId(event.messageId) ?? (await this.d.repo.findByProviderMessageId(event.messageId));
    const email = id === undefined ? undefined : await this.d.repo.find(id);
    // A report about another address under our id is not about this email.
    if (!email || (event.email && event.email !== email.recipientEmail.toLowerCase())) return false;
    const report: ProviderReport = { provider: 'Brevo', name: event.name, reason: event.reason };
    if (event.kind === 'bounce') await this.bounced(email, report);
    else if (event.kind === 'complaint') await this.complained(email, report);
    else await this.optOut(email, 'unsubscribed', 'brevo');
    return true;
  }

  /** Whether a Resend webhook's Svix signature holds: 'ok', or why not (not configured, or the detail). */
  async resendAuth(headers: SvixHeaders, body: string): Promise<'ok' | 'not_configured' | { unauthorized: string }> {
    const secret = await this.d.resendWebhookSecret?.();
    if (!secret) return 'not_configured';
    const problem = svixProblem(secret, headers, body, this.d.now?.() ?? new Date());
    return problem ? { unauthorized: problem } : 'ok';
  }

  /** Applies a Resend webhook event (its signature already checked); true when it concerned one of our emails. */
  async resendEvent(payload: unknown, eventId: string | undefined): Promise<boolean> {
    const event = parseResendEvent(payload);
    if (!event) throw invalid('Expected a Resend webhook event: {"type": "email.…", "data": {"email_id": "…", "to": ["…"]}}');
    if (event.kind === 'ignored') return false;
    const id = await this.d.repo.findByProviderMessageId(event.emailId);
    const email = id === undefined ? undefined : await this.d.repo.find(id);
    if (!email || (event.to.length > 0 && !event.to.includes(email.recipientEmail.toLowerCase()))) return false;
    const report: ProviderReport = { provider: 'Resend', name: event.name, reason: event.reason, eventId };
    if (event.kind === 'bounce') await this.bounced(email, report);
    else await this.complained(email, report);
    return true;
  }

  /** A spam complaint: never email the address again, and the guard counts it. */
  private async complained(email: TrackedEmail, report: ProviderReport): Promise<void> {
    const source = `${report.provider.toLowerCase()}: ${report.name}`;
    await this.optOut(email, 'complained', source);
    await this.d.guards?.record({ emailId: email.id, kind: 'complaint', source, providerEventId: report.eventId });
  }

  private async bounced(email: TrackedEmail, event: ProviderReport): Promise<void> {
    const source = `${event.provider.toLowerCase()}: ${event.name}`;
    const note = `${event.provider} reported ${event.name}${event.reason ? `: ${event.reason}` : ''}`.slice(0, 500);
    const moved = email.status !== 'BOUNCED' && (await this.d.repo.moveStatus(email.id, email.status, 'BOUNCED', note));
    await this.d.suppressions.add(email.recipientEmail, 'bounced', source);
    await advanceLead(this.d.leadStatus, email.leadId, 'BOUNCED');
    await this.d.repo.cancelPending(email.recipientEmail, CANCEL_NOTE.bounced);
    if (moved) {
      await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: 'email_bounced', description: note, metadata: { event: event.name } });
      await this.emit(email, 'email_bounced', 'error', `Email to ${email.recipientEmail} bounced (${event.name})`, { reason: event.reason ?? null });
    }
    // Counted once per email whatever the number of reports (a repeat is ignored there).
    await this.d.guards?.record({ emailId: email.id, kind: 'hard_bounce', source, providerEventId: event.eventId });
  }

  /** Unsubscribe or complaint: never email this address again. Safe to repeat. */
  private async optOut(email: TrackedEmail, reason: 'unsubscribed' | 'complained', source: string): Promise<void> {
    const { added } = await this.d.suppressions.add(email.recipientEmail, reason, source);
    const lead = await advanceLead(this.d.leadStatus, email.leadId, 'UNSUBSCRIBED');
    const cancelled = await this.d.repo.cancelPending(email.recipientEmail, CANCEL_NOTE[reason]);
    if (!added && !lead && cancelled === 0) return; // nothing new: a repeat
    const message =
      reason === 'complained' ? `${email.recipientEmail} marked the email as spam and will not be emailed again` : `${email.recipientEmail} unsubscribed`;
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type: reason === 'complained' ? 'spam_complaint' : 'unsubscribed', description: message, metadata: { source, cancelled } });
    await this.emit(email, 'unsubscribed', 'warning', message, { source, reason, cancelled_emails: cancelled });
  }

  /** The first human open or click: status forward, lead forward, history, feed. */
  private async engaged(email: TrackedEmail, event: 'OPENED' | 'CLICKED', type: 'email_opened' | 'email_clicked', message: string, details: Record<string, unknown>) {
    const next = emailStatusAfter(email.status, event);
    if (next) await this.d.repo.moveStatus(email.id, email.status, next);
    await advanceLead(this.d.leadStatus, email.leadId, event);
    await this.d.repo.addInteraction({ leadId: email.leadId, emailId: email.id, type, description: message, metadata: details });
    await this.emit(email, type, 'success', message, details);
  }

  private async sentEmail(purpose: 'open', token: string): Promise<TrackedEmail | undefined> {
    const id = this.d.tokens.verify(purpose, token);
    const email = id === undefined ? undefined : await this.d.repo.find(id);
    return email?.sentAt ? email : undefined;
  }

  private emit(email: TrackedEmail, activityType: ActivityType, status: ActivityStatus, message: string, details: Record<string, unknown>) {
    return this.d.events.emit({ campaignId: email.campaignId, leadId: email.leadId, activityType, status, message, details: { ...details, email_id: email.id, subject: email.subject } });
  }
}
