// The wiring of the sender's reputation (src/core/deliverability): the sending domain's SPF,
// DKIM, DMARC, MX and blocklist checks (which refuse live sending from a domain without SPF
// and DKIM, or listed), and the bounce and complaint guard. Part of
// src/app.ts's one wiring, kept in its own file because it is a whole capability; each piece
// loads when first used.
import type { Config } from './config.ts';
import type { SendingDomainRules } from './core/deliverability/check.ts';
import type { SendingDomainChecks } from './core/deliverability/sending-domain.ts';
import type { SendingGuards } from './core/deliverability/sending-guards.ts';
import { lazy } from './core/lazy.ts';
import type { EmailConfigStore } from './core/settings/email-config.ts';
import type { SettingsStore } from './core/settings/store.ts';
import type { Db } from './db/client.ts';
import type { SqlEventSink } from './db/repos/activity.ts';

export interface DeliverabilityWiringDeps {
  db: Db;
  config: Config;
  store: SettingsStore;
  email: EmailConfigStore;
  events: SqlEventSink;
  now: () => Date;
  /** Wakes the send loop: a resumed guard (or an override, an acknowledged listing) lets the waiting emails go at once. */
  wakeSender: () => void;
}

export function deliverabilityWiring({ db, config, store, email, events, now, wakeSender }: DeliverabilityWiringDeps): { sendingDomain: SendingDomainChecks; guards: SendingGuards } {
  const d = config.defaults;
  // The sending domain's SPF, DKIM, DMARC, MX and blocklists, asked of the configured DNS.
  const sendingDomain: SendingDomainChecks = lazy(async () => {
    const [{ SendingDomainChecks, SettingsSendingDomainCache }, { SettingsDecisionStore }, { checkSendingDomain }, { mailDns }] = await Promise.all([
      import('./core/deliverability/sending-domain.ts'),
      import('./core/deliverability/sending-decisions.ts'),
      import('./core/deliverability/check.ts'),
      import('./providers/dns/resolver.ts'),
    ]);
    const dns = mailDns(config.dnsServer, d.email.verification.dns_timeout_ms);
    const rules = d.email.sending_domain as unknown as SendingDomainRules;
    return new SendingDomainChecks({
      sender: () => email.settings(),
      store,
      cache: new SettingsSendingDomainCache(store),
      check: (identity) => checkSendingDomain(dns, identity, rules, now(), config.dnsServer ?? 'the system resolver'),
      now,
      recheckMs: d.email.sending_domain.recheck_hours * 3_600_000,
      decisions: new SettingsDecisionStore(store),
      events,
      onRelease: wakeSender,
    });
  });
  // The bounce and complaint guard: the sender asks it before each email; every hard bounce and
  // complaint, whoever reports it, is counted there.
  const guardConfig = d.email.guards;
  const guards: SendingGuards = lazy(async () => {
    const [{ SendingGuards }, { SqlGuardRepo }] = await Promise.all([import('./core/deliverability/sending-guards.ts'), import('./db/repos/sending-guards.ts')]);
    return new SendingGuards({
      repo: new SqlGuardRepo(db),
      events,
      thresholds: () => ({
        hardBouncePercent: guardConfig.hard_bounce_percent,
        complaintPercent: guardConfig.complaint_percent,
        minSends: guardConfig.min_sends,
        windowSends: guardConfig.window_sends,
        windowDays: guardConfig.window_days,
      }),
      now,
      onResume: wakeSender,
    });
  });
  return { sendingDomain, guards };
}
