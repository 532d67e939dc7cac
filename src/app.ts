// The composition root: the only place that builds the database, repositories,
// services and providers, and hands them to a transport (the server or the CLI).
// A service that not every command uses is made, with the modules it imports, on the first
// call of one of its methods (core/lazy.ts): `outreach campaign list` loads the campaigns and
// not the drafts, the replies or the sender, and an idle server loads what its requests need.
import { join } from 'node:path';
import type { Config } from './config.ts';
import type { Context, ContextOptions } from './context.ts';
import { createDb, migrateDb, prepareDb } from './db/client.ts';
import { SqlEventSink } from './db/repos/activity.ts';
import { SqlSettingsRepo } from './db/repos/settings.ts';
import { SqlUsageRepo } from './db/repos/usage.ts';
import { SqlUserRepo } from './db/repos/users.ts';
import { lazy, once } from './core/lazy.ts';
import { ServiceGateway } from './core/resilience/gateway.ts';
import { SecretCipher } from './core/settings/cipher.ts';
import { GoogleAdsOAuth } from './core/settings/google-ads-oauth.ts';
import type { SettingsService } from './core/settings/service.ts';
import { SettingsStore } from './core/settings/store.ts';
import type { SystemConfigStore } from './core/settings/system-config.ts';
import { EmailConfigStore, type EmailSettings } from './core/settings/email-config.ts';
import { UsageMeter } from './core/usage/meter.ts';
import type { UsageReport } from './core/usage/report.ts';
import type { UserService } from './core/users/service.ts';
import { GoogleOAuthExchanger } from './providers/ads/google-oauth.ts';
import { Providers } from './providers/index.ts';
import { replyWiring } from './app-replies.ts';
import { deliverabilityWiring } from './app-deliverability.ts';
import { mailboxWiring } from './app-mailboxes.ts';
import { sendingWiring } from './app-sending.ts';
import type { CampaignService } from './core/campaigns/service.ts';
import type { PipelineDeps } from './core/pipeline/deps.ts';
import { PipelineWorker } from './core/pipeline/worker.ts';
import { SqlCampaignRepo } from './db/repos/campaigns.ts';
import type { LeadService } from './core/leads/service.ts';
import type { DealService } from './core/deals/service.ts';
import type { ScheduleService } from './core/schedules/service.ts';
import { emailLocale } from './core/drafts/locale.ts';
import type { DraftService } from './core/drafts/service.ts';
import type { SuppressionList } from './core/emails/suppression.ts';
import type { SchedulingService } from './core/scheduling/service.ts';
import { SqlJobQueue } from './db/repos/jobs.ts';
import { SqlLeadStatusRepo } from './db/repos/lead-status.ts';
import { SqlPipelineStore } from './db/repos/pipeline.ts';
import { SandboxHost } from './sandbox/host.ts';
import { Secrets } from './secrets.ts';
import { TrackingTokens } from './core/emails/tracking-token.ts';
import type { TrackingService } from './core/emails/tracking.ts';
import type { EmailService } from './core/emails/service.ts';
import { systemClock } from './core/resilience/clock.ts';
import type { SuggestionService } from './core/suggestions/service.ts';
import type { DomainFinding } from './core/verification/domain-check.ts';
import type { RecipientChecks } from './core/verification/recipients.ts';
import type { SequenceService } from './core/sequences/service.ts';
import type { ListImportService } from './core/leads/list-import.ts';
import { SqlLeadListRepo } from './db/repos/lead-lists.ts';
import { SqlAuditStore } from './db/repos/audits.ts';
import { FixedWindowLimiter } from './core/resilience/fixed-window.ts';
import type { ReportLinkDeps } from './core/report/link.ts';
import type { AnalyticsService } from './core/analytics/service.ts';

export type { Context, ContextOptions } from './context.ts';

