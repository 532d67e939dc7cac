// The sending mailboxes: several identities, each a provider with its own credentials, sender,
// signature, daily cap, spacing and ramp. Mailbox 1 is Settings → Email (its provider, sender and
// signature are read and saved there, with their environment overrides); the others keep theirs
// here, the credential encrypted. A thread's first email takes the mailbox with the most room
// when it is written (it is signed by that mailbox's sender); every follow-up and answer in the
// thread goes from the same mailbox, so a thread never comes from two.
import { conflict, invalid, notFound } from '../errors.ts';
import type { EventSink } from '../events.ts';
import type { KeyCheck } from '../model/providers.ts';
import type { Mailbox, MailboxInput, MailboxProvider, MailboxUpdate } from '../model/mailboxes.ts';
import type { SecretCipher } from '../settings/cipher.ts';
import { describeSmtp, type EmailConfigStore, type EmailSettings, type EmailVerifier } from '../settings/email-config.ts';
import { allowance, rampDay, rampWarning, type RampRules } from './ramp.ts';
import { PRIMARY_MAILBOX, type MailboxFields, type MailboxIdentity, type MailboxRecord, type MailboxRepo, type SendVerdict } from './records.ts';
import { testedCredential } from './credential.ts';
import { pickMailbox, spacedUntil } from './rotation.ts';

const DAY_MS = 86_400_000;

export interface MailboxDeps {
  repo: MailboxRepo;
  email: EmailConfigStore;
  cipher: SecretCipher;
  verifier: EmailVerifier;
  events: EventSink;
  rules: () => RampRules & { dailyCap: number; minSpacingSeconds: number };
  /** The daily email quota: the room of a mailbox without a cap of its own. */
  dailyQuota: () => Promise<number>;
  now: () => Date;
  defaultSignature: string;
  /** The sending domain's checks (src/core/deliverability): its state on the card, and a check when a mailbox is saved. */
  domains?: {
    state(fromEmail: string, via: EmailSettings): Promise<Mailbox['domain']>;
    afterSave(fromEmail: string, via: EmailSettings): Promise<void>;
  };
  /** The bounce and complaint guard's pause of a mailbox (src/core/deliverability), shown and resumed with the mailbox's own. */
  guard?: {
    pause(mailboxId: number): Promise<{ pausedAt: Date; reason: string } | undefined>;
    resume(mailboxId: number, by: string): Promise<unknown>;
    /** Its sends, hard bounces and complaints over the guard's window. */
    figures(mailboxId: number): Promise<Mailbox['guard']>;
  };
}

export class Mailboxes {
  constructor(private readonly d: MailboxDeps) {}

  /** Every mailbox not removed, with today's figures. */
  async list(): Promise<Mailbox[]> {
    const rows = (await this.d.repo.list()).filter((m) => !m.removedAt);
    return Promise.all(rows.map((m) => this.out(m)));
  }

  async get(id: number): Promise<Mailbox> {
    return this.out(await this.record(id));
  }

  /** Adds a mailbox: its credential is tested against the provider first, and it starts on the ramp. */
  async create(input: MailboxInput): Promise<Mailbox> {
    const credential = await testedCredential(this.d.verifier, input.provider, input);
    if (input.provider !== 'outbox' && (!input.from_email || !input.from_name)) throw invalid('from_email and from_name are needed: recipients see who writes');
    const r = this.d.rules();
    const now = this.d.now();
    const id = await this.d.repo.insert({
      label: input.label,
      provider: input.provider,
      credential: credential ? this.d.cipher.encrypt(credential.value) : null,
      fromEmail: input.from_email ?? null,
      fromName: input.from_name ?? null,
      signature: input.signature ?? null,
      dailyCap: input.daily_cap ?? r.dailyCap,
      minSpacingSeconds: input.min_spacing_seconds ?? r.minSpacingSeconds,
      ramp: input.ramp ?? true,
      rampStartedAt: now,
      pausedAt: null,
      pausedReason: null,
      testedAt: credential ? now : null,
      testOk: credential ? true : null,
      testResult: credential ? credential.check.message || 'Connected' : null,
      lastError: null,
      lastErrorAt: null,
      removedAt: null,
    });
    await this.emit(`Mailbox "${input.label}" added${input.from_email ? ` (${input.from_email})` : ''}`, id);
    await this.checkDomain(id);
    return this.get(id);
  }

