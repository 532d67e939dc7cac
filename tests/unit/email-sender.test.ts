import { describe, expect, it } from 'vitest';
import { EmailSender, type OutboundRepo, type QueuedEmail, type SenderDeps } from '../../src/core/emails/sender.ts';
import type { EmailStatus } from '../../src/core/emails/status.ts';
import { SuppressionList, type Suppression, type SuppressionReason, type SuppressionRepo } from '../../src/core/emails/suppression.ts';
import { TrackingTokens } from '../../src/core/emails/tracking-token.ts';
import { DomainError } from '../../src/core/errors.ts';
import type { ActivityEvent } from '../../src/core/events.ts';
import type { LeadStatus } from '../../src/core/model/lead.ts';
import { ProviderError, type CallContext, type MailProvider, type OutgoingEmail, type ProviderFailure } from '../../src/core/model/providers.ts';
import type { OpenZones } from '../../src/core/scheduling/windows.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { MemoryLeadStatuses } from '../support/memory-lead-statuses.ts';

const START = Date.parse('2026-03-10T15:00:00Z');
const LEASE_MS = 10 * 60_000;
const FROM = 'hello@agency.example';

// A turn of the event loop inside every repository call, as a database would have, so that
// concurrent senders really interleave.
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Row extends QueuedEmail {
  status: EmailStatus;
  scheduledAt: Date | null;
  provider: string | null;
  messageId: string | null;
  sendingStartedAt: Date | null;
  providerMessageId: string | null;
  sentAt: Date | null;
  note: string | null;
}

class MemoryOutbound implements OutboundRepo {
  readonly rows = new Map<number, Row>();
  readonly leads = new Map<number, LeadStatus>();
  claims = 0;

  add(id: number, over: Partial<Row> = {}): Row {
    const row: Row = {
      id,
      campaignId: 7,
      leadId: 100 + id,
      subject: `Subject ${id}`,
      body: `Hello ${id},\n\nSee https://example.com/${id}.`,
      recipientEmail: `owner${id}@shop${id}.example`,
      step: 1,
      inReplyTo: null,
      references: null,
      status: 'QUEUED',
      scheduledAt: null,
      provider: null,
      messageId: null,
      sendingStartedAt: null,
      providerMessageId: null,
      sentAt: null,
      note: null,
      ...over,
    };
    this.rows.set(id, row);
    this.zones.set(id, this.zoneOf());
    if (!this.leads.has(row.leadId)) this.leads.set(row.leadId, 'EMAIL_GENERATED');
    return row;
  }

  row(id: number): Row {
    return this.rows.get(id)!;
  }

  async due(now: Date, limit: number, unscheduled: OpenZones | false) {
    await yieldTurn();
    // Unscheduled rows go when their recipient's zone is open (no known zone: the server's windows).
    const open = (id: number) => {
      const zone = this.zones.get(id) ?? null;
      return unscheduled && (zone === null ? unscheduled.unknown : unscheduled.zones.includes(zone));
    };
    return [...this.rows.values()]
      .filter((r) => r.status === 'QUEUED' && (r.scheduledAt ? r.scheduledAt <= now : open(r.id)))
      .map((r) => r.id)
      .sort((a, b) => a - b)
      .slice(0, limit);
  }

  zoneReads = 0;
  /** The time zone of the recipient of each email added from now on. */
  zoneOf: () => string | null = () => null;
  readonly zones = new Map<number, string | null>();

  async waitingZones() {
    this.zoneReads++;
    return [...new Set([...this.rows.values()].filter((r) => r.status === 'QUEUED' && !r.scheduledAt).map((r) => this.zones.get(r.id) ?? null))];
  }

  async claim(id: number, provider: string, messageId: (id: number) => string, now: Date) {
    this.claims++;
    await yieldTurn();
    // Compare and set, in one synchronous step after the turn.
    const row = this.rows.get(id);
    if (!row || row.status !== 'QUEUED') return undefined;
    Object.assign(row, { status: 'SENDING', provider, messageId: messageId(id), sendingStartedAt: now });
    const { campaignId, leadId, subject, body, recipientEmail, step, inReplyTo, references } = row;
    return { id, campaignId, leadId, subject, body, recipientEmail, step, inReplyTo, references };
  }