export async function buildContext(config: Config, options: ContextOptions = {}): Promise<Context> {
  const clock = options.clock ?? systemClock;
  const db = await createDb(config.dbUrl, config.dbAuthToken);
  await prepareDb(db, config.dbUrl);
  await migrateDb(db);
  const secrets = Secrets.load(config.dataDir, config.secretKey);
  const d = config.defaults;
  const throttle = d.auth.login_throttle;
  const now = () => new Date(clock.now());

  const userRepo = new SqlUserRepo(db);
  const users = lazy(async () => {
    const [{ UserService }, { TokenSigner }, { LoginThrottle }] = await Promise.all([
      import('./core/users/service.ts'),
      import('./core/users/tokens.ts'),
      import('./core/users/login-throttle.ts'),
    ]);
    return new UserService(
      userRepo,
      new TokenSigner(secrets.key('session-tokens'), config.tokenTtlHours),
      new LoginThrottle({
        windowMinutes: throttle.window_minutes,
        maxFailuresPerAccount: throttle.max_failures_per_account,
        maxFailuresPerAddress: throttle.max_failures_per_address,
        addressDelayBaseSeconds: throttle.address_delay_base_seconds,
        addressDelayMaxSeconds: throttle.address_delay_max_seconds,
      }),
    );
  });

  const events = new SqlEventSink(db);
  const cipher = new SecretCipher(secrets.key('settings-encryption'));
  const store = new SettingsStore(new SqlSettingsRepo(db), cipher, config.env);
  const system = lazy(async () => new (await import('./core/settings/system-config.ts')).SystemConfigStore(store));
  const email = new EmailConfigStore(store, config.env);
  const sandbox = new SandboxHost(config);
  const usageRepo = new SqlUsageRepo(db);
  const meter = new UsageMeter(usageRepo, store, system, events);
  const gateway = new ServiceGateway(meter, system);
  const providers = new Providers(config, store, email, gateway, sandbox);
  const suppressions = lazy(async () => {
    const [{ SuppressionList }, { SqlSuppressionRepo }] = await Promise.all([import('./core/emails/suppression.ts'), import('./db/repos/suppressions.ts')]);
    return new SuppressionList(new SqlSuppressionRepo(db));
  });
  // The sending domain's checks and the bounce and complaint guard (app-deliverability.ts).
  const { sendingDomain, guards } = deliverabilityWiring({ db, config, store, email, events, now, wakeSender: () => sendLoop.wake() });
  // The sending mailboxes: who each thread goes from, its cap, spacing and ramp (app-mailboxes.ts).
  const mailboxes = mailboxWiring({ db, config, cipher, email, providers, meter, events, guards, sendingDomain, now });
  const settings = lazy(async () => new (await import('./core/settings/service.ts')).SettingsService(store, system, email, providers, suppressions, () => sendingDomain.afterSave()), { store, system, email });
  const campaignRepo = new SqlCampaignRepo(db);
  const queue = new SqlJobQueue(db);
  const leadStatus = new SqlLeadStatusRepo(db);
  const pipelineStore = new SqlPipelineStore(db);
  // The A/B verdict's rule, the same for the Campaigns list and Analytics.
  const abTests = { minSentPerVariant: d.campaigns.ab_tests.min_sent_per_variant, alpha: d.campaigns.ab_tests.significance_level };
  const campaigns = lazy(async () => new (await import('./core/campaigns/service.ts')).CampaignService(campaignRepo, queue, pipelineStore, system, events, abTests));
  const leadLists = new SqlLeadListRepo(db);
  const audits = new SqlAuditStore(db);
  const tokens = new TrackingTokens(secrets.key('email-tracking'));
  const reportLinks: ReportLinkDeps = {
    tokens,
    audits,
    // Read live, as the sender does: `serve --port 0` learns its address only once it listens.
    publicUrl: () => config.publicUrl,
    expiryDays: async () => (await system.get()).report_expiry_days,
    now,
  };
  const emailRepo = lazy(async () => new (await import('./db/repos/emails.ts')).SqlEmailRepo(db));
  const recipients = lazy(async () => {
    const [{ RecipientChecks }, { RecipientVerifier }, { checkDomain }, { isDisposableDomain }, { mailDns }, { SqlDomainCheckCache, SqlRecipientCheckRepo }] = await Promise.all([
      import('./core/verification/recipients.ts'),
      import('./core/verification/verifier.ts'),
      import('./core/verification/domain-check.ts'),
      import('./core/verification/disposable.ts'),
      import('./providers/dns/resolver.ts'),
      import('./db/repos/recipient-checks.ts'),
    ]);
    const dns = mailDns(config.dnsServer, d.email.verification.dns_timeout_ms);
    const domainTtlMs = d.email.verification.domain_cache_hours * 3_600_000;
    return new RecipientChecks(
      new RecipientVerifier({
        // While the sandbox is the search provider it answers for its own businesses' domains:
        // a demo never asks the real DNS about names it invented.
        checkDomain: async (domain) => ((await providers.searchKind()) === 'sandbox' && (await sandbox.ownsMailDomain(domain)) ? SANDBOX_DOMAIN : checkDomain(dns, domain)),
        cache: new SqlDomainCheckCache(db),
        ttlMs: domainTtlMs,
        isDisposable: isDisposableDomain,
        now: () => new Date(),
      }),
      new SqlRecipientCheckRepo(db),
      () => new Date(),
      domainTtlMs,
    );
  });
  const windows = async () => (await settings.optimalTimes()).optimal_times;
  const crawlLimits = { maxPagesPerSite: d.pipeline.max_pages_per_site, crawlTimeoutMs: d.pipeline.crawl_timeout_ms };
  /** The sender's signature in the lead's language (the drafts' composer loads with it). */
  const signature = async (lead: { websiteLanguage: string | null; country: string | null }, settings?: EmailSettings) =>
    (await composer()).signatureFor(settings ?? (await email.settings()), emailLocale(lead.websiteLanguage, lead.country));
  /** The sender of an email's thread (its mailbox; mailbox 1's when it was removed), as the writer needs it. */
  const threadSender = async (emailId: number) => ((await mailboxes.ofThread((await emailRepo.mailboxOf(emailId)) ?? null)) ?? (await mailboxes.identity(1))).settings;
  const thread = async (emailId: number) => {
    const settings = await threadSender(emailId);
    return { settings, mailer: await providers.mailerFor(settings) };
  };
  const draftLead = async (leadId: number) => {
    const lead = await pipelineStore.lead(leadId);
    return lead && { ...lead, companyName: lead.companyName ?? lead.hostname };
  };
  const sequences = lazy(async () => {
    const [{ SequenceService }, { SqlSequenceRepo }] = await Promise.all([import('./core/sequences/service.ts'), import('./db/repos/sequences.ts')]);
    return new SequenceService({
      repo: new SqlSequenceRepo(db),
      suppressions,
      events,
      windows,
      ai: () => providers.ai(),
      lead: draftLead,
      sender: async (lead, threadEmailId) => {
        const s = await threadSender(threadEmailId);
        return { name: s.fromName ?? '', signature: await signature(lead, s) };
      },
      clock,
      perPass: d.campaigns.sequence.follow_ups_per_pass,
      // The audit stage's auditor and store: a follow-up re-measures a site whose audit is old.
      recheck: {
        audits,
        siteAuditor: () => providers.siteAuditor(),
        settings: () => system.get(),
        now,
        // And crawls it again, as the analysis does, when the thread cited something the crawl found.
        crawlFindings: async (url) => (await import('./core/pipeline/analyze/analysis-crawl.ts')).recrawledFindings(await providers.crawler(), url, crawlLimits, await system.get()),
      },
    });
  });
  // The sender and the send loop (app-sending.ts).
  const { sender, sendLoop } = sendingWiring({
    config, emailRepo, leadStatus, suppressions, recipients, events, tokens, providers, email,
    sendingEnabled: () => settings.sendingEnabled(), windows, system, clock, sequences, guards, sendingDomain, mailboxes,
  });
  const scheduling = lazy(async () => {
    const [{ SchedulingService }, { SqlEngagementRepo }] = await Promise.all([import('./core/scheduling/service.ts'), import('./db/repos/engagements.ts')]);
    return new SchedulingService(new SqlEngagementRepo(db), campaigns);
  });
  const emails = lazy(async () =>
    new (await import('./core/emails/service.ts')).EmailService(emailRepo, sender, scheduling, {
      windows,
      sendingEnabled: () => settings.sendingEnabled(),
      now,
      wake: () => sendLoop.wake(),
      recipients,
      outboxDir: join(config.dataDir, d.providers.outbox_dir),
    }),
  );
  const usageReport = lazy(async () => new (await import('./core/usage/report.ts')).UsageReport(usageRepo, meter));
  const deals = lazy(async () => {
    const [{ DealService }, { SqlDealRepo }] = await Promise.all([import('./core/deals/service.ts'), import('./db/repos/deals.ts')]);
    return new DealService({
      repo: new SqlDealRepo(db),
      events,
      findUser: async (username) => (await userRepo.findByUsername(username))?.username,
      now,
    });
  });
  const replies = replyWiring({ db, config, store, providers, email, settings, suppressions, events, leadStatus, deals, pipelineStore, tokens, signature, thread, now, guards });
  const pipeline: PipelineDeps = {
    campaigns: campaignRepo,
    campaignService: campaigns,
    store: pipelineStore,
    leadStatus,
    queue,
    lists: leadLists,
    events,
    system,
    mailboxes,
    recipients,
    searchProvider: () => providers.search(),
    aiProvider: () => providers.ai(),
    crawler: () => providers.crawler(),
    siteAuditor: () => providers.siteAuditor(),
    audits,
    reportLinks,
    limits: {
      ...crawlLimits,
      priorityHigh: d.leads.priority_high_min,
      priorityMedium: d.leads.priority_medium_min,
      maxSearchPages: d.pipeline.max_search_pages,
    },
  };

  return {
    config,
    db,
    events,
    users,
    settings,
    meter,
    usage: usageReport,
    gateway,
    providers,
    googleAds: new GoogleAdsOAuth(store, new GoogleOAuthExchanger(config.providerUrls.googleOauthToken), secrets.key('oauth-state')),
    sandbox,
    campaigns,
    leads: lazy(async () => {
      const [{ LeadService }, { SqlLeadRepo }] = await Promise.all([import('./core/leads/service.ts'), import('./db/repos/leads.ts')]);
      return new LeadService(new SqlLeadRepo(db), events);
    }),
    audits,
    deals,
    lists: lazy(async () => new (await import('./core/leads/list-import.ts')).ListImportService({ repo: leadLists, campaigns, targetCheck: () => providers.listTargetCheck() })),
    activity: lazy(async () => new (await import('./db/repos/activity-feed.ts')).SqlActivityRepo(db)),
    drafts: lazy(async () => {
      const [{ DraftService }, { SqlDraftRepo }] = await Promise.all([import('./core/drafts/service.ts'), import('./db/repos/drafts.ts')]);
      return new DraftService(new SqlDraftRepo(db), { lead: draftLead, signature: async (lead, emailId) => signature(lead, await threadSender(emailId)) }, { windows, now }, recipients);
    }),
    pitches: lazy(async () =>
      new (await import('./core/pipeline/pitch-previews.ts')).PitchPreviews({
        ai: () => providers.ai(),
        sender: () => email.settings(),
        lead: (id) => pipelineStore.lead(id),
        campaignIndustry: async (id) => (await campaignRepo.find(id))?.industry ?? null,
        audit: async (id) => (await audits.latest(id))?.audit,
      }),
    ),
    suppressions,
    recipients,
    sendingDomain,
    mailboxes,
    tokens,
    inbox: replies.inbox,
    answers: replies.answers,
    replyEffects: replies.effects,
    replies: replies.service,
    replyDetection: replies.detection,
    tracking: lazy(async () => {
      const [{ TrackingService }, { SqlTrackingRepo }] = await Promise.all([import('./core/emails/tracking.ts'), import('./db/repos/tracking.ts')]);
      return new TrackingService({
        repo: new SqlTrackingRepo(db),
        leadStatus,
        tokens,
        suppressions,
        events,
        filter: {
          machineClickWindowSeconds: d.email.tracking.machine_click_window_seconds,
          scannerUserAgents: d.email.tracking.scanner_user_agents,
        },
        brevoWebhookToken: () => store.value('brevo_webhook_token'),
        resendWebhookSecret: () => store.value('resend_webhook_secret'),
        guards,
        now,
      });
    }),
    reports: lazy(async () => {
      const [{ ReportService }, { SqlReportRepo }] = await Promise.all([import('./core/report/service.ts'), import('./db/repos/reports.ts')]);
      return new ReportService({
        repo: new SqlReportRepo(db, pipelineStore),
        audits,
        tokens,
        events,
        filter: { machineClickWindowSeconds: d.email.tracking.machine_click_window_seconds, scannerUserAgents: d.email.tracking.scanner_user_agents },
        sender: async () => {
          const s = await email.settings();
          return { name: s.fromName, email: s.fromEmail, postalAddress: s.postalAddress };
        },
        now,
      });
    }),
    reportLinks,
    reportLimiter: new FixedWindowLimiter(clock, () => d.report_pages.requests_per_minute_per_address),
    sender,
    emails,
    sequences,
    sendLoop,
    guards,
    scheduling,
    suggestions: lazy(async () => {
      const [{ SuggestionService }, { SqlHistoryRepo }, { sandboxCoverage }] = await Promise.all([
        import('./core/suggestions/service.ts'),
        import('./db/repos/suggestions.ts'),
        import('./sandbox/coverage.ts'),
      ]);
      const sandboxCatalogue = sandboxCoverage(config.sandbox);
      return new SuggestionService({
        history: new SqlHistoryRepo(db),
        // Only the sandbox can list what it covers for free; paid providers get history only.
        coverage: async () => ((await providers.searchKind()) === 'sandbox' ? sandboxCatalogue : null),
        usage: () => usageReport.today(),
        campaigns,
        defaults: {
          expectedLeads: d.campaigns.expected_leads_default,
          replyRatePercent: d.campaigns.suggestion_estimates.reply_rate_percent,
          conversionRatePercent: d.campaigns.suggestion_estimates.conversion_rate_percent,
          projectValue: d.campaigns.suggestion_estimates.project_value,
          minSendsForRate: d.campaigns.suggestion_estimates.min_sends_for_rate,
        },
      });
    }),
    schedules: lazy(async () => {
      const [{ ScheduleService }, { SqlScheduleRepo }] = await Promise.all([import('./core/schedules/service.ts'), import('./db/repos/schedules.ts')]);
      return new ScheduleService(new SqlScheduleRepo(db), campaigns, events);
    }),
    analytics: lazy(async () => {
      const [{ AnalyticsService }, { SqlAnalyticsRepo }] = await Promise.all([import('./core/analytics/service.ts'), import('./db/repos/analytics.ts')]);
      return new AnalyticsService(new SqlAnalyticsRepo(db), now, abTests);
    }),
    worker: (options = {}) =>
      new PipelineWorker(pipeline, {
        concurrency: options.concurrency ?? d.pipeline.worker_concurrency,
        leaseMs: options.leaseMs ?? d.pipeline.lease_seconds * 1000,
        pollMs: options.pollMs ?? d.pipeline.poll_ms,
        id: options.id,
        campaignId: options.campaignId,
        stages: options.stages,
      }),
    close: async () => {
      await sandbox.close();
      db.$client.close();
    },
  };
}

/** The sandbox's answer for its own mail domains (not cached: it is no DNS fact). */
const SANDBOX_DOMAIN: DomainFinding = { verdict: 'valid', reason: 'sandbox domain (test data): answered by the sandbox, not DNS', cacheable: false };

/** The drafts' composer (with the quality checks and the language detector it uses). */
const composer = once(() => import('./core/drafts/compose.ts'));
