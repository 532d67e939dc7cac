// The sending domain as Settings, `outreach deliverability` and the API see it: the sender
// configured today (its from-address's domain, its provider, for SMTP the server's host and the
// DKIM selector / SPF include the operator named), its last check (kept with its checked_at, per
// sending identity, so a later mailbox model can keep one per mailbox) and a check made now.
// Checked when the email settings are saved, on demand, and daily by serve's runtime.
import { invalid } from '../errors.ts';
import type { SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus, SendingIdentity } from '../model/sending-domain.ts';
import { SendingDomainReport as ReportSchema } from '../model/sending-domain.ts';
import type { EmailSettings } from '../settings/email-config.ts';
import type { SettingsStore } from '../settings/store.ts';
import { requireAdmin, type Actor } from '../users/access.ts';

/** The last report per sending identity (identityKey). */
export interface SendingDomainCache {
  get(key: string): Promise<SendingDomainReport | undefined>;
  put(key: string, report: SendingDomainReport): Promise<void>;
}

export interface SendingDomainDeps {
  sender(): Promise<EmailSettings>;
  store: SettingsStore;
  cache: SendingDomainCache;
  check(identity: SendingIdentity): Promise<SendingDomainReport>;
  now(): Date;
  /** A report older than this is made again by the daily loop (email.sending_domain.recheck_hours). */
  recheckMs: number;
}

export const identityKey = (i: SendingIdentity) => [i.provider, i.domain ?? '', i.smtp_host ?? '', i.dkim_selector ?? '', i.spf_include ?? ''].join('|').toLowerCase();

/** The identity a sender's settings send as (the outbox when no provider has its credential). */
export function sendingIdentity(s: EmailSettings, named: { dkimSelector?: string; spfInclude?: string }): SendingIdentity {
  const provider = s.provider && s.providerKey ? s.provider : 'outbox';
  const domain = s.fromEmail?.includes('@') ? s.fromEmail.slice(s.fromEmail.lastIndexOf('@') + 1).trim().toLowerCase() || null : null;
  let host: string | null = null;
  if (provider === 'smtp') {
    try {
      host = new URL(s.providerKey!).hostname.replace(/^\[|\]$/g, '') || null;
    } catch {
      host = null;
    }
  }
  return {
    domain,
    provider,
    smtp_host: host,
    dkim_selector: provider === 'smtp' ? named.dkimSelector || null : null,
    spf_include: provider === 'smtp' ? named.spfInclude?.replace(/^include:/i, '') || null : null,
  };
}

export class SendingDomainChecks {
  constructor(private readonly d: SendingDomainDeps) {}

  async identity(): Promise<SendingIdentity> {
    const named = await this.d.store.states(['email_dkim_selector', 'email_spf_include']);
    return sendingIdentity(await this.d.sender(), { dkimSelector: named.email_dkim_selector.value, spfInclude: named.email_spf_include.value });
  }

  /** The sender configured now and its last check (null: never checked as it is configured now). */
  async status(actor: Actor): Promise<SendingDomainStatus> {
    requireAdmin(actor);
    const identity = await this.identity();
    return { identity, report: (await this.d.cache.get(identityKey(identity))) ?? null };
  }

  /** Saves the SMTP selector / include given (empty forgets one), then checks now. */
  async checkNow(actor: Actor, input: SendingDomainCheckInput = {}): Promise<SendingDomainReport> {
    requireAdmin(actor);
    if (input.dkim_selector !== undefined || input.spf_include !== undefined) {
      const provider = (await this.identity()).provider;
      if (provider !== 'smtp') throw invalid(`dkim_selector and spf_include are for an SMTP server; the sender uses ${provider === 'outbox' ? 'the outbox' : provider}, whose records are known`);
    }
    await this.name('email_dkim_selector', input.dkim_selector, actor.id);
    await this.name('email_spf_include', input.spf_include?.replace(/^include:/i, ''), actor.id);
    return this.run();
  }

  /** The daily loop: checks when the last report is older than recheckMs (or missing). */
  async checkIfDue(): Promise<SendingDomainReport | null> {
    const identity = await this.identity();
    if (identity.provider === 'outbox') return null;
    const last = await this.d.cache.get(identityKey(identity));
    if (last && this.d.now().getTime() - Date.parse(last.checked_at) < this.d.recheckMs) return null;
    return this.run(identity);
  }

  /** After the email settings are saved: the new sender is checked (a failure never undoes the save). */
  async afterSave(): Promise<void> {
    try {
      await this.run();
    } catch (error) {
      console.error(`[sending domain] check after saving the email settings failed: ${(error as Error).message}`);
    }
  }

  private async run(identity?: SendingIdentity): Promise<SendingDomainReport> {
    const who = identity ?? (await this.identity());
    const report = await this.d.check(who);
    await this.d.cache.put(identityKey(who), report);
    return report;
  }

  private async name(key: 'email_dkim_selector' | 'email_spf_include', value: string | undefined, by: number | null): Promise<void> {
    if (value === undefined) return;
    if (value === '') await this.d.store.delete(key);
    else await this.d.store.set(key, value, by);
  }
}

/** How many identities' reports the settings row keeps (the newest). */
const KEEP = 20;

/** The reports kept in one settings row (JSON: identity key → report), like the IMAP cursor. */
export class SettingsSendingDomainCache implements SendingDomainCache {
  constructor(private readonly store: SettingsStore) {}

  async get(key: string): Promise<SendingDomainReport | undefined> {
    return (await this.all())[key];
  }

  async put(key: string, report: SendingDomainReport): Promise<void> {
    const all = { ...(await this.all()), [key]: report };
    const kept = Object.entries(all)
      .sort(([, a], [, b]) => Date.parse(b.checked_at) - Date.parse(a.checked_at))
      .slice(0, KEEP);
    await this.store.set('sending_domain_checks', JSON.stringify(Object.fromEntries(kept)));
  }

  /** A row that is not what this code wrote (edited by hand) counts as no report. */
  private async all(): Promise<Record<string, SendingDomainReport>> {
    const raw = await this.store.value('sending_domain_checks');
    if (!raw) return {};
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(parsed).flatMap(([k, v]) => {
          const ok = ReportSchema.safeParse(v);
          return ok.success ? [[k, ok.data]] : [];
        }),
      );
    } catch {
      return {};
    }
  }
}