  async markSent(id: number, providerMessageId: string, sentAt: Date) {
    await yieldTurn();
    Object.assign(this.row(id), { status: 'SENT', providerMessageId, sentAt, sendingStartedAt: null, note: null });
  }

  async settle(id: number, status: 'QUEUED' | 'FAILED' | 'BOUNCED' | 'CANCELLED', note: string | null) {
    await yieldTurn();
    const row = this.row(id);
    if (row.status === 'SENDING') Object.assign(row, { status, note, sendingStartedAt: null });
  }

  async cancelQueued(id: number, note: string) {
    await yieldTurn();
    const row = this.row(id);
    if (row.status !== 'QUEUED') return false;
    Object.assign(row, { status: 'CANCELLED', note });
    return true;
  }

  async stuckSending(before: Date) {
    await yieldTurn();
    return [...this.rows.values()]
      .filter((r) => r.status === 'SENDING' && (!r.sendingStartedAt || r.sendingStartedAt < before))
      .map(({ id, campaignId, leadId, provider, recipientEmail }) => ({ id, campaignId, leadId, provider, recipientEmail, mailboxId: null }));
  }

  async mailboxOf(id: number) {
    return this.rows.has(id) ? null : undefined;
  }
}

class MemorySuppressions implements SuppressionRepo {
  readonly entries = new Map<string, Suppression>();
  async add(entry: string, reason: SuppressionReason, source: string | null) {
    if (this.entries.has(entry)) return false;
    this.entries.set(entry, { email: entry, reason, source, created_at: new Date(START).toISOString() });
    return true;
  }
  async remove(entry: string) {
    return this.entries.delete(entry);
  }
  async list() {
    return [...this.entries.values()];
  }
  async findAny(entries: string[]) {
    for (const e of entries) if (this.entries.has(e)) return this.entries.get(e);
    return undefined;
  }
}

/** A mailer that records what it was handed, when, and fails on demand. */
class FakeMailer implements MailProvider {
  readonly sent: { message: OutgoingEmail; context?: CallContext; at: number }[] = [];
  failWith?: (message: OutgoingEmail) => unknown;
  constructor(
    readonly id: MailProvider['id'],
    private readonly now: () => number,
    readonly idempotent = false,
  ) {}
  async send(message: OutgoingEmail, context?: CallContext) {
    await yieldTurn();
    const failure = this.failWith?.(message);
    if (failure) throw failure;
    this.sent.push({ message, context, at: this.now() });
    return { providerMessageId: `prov-${this.sent.length}` };
  }
}

function setup(opts: { mailerId?: MailProvider['id']; idempotent?: boolean; fromEmail?: string; fromName?: string; postalAddress?: string; enabled?: boolean; publicUrl?: string } = {}) {
  const clock = fakeClock(START);
  const repo = new MemoryOutbound();
  const suppressions = new SuppressionList(new MemorySuppressions());
  const events: ActivityEvent[] = [];
  const tokens = new TrackingTokens(new Uint8Array(32).fill(9));
  const mailer = new FakeMailer(opts.mailerId ?? 'brevo', clock.now, opts.idempotent);
  const state = { enabled: opts.enabled ?? true, mailer, held: new Map<number, string>() };
  const deps: SenderDeps = {
    repo,
    leadStatus: new MemoryLeadStatuses(repo.leads),
    suppressions,
    recipients: {
      block: async (id) => (state.held.has(id) ? { hold: state.held.get(id)! } : null),
      holdAsDraft: async (id, note) => void Object.assign(repo.row(id), { status: 'DRAFT', note, sendingStartedAt: null }),
    },
    events: { emit: async (e) => void events.push(e) },
    tokens,
    publicUrl: opts.publicUrl ?? 'https://crm.agency.example',
    publicUrlProblem: () => (opts.publicUrl?.startsWith('http://localhost') ? 'a localhost name' : null),
    mailer: async () => state.mailer,
    sender: async () => ({
      fromEmail: 'fromEmail' in opts ? opts.fromEmail : FROM,
      fromName: 'fromName' in opts ? opts.fromName : 'Ada',
      postalAddress: 'postalAddress' in opts ? opts.postalAddress : '1 Main St',
      tracking: true,
    }),
    sendingEnabled: async () => state.enabled,
    windows: async () => [],
    sendDelaySeconds: async () => 3,
    clock,
    leaseMs: LEASE_MS,
  };
  return { sender: new EmailSender(deps), clock, repo, suppressions, events, tokens, mailer, state };
}

