// What the composition root (app.ts) builds and hands to a transport: every service of the
// product, by the name the server's routes and the CLI's commands use.
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { EventSink } from './core/events.ts';
import type { ServiceGateway } from './core/resilience/gateway.ts';
import type { GoogleAdsOAuth } from './core/settings/google-ads-oauth.ts';
import type { SettingsService } from './core/settings/service.ts';
import type { ReplyDetectionConfig } from './core/settings/reply-detection.ts';
import type { UsageMeter } from './core/usage/meter.ts';
import type { UsageReport } from './core/usage/report.ts';
import type { UserService } from './core/users/service.ts';
import type { Providers } from './providers/index.ts';
import type { CampaignService } from './core/campaigns/service.ts';
import type { PipelineWorker, WorkerOptions } from './core/pipeline/worker.ts';
import type { LeadService } from './core/leads/service.ts';
import type { DealService } from './core/deals/service.ts';
import type { ActivityRepo } from './core/activity/feed.ts';
import type { ScheduleService } from './core/schedules/service.ts';
import type { DraftService } from './core/drafts/service.ts';
import type { SuppressionList } from './core/emails/suppression.ts';
import type { SchedulingService } from './core/scheduling/service.ts';
import type { SandboxHost } from './sandbox/host.ts';
import type { TrackingTokens } from './core/emails/tracking-token.ts';
import type { ReplyAnswers, ReplyEffects, ReplyInbox, ReplyService } from './core/replies/index.ts';
import type { TrackingService } from './core/emails/tracking.ts';
import type { EmailSender } from './core/emails/sender.ts';
import type { SendingGuards } from './core/deliverability/sending-guards.ts';
import type { Mailboxes } from './core/mailboxes/service.ts';
import type { EmailService } from './core/emails/service.ts';
import type { SendLoop } from './core/emails/send-loop.ts';
import type { Clock } from './core/resilience/clock.ts';
import type { SuggestionService } from './core/suggestions/service.ts';
import type { RecipientChecks } from './core/verification/recipients.ts';
import type { SequenceService } from './core/sequences/service.ts';
import type { ListImportService } from './core/leads/list-import.ts';
import type { AnalyticsService } from './core/analytics/service.ts';
import type { AuditStore } from './core/audit/store.ts';
import type { ReportService } from './core/report/service.ts';
import type { FixedWindowLimiter } from './core/resilience/fixed-window.ts';
import type { ReportLinkDeps } from './core/report/link.ts';
import type { PitchPreviews } from './core/pipeline/pitch-previews.ts';
import type { SendingDomainChecks } from './core/deliverability/sending-domain.ts';

export interface Context {
  config: Config;
  db: Db;
  events: EventSink;
  users: UserService;
  settings: SettingsService;
  meter: UsageMeter;
  usage: UsageReport;
  gateway: ServiceGateway;
  providers: Providers;
  googleAds: GoogleAdsOAuth;
  campaigns: CampaignService;
  leads: LeadService;
  /** Each lead's latest site audit (figures and screenshots), shared by every host on the database. */
  audits: AuditStore;
  /** Deals after a reply: moves (won is CONVERTED), value, owner, notes; the board; dealFromReply for classified replies. */
  deals: DealService;
  /** The operator's own lead lists: preview, import as a campaign, Add lead by URL. */
  lists: ListImportService;
  activity: ActivityRepo;
  drafts: DraftService;
  /** The first email the draft stage would write, for a stored lead or a crawled site, stored nowhere (`outreach pitch`, Preview pitch). */
  pitches: PitchPreviews;
  suppressions: SuppressionList;
  /** Recipient checks (syntax, placeholders, roles, disposable domains, MX): stored on drafts and leads. */
  recipients: RecipientChecks;
  /** The sending domain's SPF, DKIM, DMARC, MX and DNS blocklists: the last check and a check now. */
  sendingDomain: SendingDomainChecks;
  /** The sending mailboxes: several identities, each thread from one (src/core/mailboxes). */
  mailboxes: Mailboxes;
  /** Signs and checks the tokens in tracking links and our Message-IDs. */
  tokens: TrackingTokens;
  /** Reply detection: polls the IMAP mailbox (imap_* settings) with replies.poll(). */
  replies: ReplyService;
  /** The Replies inbox: stored replies, their classes (operator corrections kept) and threads. */
  inbox: ReplyInbox;
  /** Answers to replies from the product (the AI's proposal, and sending in the thread). */
  answers: ReplyAnswers;
  /** What a reply's class does (also after an operator's correction). */
  replyEffects: ReplyEffects;
  /** Settings → Reply Detection: the IMAP account (login checked before saving) and the Brevo webhook token. */
  replyDetection: ReplyDetectionConfig;
  /** Opens, clicks and unsubscribes from the public links, and Brevo's bounce/complaint webhooks. */
  tracking: TrackingService;
  /** The leads' personal report pages (/r/<token>): what each shows, and the views it counts. */
  reports: ReportService;
  /** The report pages' requests per client address (a fixed window a minute). */
  reportLimiter: FixedWindowLimiter;
  /** What reportUrl and reportPreviewPath (src/core/report/link.ts) need. */
  reportLinks: ReportLinkDeps;
  /** Transmits one queued email at a time, with every check (toggle, suppression, quota, breaker). */
  sender: EmailSender;
  emails: EmailService;
  /** Follow-ups: written when they fall due (each send-loop turn), stopped by the one stop rule. */
  sequences: SequenceService;
  /** The sending loop `serve` starts; woken when operators release emails. */
  /** The bounce and complaint guard: pauses a campaign or live sending whose rate passes a threshold; an operator resumes. */
  guards: SendingGuards;
  sendLoop: SendLoop;
  scheduling: SchedulingService;
  schedules: ScheduleService;
  /** AI campaign suggestions: planned from history and the search catalogue, never a paid search. */
  suggestions: SuggestionService;
  /** The Analytics figures over a period of days: counts and ratios of counts. */
  analytics: AnalyticsService;
  /** A pipeline worker over this database (not started). */
  worker(options?: Partial<WorkerOptions>): PipelineWorker;
  sandbox: SandboxHost;
  close(): Promise<void>;
}


export interface ContextOptions {
  /** The time the sender, the sequences and the send loop go by; tests pass a fake one to cross days. */
  clock?: Clock;
}
