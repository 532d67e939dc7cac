// The sending domain as Settings, `outreach deliverability` and the API see it: the sender
// configured today (its from-address's domain, its provider, for SMTP the server's host and the
// DKIM selector / SPF include the operator named), its last check (kept with its checked_at, per
// sending identity, so a later mailbox model can keep one per mailbox) and a check made now.
// Checked when the email settings are saved, on demand, and daily by serve's runtime.
// Before a real provider transmits, the sender asks `refusal(fromEmail)`: the address's domain,
// by its last check (checked again when there is none or it is stale), with the operators'
// override of the SPF/DKIM rule and acknowledgements of listings (sending-decisions.ts).
import { conflict, invalid } from '../errors.ts';
import type { EventSink } from '../events.ts';
import type { SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus, SendingIdentity } from '../model/sending-domain.ts';
import { SendingDomainReport as ReportSchema, SendingDomainName } from '../model/sending-domain.ts';
import { parseInput } from '../model/validate.ts';
import type { EmailSettings } from '../settings/email-config.ts';
import type { SettingsStore } from '../settings/store.ts';
import { requireAdmin, type Actor } from '../users/access.ts';
import { NO_DECISIONS, newListings, refusalReason, unacknowledged, withoutCleared, type DecisionStore } from './sending-decisions.ts';

/** The last report per sending identity (identityKey). */
export interface SendingDomainCache {
  get(key: string): Promise<SendingDomainReport | undefined>;
  put(key: string, report: SendingDomainReport): Promise<void>;
  /** The newest report of any sender with this from-domain. */
  latest(domain: string): Promise<SendingDomainReport | undefined>;
}

/** Who acts: their rights, and their name as the records and the feed show it. */
export type Operator = Actor & { name: string };

export interface SendingDomainDeps {
  sender(): Promise<EmailSettings>;
  store: SettingsStore;
  cache: SendingDomainCache;
  check(identity: SendingIdentity): Promise<SendingDomainReport>;
  now(): Date;
  /** A report older than this is made again by the daily loop (email.sending_domain.recheck_hours). */
  recheckMs: number;
  /** The operators' override of the SPF/DKIM rule and acknowledgements of listings, per domain. */
  decisions: DecisionStore;
  events: EventSink;
  /** An override or acknowledgement may let waiting emails go: the send loop wakes. */
  onRelease?: () => void;
}

/** The domain of an address (lower case), or null. */
export const domainOf = (address: string): string | null => (address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase() || null : null);

export const identityKey = (i: SendingIdentity) => [i.provider, i.domain ?? '', i.smtp_host ?? '', i.dkim_selector ?? '', i.spf_include ?? ''].join('|').toLowerCase();