describe('EmailSender.send', () => {
  it('defers without claiming anything when sending is turned off', async () => {
    const { sender, repo, mailer } = setup({ enabled: false });
    repo.add(1);
    expect(await sender.send(1)).toMatchObject({ result: 'deferred', id: 1, why: 'disabled' });
    expect(repo.claims).toBe(0);
    expect(repo.row(1).status).toBe('QUEUED');
    expect(mailer.sent).toEqual([]);
  });

  it('refuses a real provider while unsubscribe links would not reach recipients', async () => {
    const { sender, repo, mailer } = setup({ publicUrl: 'http://localhost:3000' });
    repo.add(1);
    expect(await sender.send(1)).toMatchObject({ result: 'deferred', why: 'setup', reason: expect.stringContaining('OUTREACH_PUBLIC_URL') });
    expect(mailer.sent).toEqual([]);
    const offline = setup({ mailerId: 'outbox', publicUrl: 'http://localhost:3000' });
    offline.repo.add(1);
    expect(await offline.sender.send(1)).toMatchObject({ result: 'sent' }); // practice runs stay local
  });

  it('refuses every real provider until the sender name, address and postal address are all set', async () => {
    const cases = [
      [{ fromEmail: undefined, fromName: undefined, postalAddress: undefined }, 'Set your sender name, address and postal address in Settings → Sender before sending'],
      [{ fromEmail: undefined }, 'Set your sender address in Settings → Sender before sending'],
      [{ fromName: '  ' }, 'Set your sender name in Settings → Sender before sending'],
      [{ postalAddress: undefined }, 'Set your postal address in Settings → Sender before sending'],
    ] as const;
    for (const mailerId of ['brevo', 'resend', 'smtp'] as const) {
      for (const [identity, reason] of cases) {
        const { sender, repo, mailer } = setup({ mailerId, ...identity });
        repo.add(1);
        expect(await sender.send(1)).toEqual({ result: 'deferred', id: 1, why: 'setup', reason });
        expect(repo.claims).toBe(0);
        expect(repo.row(1).status).toBe('QUEUED');
        expect(mailer.sent).toEqual([]);
      }
    }
  });

  it('still writes to the offline outbox without an identity, and uses it once set', async () => {
    const bare = setup({ mailerId: 'outbox', fromEmail: undefined, fromName: undefined, postalAddress: undefined });
    bare.repo.add(1);
    expect(await bare.sender.send(1)).toMatchObject({ result: 'sent' });
    expect(bare.mailer.sent[0].message.from).toEqual({ email: 'outreach@outbox.invalid', name: undefined });
    expect(bare.mailer.sent[0].message.text).not.toContain('Outreach');

    const named = setup({ mailerId: 'outbox' });
    named.repo.add(1);
    expect(await named.sender.send(1)).toMatchObject({ result: 'sent' });
    expect(named.mailer.sent[0].message.from).toEqual({ email: FROM, name: 'Ada' });
    expect(named.mailer.sent[0].message.text).toContain('--\n1 Main St\n');
  });

  it('holds an email whose recipient check refuses it back in Drafts, and never hands it to the mailer', async () => {
    const { sender, repo, mailer, events, state } = setup();
    repo.add(1, { recipientEmail: 'noreply@shop1.example' });
    state.held.set(1, 'Not sent: noreply@shop1.example cannot receive mail (noreply@ is an address nobody reads)');

    expect(await sender.send(1)).toMatchObject({ result: 'held', id: 1, reason: expect.stringContaining('nobody reads') });
    expect(mailer.sent).toEqual([]);
    expect(repo.row(1).status).toBe('DRAFT');
    expect(repo.row(1).note).toContain('cannot receive mail');
    expect(repo.leads.get(101)).toBe('EMAIL_GENERATED');
    expect(events.at(-1)).toMatchObject({ status: 'warning', message: expect.stringContaining('noreply@shop1.example') });
  });

  it('cancels an email to a suppressed address, or domain, and never hands it to the mailer', async () => {
    const { sender, repo, suppressions, mailer, events } = setup();
    repo.add(1, { recipientEmail: 'Owner1@Shop1.example' });
    repo.add(2, { recipientEmail: 'anyone@blocked.example' });
    await suppressions.add('owner1@shop1.example', 'unsubscribed');
    await suppressions.add('@blocked.example', 'manual');

    const one = await sender.send(1);
    expect(one).toMatchObject({ result: 'suppressed', id: 1 });
    expect(one.result === 'suppressed' && one.reason).toContain('unsubscribed');
    expect(await sender.send(2)).toMatchObject({ result: 'suppressed', id: 2 });

    expect(mailer.sent).toEqual([]);
    expect(repo.row(1).status).toBe('CANCELLED');
    expect(repo.row(1).note).toContain('suppression list');
    expect(repo.row(2).status).toBe('CANCELLED');
    expect(repo.leads.get(101)).toBe('EMAIL_GENERATED');
    expect(events.map((e) => [e.status, e.details?.email_id])).toEqual([['warning', 1], ['warning', 2]]);
  });

  it('sends, records the provider id, moves the lead on and emits email_sent', async () => {
    const { sender, repo, mailer, events, tokens, clock } = setup();
    repo.add(1);
    clock.t += 5000;
    expect(await sender.send(1)).toMatchObject({ result: 'sent', id: 1, providerMessageId: 'prov-1' });

    const row = repo.row(1);
    expect(row).toMatchObject({ status: 'SENT', providerMessageId: 'prov-1', provider: 'brevo' });
    expect(row.sentAt?.getTime()).toBe(START + 5000);
    expect(row.messageId).toBe(tokens.messageId(1, FROM));
    expect(repo.leads.get(101)).toBe('EMAIL_SENT');

    expect(mailer.sent).toHaveLength(1);
    const { message, context } = mailer.sent[0];
    expect(context).toEqual({ campaignId: 7 });
    expect(message).toMatchObject({ messageId: tokens.messageId(1, FROM), to: { email: 'owner1@shop1.example' }, from: { email: FROM, name: 'Ada' }, subject: 'Subject 1' });
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message.text).toContain('1 Main St');
    expect(message.html).toContain('/t/o/'); // tracking is on in this setup

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ activityType: 'email_sent', status: 'success', campaignId: 7, leadId: 101, details: { email_id: 1, provider: 'brevo' } });
  });

  it('does not move a lead backwards when a follow-up goes out after a reply', async () => {
    const { sender, repo } = setup();
    repo.add(1);
    repo.leads.set(101, 'REPLIED');
    expect(await sender.send(1)).toMatchObject({ result: 'sent' });
    expect(repo.leads.get(101)).toBe('REPLIED');
  });

  it('skips an email that is not queued any more', async () => {
    const { sender, repo, mailer } = setup();
    repo.add(1, { status: 'CANCELLED' });
    expect(await sender.send(1)).toMatchObject({ result: 'skipped', id: 1 });
    expect(await sender.send(404)).toMatchObject({ result: 'skipped', id: 404 });
    expect(mailer.sent).toEqual([]);
    expect(repo.row(1).status).toBe('CANCELLED');
  });

  it('bounces a rejected email: BOUNCED, address suppressed, lead BOUNCED', async () => {
    const { sender, repo, suppressions, mailer, events } = setup();
    repo.add(1);
    mailer.failWith = () => new ProviderError('email', 'rejected', '550 mailbox does not exist', 550);
    expect(await sender.send(1)).toEqual({ result: 'bounced', id: 1, reason: '550 mailbox does not exist' });
    expect(repo.row(1)).toMatchObject({ status: 'BOUNCED', note: '550 mailbox does not exist' });
    expect(await suppressions.blocks('owner1@shop1.example')).toMatchObject({ reason: 'bounced' });
    expect(repo.leads.get(101)).toBe('BOUNCED');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'error', details: { email_id: 1 } });

    // The next email to that address never reaches the mailer.
    mailer.failWith = undefined;
    repo.add(2, { recipientEmail: 'owner1@shop1.example' });
    expect(await sender.send(2)).toMatchObject({ result: 'suppressed' });
    expect(mailer.sent).toEqual([]);
  });

  it.each<ProviderFailure>(['unavailable', 'rate_limited', 'auth', 'quota_exhausted'])(
    'puts the email back in the queue when the provider says %s (nothing was transmitted)',
    async (kind) => {
      const { sender, repo, suppressions, events, mailer } = setup();
      repo.add(1);
      mailer.failWith = () => new ProviderError('email', kind, `provider said ${kind}`);
      expect(await sender.send(1)).toEqual({ result: 'deferred', id: 1, reason: `provider said ${kind}`, why: 'provider' });
      expect(repo.row(1)).toMatchObject({ status: 'QUEUED', note: `provider said ${kind}` });
      expect(await suppressions.list()).toEqual([]);
      expect(repo.leads.get(101)).toBe('EMAIL_GENERATED');
      expect(events).toEqual([]);
    },
  );

  it('puts the email back in the queue when our own quota is used up', async () => {
    const { sender, repo, mailer } = setup();
    repo.add(1);
    mailer.failWith = () => new DomainError('quota_exhausted', 'Daily email quota reached');
    expect(await sender.send(1)).toEqual({ result: 'deferred', id: 1, reason: 'Daily email quota reached', why: 'quota' });
    expect(repo.row(1).status).toBe('QUEUED');
    // ...and it goes once the quota allows again.
    mailer.failWith = undefined;
    expect(await sender.send(1)).toMatchObject({ result: 'sent' });
  });

  it('fails an email the provider cannot take for another reason, with an error event', async () => {
    const { sender, repo, events, mailer } = setup();
    repo.add(1);
    mailer.failWith = () => new ProviderError('email', 'bad_request', '400 invalid subject', 400);
    expect(await sender.send(1)).toEqual({ result: 'failed', id: 1, reason: '400 invalid subject' });
    expect(repo.row(1)).toMatchObject({ status: 'FAILED', note: '400 invalid subject' });
    expect(events[0]).toMatchObject({ status: 'error', details: { email_id: 1 } });
  });

  it('transmits once when two sends of the same email race', async () => {
    const { sender, repo, mailer } = setup();
    repo.add(1);
    const outcomes = await Promise.all([sender.send(1), sender.send(1), sender.send(1)]);
    expect(repo.claims).toBe(3); // all three really tried
    expect(mailer.sent).toHaveLength(1);
    expect(outcomes.map((o) => o.result).sort()).toEqual(['sent', 'skipped', 'skipped']);
    expect(repo.row(1).status).toBe('SENT');
  });
});

