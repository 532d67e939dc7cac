// The wiring of sending (src/core/emails): the sender, which delivers an email from its thread's
// mailbox once every check lets it (suppression, recipient, sending window, bounce and complaint
// guard, sending domain), and the send loop that turns it in serve. Part of src/app.ts's one
// wiring, kept in its own file because it is a whole capability; the sender loads when first used.
import type { Config } from './config.ts';
import type { SendingDomainChecks } from './core/deliverability/sending-domain.ts';
import type { SendingGuards } from './core/deliverability/sending-guards.ts';
import type { EventSink } from './core/events.ts';
import type { EmailSender } from './core/emails/sender.ts';
import { SendLoop } from './core/emails/send-loop.ts';
import type { SuppressionList } from './core/emails/suppression.ts';
import type { TrackingTokens } from './core/emails/tracking-token.ts';
import { lazy } from './core/lazy.ts';
import type { Mailboxes } from './core/mailboxes/service.ts';
import type { Clock } from './core/resilience/clock.ts';
import type { SendingWindow } from './core/scheduling/windows.ts';
import type { SequenceService } from './core/sequences/service.ts';
import type { EmailConfigStore } from './core/settings/email-config.ts';
import type { SystemConfigStore } from './core/settings/system-config.ts';
import type { RecipientChecks } from './core/verification/recipients.ts';
import type { SqlEmailRepo } from './db/repos/emails.ts';
import type { SqlLeadStatusRepo } from './db/repos/lead-status.ts';
import type { Providers } from './providers/index.ts';

export interface SendingWiringDeps {
  config: Config;
  emailRepo: SqlEmailRepo;
  leadStatus: SqlLeadStatusRepo;
  suppressions: SuppressionList;
  recipients: RecipientChecks;
  events: EventSink;
  tokens: TrackingTokens;
  providers: Providers;
  email: EmailConfigStore;
  sendingEnabled: () => Promise<boolean>;
  windows: () => Promise<SendingWindow[]>;
  system: SystemConfigStore;
  clock: Clock;
  sequences: SequenceService;
  guards: SendingGuards;
  sendingDomain: SendingDomainChecks;
  mailboxes: Mailboxes;
}

export function sendingWiring(w: SendingWiringDeps): { sender: EmailSender; sendLoop: SendLoop } {
  const { config, emailRepo, providers, mailboxes, system } = w;
  const d = config.defaults.email.sender;
  const sender = lazy(async () => {
    const [{ EmailSender }, { publicHttpsProblem }] = await Promise.all([import('./core/emails/sender.ts'), import('./providers/crawl/ssrf-guard.ts')]);
    return new EmailSender({
      repo: emailRepo,
      leadStatus: w.leadStatus,
      suppressions: w.suppressions,
      recipients: w.recipients,
      events: w.events,
      tokens: w.tokens,
      // Read live: `serve --port 0` learns its address only once it listens.
      get publicUrl() {
        return config.publicUrl;
      },
      publicUrlProblem: () => publicHttpsProblem(config.publicUrl),
      mailer: () => providers.mailer(),
      sender: () => w.email.settings(),
      sendingEnabled: w.sendingEnabled,
      windows: w.windows,
      sendDelaySeconds: async () => (await system.get()).email_send_delay,
      clock: w.clock,
      leaseMs: d.sending_lease_seconds * 1000,
      sequences: w.sequences,
      guards: w.guards,
      // Live sending from a domain without SPF and DKIM (not overridden), or listed (not acknowledged), is refused.
      sendingDomain: w.sendingDomain,
      // Who each thread goes from, and whether its mailbox may send now (src/core/mailboxes).
      mailboxes: {
        forSend: (id) => mailboxes.forSend(id),
        waiting: () => mailboxes.waiting(),
        identity: (id) => mailboxes.ofThread(id),
        mailer: (identity) => providers.mailerFor(identity.settings),
        recordError: (id, message) => mailboxes.recordError(id, message),
      },
    });
  });
  const sendLoop = new SendLoop({
    sender,
    events: w.events,
    targetPerDay: async () => (await system.get()).target_emails_per_day,
    sentSince: (since) => emailRepo.sentSince(since),
    liveWaiting: () => emailRepo.liveWaiting(),
    sendDelaySeconds: async () => (await system.get()).email_send_delay,
    prepare: () => w.sequences.advance(),
    clock: w.clock,
    pollMs: d.poll_seconds * 1000,
    maxBackoffMs: d.max_backoff_seconds * 1000,
    onError: (error) => console.error('send loop:', error),
  });
  return { sender, sendLoop };
}