/** The identity a sender's settings send as (the outbox when no provider has its credential). */
export function sendingIdentity(s: EmailSettings, named: { dkimSelector?: string; spfInclude?: string }): SendingIdentity {
  const provider = s.provider && s.providerKey ? s.provider : 'outbox';
  const domain = s.fromEmail ? domainOf(s.fromEmail) : null;
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

/** The last check in one line, each verdict as found ("SPF ok, DKIM unverified, ..."): never more than it proved. */
function reportLine(r: SendingDomainReport): string {
  const auth = r.auth.map((a) => `${a.kind.toUpperCase()} ${a.status.replace('_', ' ')}`).join(', ');
  const listed = r.blocklists.filter((b) => b.status === 'listed').map((b) => `${b.subject} on ${b.list}`);
  const unverified = r.blocklists.some((b) => b.status === 'unverified');
  const lists = listed.length > 0 ? `listed: ${listed.join('; ')}` : unverified ? 'blocklists not all verified' : 'on no blocklist asked';
  return `${auth}; ${lists}`;
}

export class SendingDomainChecks {
  constructor(private readonly d: SendingDomainDeps) {}

  /** The identity the configured sender sends as (or `via`, another sender's settings: a mailbox's). */
  async identity(via?: EmailSettings): Promise<SendingIdentity> {
    const named = await this.d.store.states(['email_dkim_selector', 'email_spf_include']);
    return sendingIdentity(via ?? (await this.d.sender()), { dkimSelector: named.email_dkim_selector.value, spfInclude: named.email_spf_include.value });
  }

  /** The sender configured now (or another from-domain through it) and its last check (null: never checked as it is configured now), with what refuses its live sending. */
  async status(actor: Actor, domain?: string): Promise<SendingDomainStatus> {
    requireAdmin(actor);
    const configured = await this.identity();
    const identity = domain ? { ...configured, domain: parseInput(SendingDomainName, domain) } : configured;
    const report = (await this.d.cache.get(identityKey(identity))) ?? null;
    const decisions = identity.domain ? await this.d.decisions.get(identity.domain) : NO_DECISIONS;
    return { identity, report, refusal: (report && refusalReason(report, decisions)) ?? null, ...decisions };
  }

  /**
   * Why live sending from this address must not go now, or undefined: asked by the sender before
   * a real provider transmits (never for the outbox, never for the Settings test email). Keyed
   * by the address's domain, sent through `via` (the sending mailbox's settings: its provider,
   * for SMTP its server) or else the provider configured now.
   */
  async refusal(fromEmail: string, via?: EmailSettings): Promise<string | undefined> {
    const domain = domainOf(fromEmail);
    const configured = await this.identity(via);
    if (!domain || configured.provider === 'outbox') return undefined;
    const identity = { ...configured, domain };
    const last = await this.d.cache.get(identityKey(identity));
    const report = last && !this.stale(last) ? last : await this.runOnce(identity);
    return refusalReason(report, await this.d.decisions.get(domain));
  }

  /** A mailbox's domain as its card shows it: its last check through that mailbox's provider (no DNS is asked) and what refuses its live sending. */
  async mailboxDomain(fromEmail: string, via: EmailSettings): Promise<{ domain: string; checked_at: string | null; summary: string | null; refusal: string | null } | null> {
    const domain = domainOf(fromEmail);
    const configured = await this.identity(via);
    if (!domain || configured.provider === 'outbox') return null;
    const report = await this.d.cache.get(identityKey({ ...configured, domain }));
    return {
      domain,
      checked_at: report?.checked_at ?? null,
      summary: report ? reportLine(report) : null,
      refusal: (report && refusalReason(report, await this.d.decisions.get(domain))) ?? null,
    };
  }

  /** A mailbox was saved: its domain is checked now through its provider (a failure never undoes the save). */
  async afterMailboxSave(fromEmail: string, via: EmailSettings): Promise<void> {
    const domain = domainOf(fromEmail);
    try {
      const configured = await this.identity(via);
      if (domain && configured.provider !== 'outbox') await this.runOnce({ ...configured, domain });
    } catch (error) {
      console.error(`[sending domain] check after saving a mailbox failed: ${(error as Error).message}`);
    }
  }

  /** An operator lets live sending from `domain` go without SPF and DKIM passing (recorded: who, when). */
  async overrideAuth(actor: Operator, name: string): Promise<SendingDomainStatus> {
    requireAdmin(actor);
    const domain = parseInput(SendingDomainName, name);
    const d = await this.d.decisions.get(domain);
    if (!d.override) {
      await this.d.decisions.put(domain, { ...d, override: { domain, by: actor.name, at: this.d.now().toISOString() } }, actor.id);
      this.d.onRelease?.();
    }
    return this.status(actor, domain);
  }

  /** The override ends: SPF and DKIM must pass again before live sending from `domain`. */
  async clearOverride(actor: Operator, name: string): Promise<SendingDomainStatus> {
    requireAdmin(actor);
    const domain = parseInput(SendingDomainName, name);
    const d = await this.d.decisions.get(domain);
    if (!d.override) throw conflict(`${domain} has no override of the SPF and DKIM rule`);
    await this.d.decisions.put(domain, { ...d, override: null }, actor.id);
    return this.status(actor, domain);
  }

  /** An operator acknowledges the listings of `domain`'s last check: they hold its live sending no more. */
  async acknowledge(actor: Operator, name: string): Promise<SendingDomainStatus> {
    requireAdmin(actor);
    const domain = parseInput(SendingDomainName, name);
    const configured = await this.identity();
    const report = (await this.d.cache.get(identityKey({ ...configured, domain }))) ?? (await this.d.cache.latest(domain));
    if (!report) throw conflict(`${domain} has not been checked yet: check it first (outreach deliverability)`);
    const d = await this.d.decisions.get(domain);
    const listed = unacknowledged(report, d);
    if (listed.length === 0) throw conflict(`Nothing to acknowledge: the last check of ${domain} (${report.checked_at}) found no listing that holds its sending`);
    const at = this.d.now().toISOString();
    const acks = listed.map((b) => ({ domain, list: b.list, zone: b.zone, subject: b.subject, answer: b.answer, checked_at: report.checked_at, by: actor.name, at }));
    await this.d.decisions.put(domain, { ...d, acknowledged: [...d.acknowledged, ...acks] }, actor.id);
    await this.d.events.emit({
      activityType: 'sending_resumed',
      status: 'info',
      message: `Blocklist listing of ${domain} acknowledged by ${actor.name} (${listed.map((b) => `${b.subject} on ${b.list}${b.answer ? `, ${b.answer}` : ''}`).join('; ')}): it no longer holds live sending from ${domain}; a new listing will`,
      details: { scope: `domain:${domain}`, cause: 'blocklist', acknowledged_by: actor.name, listings: acks.map(({ list, zone, subject, answer }) => ({ list, zone, subject, answer })) },
    });
    this.d.onRelease?.();
    return this.status(actor, domain);
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

  /** The daily loop: checks the configured sender (or `via`, a mailbox's) when its last report is older than recheckMs (or missing). */
  async checkIfDue(via?: EmailSettings): Promise<SendingDomainReport | null> {
    const identity = await this.identity(via);
    if (identity.provider === 'outbox' || !identity.domain) return null;
    const last = await this.d.cache.get(identityKey(identity));
    if (last && !this.stale(last)) return null;
    return this.run(identity);
  }

  private stale(report: SendingDomainReport): boolean {
    return this.d.now().getTime() - Date.parse(report.checked_at) >= this.d.recheckMs;
  }

  /** Checks made for the sender share one DNS check per identity while it runs. */
  private readonly running = new Map<string, Promise<SendingDomainReport>>();

  private runOnce(identity: SendingIdentity): Promise<SendingDomainReport> {
    const key = identityKey(identity);
    let run = this.running.get(key);
    if (!run) {
      run = this.run(identity).finally(() => this.running.delete(key));
      this.running.set(key, run);
    }
    return run;
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
    const key = identityKey(who);
    const previous = await this.d.cache.get(key);
    const report = await this.d.check(who);
    await this.d.cache.put(key, report);
    if (who.domain && who.provider !== 'outbox') await this.judgeListings(who.domain, report, previous);
    return report;
  }

  /**
   * After a check: acknowledgements of listings now gone are dropped (a later listing is new),
   * and a listing the previous check did not have pauses live sending from the domain, said in
   * the feed once.
   */
  private async judgeListings(domain: string, report: SendingDomainReport, previous: SendingDomainReport | undefined): Promise<void> {
    const before = await this.d.decisions.get(domain);
    const d = withoutCleared(report, before);
    if (d !== before) await this.d.decisions.put(domain, d, null);
    const fresh = newListings(report, previous, d);
    if (fresh.length === 0) return;
    await this.d.events.emit({
      activityType: 'sending_paused',
      status: 'error',
      message: `Live sending from ${domain} paused: ${fresh.map((b) => b.summary.replace(/\.$/, '')).join('; ')}. An operator must acknowledge the listing (outreach deliverability --acknowledge ${domain}, or Settings → Sending domain)`,
      details: { scope: `domain:${domain}`, cause: 'blocklist', listings: fresh.map(({ list, zone, subject, answer }) => ({ list, zone, subject, answer })), checked_at: report.checked_at, acknowledge: `outreach deliverability --acknowledge ${domain}` },
    });
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

  async latest(domain: string): Promise<SendingDomainReport | undefined> {
    return Object.values(await this.all())
      .filter((r) => r.identity.domain === domain.toLowerCase())
      .sort((a, b) => Date.parse(b.checked_at) - Date.parse(a.checked_at))[0];
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