describe('EmailSender.reconcile', () => {
  /** A row a crashed sender left in SENDING, handed to `provider`. */
  async function stuck(repo: MemoryOutbound, id: number, provider: string, at: number) {
    repo.add(id);
    await repo.claim(id, provider, () => `<m${id}>`, new Date(at));
  }

  it('fails a stuck email with a note when the provider might have delivered it', async () => {
    const { sender, repo, clock, events, mailer } = setup({ mailerId: 'smtp' });
    await stuck(repo, 1, 'smtp', START);
    clock.t += LEASE_MS + 1;
    expect(await sender.reconcile()).toBe(1);
    expect(repo.row(1).status).toBe('FAILED');
    expect(repo.row(1).note).toMatch(/may or may not have been delivered.*will not be resent automatically/);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'warning', leadId: 101, campaignId: 7, details: { email_id: 1 } });
    expect(events[0].message).toContain('owner1@shop1.example');
    expect(mailer.sent).toEqual([]); // never resent blindly
  });

  it('queues a stuck email again when the same provider ignores duplicates', async () => {
    const { sender, repo, clock, events, mailer } = setup({ mailerId: 'brevo', idempotent: true });
    await stuck(repo, 1, 'brevo', START);
    clock.t += LEASE_MS + 1;
    expect(await sender.reconcile()).toBe(1);
    expect(repo.row(1).status).toBe('QUEUED');
    expect(events).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('does not trust an idempotent provider with an email another provider had', async () => {
    const { sender, repo, clock } = setup({ mailerId: 'brevo', idempotent: true });
    await stuck(repo, 1, 'smtp', START);
    clock.t += LEASE_MS + 1;
    await sender.reconcile();
    expect(repo.row(1).status).toBe('FAILED');
  });

  it('leaves sends still within their lease alone', async () => {
    const { sender, repo, clock } = setup({ mailerId: 'smtp' });
    await stuck(repo, 1, 'smtp', START);
    clock.t += LEASE_MS - 1;
    expect(await sender.reconcile()).toBe(0);
    expect(repo.row(1).status).toBe('SENDING');
  });
});

