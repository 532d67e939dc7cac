// The wiring of replies (src/core/replies): the reply mailbox, the inbox and its answers, what a
// reply does to its lead, and the reply-detection settings. Part of src/app.ts's one wiring,
// kept in its own file because it is a whole capability; every piece loads when first used.
import type { Config } from './config.ts';
import type { DealService } from './core/deals/service.ts';
import type { SendingGuards } from './core/deliverability/sending-guards.ts';
import type { SuppressionList } from './core/emails/suppression.ts';
import type { TrackingTokens } from './core/emails/tracking-token.ts';
import { emailLocale } from './core/drafts/locale.ts';
import { lazy } from './core/lazy.ts';
import type { ReplyAnswers, ReplyEffects, ReplyInbox, ReplyService } from './core/replies/index.ts';
import type { EmailConfigStore, EmailSettings } from './core/settings/email-config.ts';
import type { MailProvider } from './core/model/providers.ts';
import type { ReplyDetectionConfig } from './core/settings/reply-detection.ts';
import type { SettingsService } from './core/settings/service.ts';
import type { SettingsStore } from './core/settings/store.ts';
import type { Db } from './db/client.ts';
import type { SqlEventSink } from './db/repos/activity.ts';
import type { SqlLeadStatusRepo } from './db/repos/lead-status.ts';
import type { SqlPipelineStore } from './db/repos/pipeline.ts';
import type { Providers } from './providers/index.ts';

export interface ReplyWiringDeps {
  db: Db;
  config: Config;
  store: SettingsStore;
  providers: Providers;
  email: EmailConfigStore;
  settings: SettingsService;
  suppressions: SuppressionList;
  events: SqlEventSink;
  leadStatus: SqlLeadStatusRepo;
  deals: DealService;
  pipelineStore: SqlPipelineStore;
  tokens: TrackingTokens;
  /** The sender's signature in the lead's language: a mailbox's (its settings), else mailbox 1's. */
  signature: (lead: { websiteLanguage: string | null; country: string | null }, settings?: EmailSettings) => Promise<string>;
  /** Who an email's thread goes from (its mailbox's settings), and that mailbox's mailer. */
  thread: (emailId: number) => Promise<{ settings: EmailSettings; mailer: MailProvider }>;
  now: () => Date;
  /** The bounce and complaint guard: a delivery or feedback report in the mailbox counts there. */
  guards: SendingGuards;
}

export interface ReplyWiring {
  effects: ReplyEffects;
  inbox: ReplyInbox;
  answers: ReplyAnswers;
  service: ReplyService;
  detection: ReplyDetectionConfig;
}

const imapInbox = async () => (await import('./providers/mail/imap-inbox.ts')).ImapInbox;

export function replyWiring(w: ReplyWiringDeps): ReplyWiring {
  const { db, config, store, providers, email, settings, suppressions, events, leadStatus, deals, pipelineStore, tokens, signature, thread, now, guards } = w;
  const imap = config.defaults.email.imap;
  const repo = lazy(async () => new (await import('./db/repos/replies.ts')).SqlReplyRepo(db));
  const effects = lazy(async () => new (await import('./core/replies/index.ts')).ReplyEffects({ repo, leadStatus, deals, suppressions, events, guards }));
  const inbox = lazy(async () => {
    const [{ ReplyInbox }, { SqlReplyInboxRepo }] = await Promise.all([import('./core/replies/index.ts'), import('./db/repos/reply-inbox.ts')]);
    return new ReplyInbox({ repo: new SqlReplyInboxRepo(db), effects, ai: () => providers.ai(), rawMaxBytes: imap.raw_max_bytes, now });
  });
  const answers = lazy(async () =>
    new (await import('./core/replies/index.ts')).ReplyAnswers({
      inbox,
      repo,
      ai: () => providers.ai(),
      from: async (emailId) => {
        const t = await thread(emailId);
        return { mailer: t.mailer, sender: t.settings };
      },
      sendingEnabled: () => settings.sendingEnabled(),
      suppressions,
      events,
      lead: (leadId) => pipelineStore.lead(leadId),
      signature: async (lead, emailId) => signature(lead, (await thread(emailId)).settings),
      locale: (lead) => emailLocale(lead.websiteLanguage, lead.country),
      now,
    }),
  );
  const service = lazy(async () => {
    const { ReplyService, ImapSettings } = await import('./core/replies/index.ts');
    return new ReplyService({
      repo,
      tokens,
      inbox,
      effects,
      settings: new ImapSettings(store, imap),
      // The IMAP client (imapflow, mailparser) loads when a mailbox is first read.
      connect: async (account) => new (await imapInbox())(account),
      firstPollDays: imap.first_poll_days,
      now,
    });
  });
  const detection = lazy(async () =>
    new (await import('./core/settings/reply-detection.ts')).ReplyDetectionConfig({
      store,
      get publicUrl() {
        return config.publicUrl;
      },
      imap,
      check: async (account) => new (await imapInbox())(account, { timeoutMs: imap.check_timeout_seconds * 1000 }).check(),
    }),
  );
  return { effects, inbox, answers, service, detection };
}