  /** Changes a mailbox. Mailbox 1's provider, sender and signature are saved in Settings → Email. */
  async update(id: number, patch: MailboxUpdate, userId: number | null): Promise<Mailbox> {
    const m = await this.record(id);
    const fields: Partial<MailboxFields> = {};
    if (patch.label !== undefined) fields.label = patch.label;
    if (patch.daily_cap !== undefined) fields.dailyCap = patch.daily_cap;
    if (patch.min_spacing_seconds !== undefined) fields.minSpacingSeconds = patch.min_spacing_seconds;
    // Turning the ramp on again starts it over: the mailbox is treated as new.
    if (patch.ramp !== undefined && patch.ramp !== m.ramp) Object.assign(fields, { ramp: patch.ramp }, patch.ramp && { rampStartedAt: this.d.now() });
    if (m.provider === 'settings') {
      const { label: _l, daily_cap: _c, min_spacing_seconds: _s, ramp: _r, api_key, signature, ...rest } = patch;
      const sender = { ...rest, ...(signature !== undefined && { email_signature: signature }) };
      const provider = (await this.d.email.settings()).provider;
      if (api_key && provider !== 'brevo' && provider !== 'resend') throw invalid(`api_key is for a Brevo or Resend mailbox; mailbox 1 sends through ${provider ?? 'the outbox'}: change its provider in Settings → Email`);
      const key = api_key && (provider === 'resend' ? { resend_api_key: api_key } : { brevo_api_key: api_key });
      if (Object.keys(sender).length > 0 || key) await this.d.email.save({ ...sender, ...key }, this.d.verifier, userId);
    } else {
      const credential = patch.api_key || patch.smtp_host ? await testedCredential(this.d.verifier, m.provider, patch) : undefined;
      if (credential) Object.assign(fields, { credential: this.d.cipher.encrypt(credential.value), testedAt: this.d.now(), testOk: true, testResult: credential.check.message });
      if (patch.from_email !== undefined) fields.fromEmail = patch.from_email;
      if (patch.from_name !== undefined) fields.fromName = patch.from_name;
      if (patch.signature !== undefined) fields.signature = patch.signature;
    }
    if (Object.keys(fields).length > 0) await this.d.repo.update(id, fields);
    if (patch.from_email !== undefined || patch.api_key || patch.smtp_host) await this.checkDomain(id);
    return this.get(id);
  }

  /** Tests the mailbox's connection (a real API or SMTP check); the provider's answer is kept and shown. */
  async test(id: number): Promise<Mailbox> {
    const m = await this.record(id);
    const s = await this.settingsOf(m);
    const check: KeyCheck =
      !s.provider || !s.providerKey
        ? { valid: true, message: 'The outbox writes .eml files and delivers nothing: there is no connection to test' }
        : s.provider === 'smtp'
          ? await this.d.verifier.checkSmtp(s.providerKey)
          : await this.d.verifier.checkKey(s.provider, s.providerKey);
    await this.d.repo.update(id, { testedAt: this.d.now(), testOk: check.valid, testResult: check.message || (check.valid ? 'Connected' : 'Refused') });
    return this.get(id);
  }

  async pause(id: number, reason: string | undefined, by: string): Promise<Mailbox> {
    const m = await this.record(id);
    if (m.pausedAt) throw conflict(`Mailbox "${m.label}" is already paused: ${m.pausedReason}`);
    const why = reason?.trim() || `paused by ${by}`;
    await this.d.repo.update(id, { pausedAt: this.d.now(), pausedReason: why });
    await this.emit(`Mailbox "${m.label}" paused: ${why}`, id, 'sending_paused');
    return this.get(id);
  }

