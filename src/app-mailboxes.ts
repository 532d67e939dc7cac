// The wiring of the sending mailboxes (src/core/mailboxes): who each thread goes from, its
// cap, spacing and ramp. Part of src/app.ts's one wiring, kept apart as a whole capability.
import type { Config } from './config.ts';
import type { SendingDomainChecks } from './core/deliverability/sending-domain.ts';
import type { SendingGuards } from './core/deliverability/sending-guards.ts';
import type { EventSink } from './core/events.ts';
import { lazy } from './core/lazy.ts';
import type { Mailboxes } from './core/mailboxes/service.ts';
import type { SecretCipher } from './core/settings/cipher.ts';
import type { EmailConfigStore } from './core/settings/email-config.ts';
import type { UsageMeter } from './core/usage/meter.ts';
import type { Db } from './db/client.ts';
import type { Providers } from './providers/index.ts';

export interface MailboxWiringDeps {
  db: Db;
  config: Config;
  cipher: SecretCipher;
  email: EmailConfigStore;
  providers: Providers;
  meter: UsageMeter;
  events: EventSink;
  guards: SendingGuards;
  sendingDomain: SendingDomainChecks;
  now: () => Date;
}

export function mailboxWiring({ db, config, cipher, email, providers, meter, events, guards, sendingDomain, now }: MailboxWiringDeps): Mailboxes {
  const rules = config.defaults.email.mailboxes;
  return lazy(async () => {
    const [{ Mailboxes }, { SqlMailboxRepo }] = await Promise.all([import('./core/mailboxes/service.ts'), import('./db/repos/mailboxes.ts')]);
    return new Mailboxes({
      repo: new SqlMailboxRepo(db),
      email,
      cipher,
      verifier: providers,
      events,
      rules: () => ({ dailyCap: rules.daily_cap, minSpacingSeconds: rules.min_spacing_seconds, startPerDay: rules.ramp_start_per_day, stepPerDay: rules.ramp_step_per_day }),
      dailyQuota: async () => (await meter.limits()).emailsPerDay,
      now,
      defaultSignature: config.defaults.email.default_signature,
      domains: {
        state: (fromEmail, via) => sendingDomain.mailboxDomain(fromEmail, via),
        afterSave: (fromEmail, via) => sendingDomain.afterMailboxSave(fromEmail, via),
      },
      guard: {
        pause: (mailboxId) => guards.mailboxPause(mailboxId),
        resume: (mailboxId, by) => guards.resume({ kind: 'mailbox', mailboxId }, by),
        figures: (mailboxId) => guards.mailboxFigures(mailboxId),
      },
    });
  });
}