describe('EmailSender.sendDue', () => {
  it('sends what is due, waiting email_send_delay between sends', async () => {
    const { sender, repo, mailer, clock } = setup();
    for (const id of [1, 2, 3]) repo.add(id);
    const seen: number[] = [];
    const outcomes = await sender.sendDue({ limit: 10, unscheduled: true, onOutcome: (o) => seen.push(o.id) });
    expect(outcomes.map((o) => o.result)).toEqual(['sent', 'sent', 'sent']);
    expect(seen).toEqual([1, 2, 3]);
    const at = mailer.sent.map((s) => s.at);
    expect([at[1] - at[0], at[2] - at[1]]).toEqual([3000, 3000]);
    expect(clock.slept.every((ms) => ms === 3000)).toBe(true);
  });

  it('stops at the first deferred email and leaves the rest queued', async () => {
    const { sender, repo, mailer } = setup();
    for (const id of [1, 2, 3]) repo.add(id);
    mailer.failWith = (m) => (m.to.email === 'owner2@shop2.example' ? new ProviderError('email', 'unavailable', '503 try later', 503) : undefined);
    const outcomes = await sender.sendDue({ limit: 10, unscheduled: true });
    expect(outcomes.map((o) => [o.id, o.result])).toEqual([[1, 'sent'], [2, 'deferred']]);
    expect(mailer.sent.map((s) => s.message.to.email)).toEqual(['owner1@shop1.example']);
    expect(repo.row(2).status).toBe('QUEUED');
    expect(repo.row(3).status).toBe('QUEUED');
  });

  it('stops at once when sending is turned off', async () => {
    const { sender, repo, mailer, clock } = setup({ enabled: false });
    for (const id of [1, 2]) repo.add(id);
    const outcomes = await sender.sendDue({ limit: 10, unscheduled: true });
    expect(outcomes).toEqual([expect.objectContaining({ result: 'deferred', id: 1, why: 'disabled' })]);
    expect(mailer.sent).toEqual([]);
    expect(clock.slept).toEqual([]);
  });

  it('sends no more than the limit', async () => {
    const { sender, repo, mailer } = setup();
    for (let id = 1; id <= 30; id++) repo.add(id);
    const outcomes = await sender.sendDue({ limit: 25, unscheduled: true });
    expect(outcomes).toHaveLength(25);
    expect(mailer.sent).toHaveLength(25);
    expect(repo.row(26).status).toBe('QUEUED');
  });

  it('sends unscheduled emails only when told the moment is inside a window; scheduled ones when due', async () => {
    const { sender, repo, mailer } = setup();
    repo.add(1); // unscheduled (live campaign)
    repo.add(2, { scheduledAt: new Date(START - 60_000) }); // due
    repo.add(3, { scheduledAt: new Date(START + 3600_000) }); // later
    expect((await sender.sendDue({ limit: 10, unscheduled: false })).map((o) => o.id)).toEqual([2]);
    expect((await sender.sendDue({ limit: 10, unscheduled: true })).map((o) => o.id)).toEqual([1]);
    expect(mailer.sent).toHaveLength(2);
    expect(repo.row(3).status).toBe('QUEUED');
  });

  it("reads the waiting recipients' zones at most once a minute, and sees a new one after that", async () => {
    const { sender, repo, mailer, clock } = setup();
    expect(await sender.sendDue({ limit: 10, unscheduled: true })).toEqual([]); // nothing waits: asked again next time
    repo.add(1, { leadId: 1 }); // a live email arrives
    expect((await sender.sendDue({ limit: 10, unscheduled: true })).map((o) => o.id)).toEqual([1]);
    expect(repo.zoneReads).toBe(2);
    repo.zoneOf = () => 'America/Denver'; // a recipient in another zone starts waiting
    repo.add(2, { leadId: 2 });
    expect(await sender.sendDue({ limit: 10, unscheduled: true })).toEqual([]); // the zones read a moment ago
    expect(repo.zoneReads).toBe(2);
    clock.t += 60_000;
    expect((await sender.sendDue({ limit: 10, unscheduled: true })).map((o) => o.id)).toEqual([2]);
    expect(repo.zoneReads).toBe(3);
    expect(mailer.sent).toHaveLength(2);
  });

  it('stops when its signal aborts', async () => {
    const { sender, repo, mailer } = setup();
    for (const id of [1, 2, 3]) repo.add(id);
    const abort = new AbortController();
    const outcomes = await sender.sendDue({ limit: 10, unscheduled: true, signal: abort.signal, onOutcome: () => abort.abort() });
    expect(outcomes).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });
});