  /** Ends the operator's pause and the guard's, whichever the mailbox has (the guard records its own resume in the feed). */
  async resume(id: number, by: string): Promise<Mailbox> {
    const m = await this.record(id);
    const guarded = await this.d.guard?.pause(id);
    if (!m.pausedAt && !guarded) throw conflict(`Mailbox "${m.label}" is not paused`);
    if (guarded) await this.d.guard!.resume(id, by);
    if (m.pausedAt) {
      await this.d.repo.update(id, { pausedAt: null, pausedReason: null });
      await this.emit(`Mailbox "${m.label}" resumed by ${by}`, id, 'sending_resumed');
    }
    return this.get(id);
  }

  /** Removes a mailbox nothing waits on; its sent threads keep it in their history. */
  async remove(id: number): Promise<void> {
    const m = await this.record(id);
    if (m.provider === 'settings') throw conflict('Mailbox 1 is the email configuration of Settings → Email: change or clear it there');
    const waiting = await this.d.repo.unsent(id);
    if (waiting > 0) throw conflict(`${waiting} email${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''} to go from "${m.label}": send or delete ${waiting === 1 ? 'it' : 'them'} first, or pause the mailbox`);
    await this.d.repo.update(id, { removedAt: this.d.now() });
    await this.emit(`Mailbox "${m.label}" removed`, id);
  }

  /** The mailboxes a campaign sends from ([]: every active one). */
  campaignMailboxes(campaignId: number): Promise<number[]> {
    return this.d.repo.campaignMailboxes(campaignId);
  }

  async setCampaignMailboxes(campaignId: number, ids: number[]): Promise<number[]> {
    const active = new Set((await this.d.repo.list()).filter((m) => !m.removedAt).map((m) => m.id));
    const unknown = ids.filter((id) => !active.has(id));
    if (unknown.length > 0) throw invalid(`No mailbox ${unknown.join(', ')}: choose among ${[...active].join(', ')}`);
    await this.d.repo.setCampaignMailboxes(campaignId, [...new Set(ids)]);
    return this.campaignMailboxes(campaignId);
  }

  /**
   * The mailbox a new thread of this campaign goes from: among the campaign's mailboxes (all when
   * it names none) that are not paused, the one with the most room today, counting what was
   * already written for it and what is being written now (the choices of this process are made
   * one at a time, each held until its draft is stored: `release()`). When none has room the
   * thread still gets the roomiest; it waits.
   */
  async forFirstEmail(campaignId: number | null): Promise<MailboxIdentity & { release(): void }> {
    const pick = this.choosing.then(() => this.choose(campaignId));
    this.choosing = pick.catch(() => undefined);
    return pick;
  }

  private choosing: Promise<unknown> = Promise.resolve();
  /** Threads being written, by mailbox: chosen, their draft not stored yet. */
  private readonly writing = new Map<number, number>();

  private async choose(campaignId: number | null): Promise<MailboxIdentity & { release(): void }> {
    const all = (await this.d.repo.list()).filter((m) => !m.removedAt);
    const chosen = campaignId === null ? [] : await this.d.repo.campaignMailboxes(campaignId);
    const pool = chosen.length > 0 ? all.filter((m) => chosen.includes(m.id)) : all;
    const open = pool.filter((m) => !m.pausedAt);
    const candidates = open.length > 0 ? open : pool.length > 0 ? pool : all;
    const now = this.d.now();
    const rooms = await Promise.all(
      candidates.map(async (m) => {
        const usage = await this.d.repo.usage(m.id, new Date(now.getTime() - DAY_MS));
        return { id: m.id, room: (await this.room(m, now)) - usage.sent - usage.pending - (this.writing.get(m.id) ?? 0), lastSentAt: usage.lastSentAt };
      }),
    );
    const id = pickMailbox(rooms) ?? rooms.sort((a, b) => b.room - a.room)[0]?.id ?? PRIMARY_MAILBOX;
    const identity = await this.identity(id);
    this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const left = (this.writing.get(id) ?? 1) - 1;
      if (left > 0) this.writing.set(id, left);
      else this.writing.delete(id);
    };
    return { ...identity, release };
  }

  /** Who the email of this mailbox (null: from before mailboxes, mailbox 1) goes from, or why it must wait. */
  async forSend(mailboxId: number | null): Promise<SendVerdict> {
    const m = await this.d.repo.get(mailboxId ?? PRIMARY_MAILBOX);
    if (!m || m.removedAt) return { gone: `its mailbox${m ? ` "${m.label}"` : ''} was removed, and a thread never changes mailbox` };
    if (m.pausedAt) return { wait: `Mailbox "${m.label}" is paused: ${m.pausedReason}` };
    const now = this.d.now();
    const usage = await this.d.repo.usage(m.id, new Date(now.getTime() - DAY_MS));
    const settings = await this.settingsOf(m);
    const limit = this.ownLimit(m, now, settings.provider ?? 'outbox');
    if (limit !== null && usage.sent >= limit) return { wait: `Mailbox "${m.label}" sent ${usage.sent} in the last 24 hours, its allowance today${m.ramp ? ` (ramp-up day ${rampDay(m, now)})` : ''}` };
    const until = spacedUntil(usage.lastSentAt, m.minSpacingSeconds, now);
    if (until) return { wait: `Mailbox "${m.label}" sends at most one email every ${m.minSpacingSeconds} s: next at ${until.toISOString()}` };
    return { go: { id: m.id, label: m.label, settings } };
  }

  /** The mailboxes that cannot send now (paused, at their allowance or within their spacing): their emails are not due. */
  async waiting(): Promise<number[]> {
    const now = this.d.now();
    const rows = (await this.d.repo.list()).filter((m) => !m.removedAt);
    const out: number[] = [];
    for (const m of rows) {
      if (m.pausedAt) {
        out.push(m.id);
        continue;
      }
      const usage = await this.d.repo.usage(m.id, new Date(now.getTime() - DAY_MS));
      const limit = this.ownLimit(m, now, await this.providerOf(m));
      if ((limit !== null && usage.sent >= limit) || spacedUntil(usage.lastSentAt, m.minSpacingSeconds, now)) out.push(m.id);
    }
    return out;
  }

  /** A send from the mailbox failed on the provider's side: kept on the mailbox for its operator. */
  async recordError(mailboxId: number | null, message: string): Promise<void> {
    await this.d.repo.update(mailboxId ?? PRIMARY_MAILBOX, { lastError: message.slice(0, 500), lastErrorAt: this.d.now() });
  }

  /** The senders of the mailboxes besides mailbox 1 (Settings → Email), for the sending domains' daily check. */
  async senders(): Promise<EmailSettings[]> {
    const others = (await this.d.repo.list()).filter((m) => !m.removedAt && m.provider !== 'settings' && m.provider !== 'outbox');
    return Promise.all(others.map((m) => this.settingsOf(m)));
  }

  async identity(id: number): Promise<MailboxIdentity> {
    return this.identityOf(await this.record(id));
  }

  /** A thread's mailbox (null: from before mailboxes, mailbox 1) whether or not it may send now; undefined when removed. */
  async ofThread(mailboxId: number | null): Promise<MailboxIdentity | undefined> {
    const m = await this.d.repo.get(mailboxId ?? PRIMARY_MAILBOX);
    return m && !m.removedAt ? this.identityOf(m) : undefined;
  }

  private async identityOf(m: MailboxRecord): Promise<MailboxIdentity> {
    return { id: m.id, label: m.label, settings: await this.settingsOf(m) };
  }

  /** The mailbox as the mailer and the writer need it; the postal address and tracking are the agency's. */
  private async settingsOf(m: MailboxRecord): Promise<EmailSettings> {
    const primary = await this.d.email.settings();
    if (m.provider === 'settings') return primary;
    return {
      provider: m.provider === 'outbox' ? null : m.provider,
      providerKey: m.credential ? this.d.cipher.decrypt(m.credential) : undefined,
      fromEmail: m.fromEmail ?? undefined,
      fromName: m.fromName ?? undefined,
      signature: m.signature ?? this.d.defaultSignature,
      customSignature: m.signature !== null,
      postalAddress: primary.postalAddress,
      tracking: primary.tracking,
    };
  }

  /** The provider it sends through (mailbox 1's is Settings → Email's). */
  private async providerOf(m: MailboxRecord): Promise<MailboxProvider> {
    return m.provider === 'settings' ? ((await this.d.email.settings()).provider ?? 'outbox') : m.provider;
  }

  /** Today's allowance (ramp and cap); null when the mailbox has no limit of its own (the outbox never has: it delivers nothing). */
  private ownLimit(m: MailboxRecord, now: Date, provider: MailboxProvider): number | null {
    return provider === 'outbox' ? null : allowance(m, now, this.d.rules());
  }

  /** What the mailbox may send today, for choosing: its allowance, else what the daily email quota allows (the outbox: no end). */
  private async room(m: MailboxRecord, now: Date): Promise<number> {
    const provider = await this.providerOf(m);
    if (provider === 'outbox') return Number.POSITIVE_INFINITY;
    return this.ownLimit(m, now, provider) ?? (await this.d.dailyQuota());
  }

  /** Its sending domain is checked now, through its provider. */
  private async checkDomain(id: number): Promise<void> {
    const s = await this.settingsOf(await this.record(id));
    if (s.fromEmail) await this.d.domains?.afterSave(s.fromEmail, s);
  }

  private async record(id: number): Promise<MailboxRecord> {
    const m = await this.d.repo.get(id);
    if (!m || m.removedAt) throw notFound(`Mailbox ${id} not found`);
    return m;
  }

  private async out(m: MailboxRecord): Promise<Mailbox> {
    const now = this.d.now();
    const s = await this.settingsOf(m);
    const usage = await this.d.repo.usage(m.id, new Date(now.getTime() - DAY_MS));
    const limit = this.ownLimit(m, now, s.provider ?? 'outbox');
    const guarded = await this.d.guard?.pause(m.id);
    const smtp = s.provider === 'smtp' ? describeSmtp(s.providerKey) : null;
    return {
      id: m.id,
      label: m.label,
      provider: s.provider ?? 'outbox',
      primary: m.provider === 'settings',
      from_email: s.fromEmail ?? null,
      from_name: s.fromName ?? null,
      signature: s.customSignature ? s.signature : null,
      smtp,
      daily_cap: m.dailyCap,
      min_spacing_seconds: m.minSpacingSeconds,
      ramp: m.ramp,
      ramp_day: rampDay(m, now),
      allowance_today: limit,
      sent_24h: usage.sent,
      room: limit === null ? null : Math.max(0, limit - usage.sent),
      paused: m.pausedAt ? { at: m.pausedAt.toISOString(), reason: m.pausedReason ?? '' } : guarded ? { at: guarded.pausedAt.toISOString(), reason: `the bounce and complaint guard paused it: ${guarded.reason}` } : null,
      test: m.testedAt ? { at: m.testedAt.toISOString(), ok: Boolean(m.testOk), result: m.testResult ?? '' } : null,
      last_error: m.lastErrorAt ? { at: m.lastErrorAt.toISOString(), message: m.lastError ?? '' } : null,
      domain: s.fromEmail ? ((await this.d.domains?.state(s.fromEmail, s)) ?? null) : null,
      guard: (await this.d.guard?.figures(m.id)) ?? null,
      ramp_warning: (s.provider ?? 'outbox') === 'outbox' ? null : rampWarning(m),
      created_at: m.createdAt.toISOString(),
    };
  }

  private emit(message: string, mailboxId: number, activityType: 'sending' | 'sending_paused' | 'sending_resumed' = 'sending') {
    return this.d.events.emit({ activityType, status: activityType === 'sending_paused' ? 'warning' : 'info', message, details: { mailbox_id: mailboxId } });
  }
}
