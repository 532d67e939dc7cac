// Everything a pipeline stage may use, handed in by the composition root.
import type { CampaignService } from '../campaigns/service.ts';
import type { CampaignRepo } from '../campaigns/repo.ts';
import type { EventSink } from '../events.ts';
import type { LeadStatusRepo } from '../leads/lifecycle.ts';
import type { Crawler } from '../model/crawl.ts';
import type { AiProvider, SearchProvider } from '../model/providers.ts';
import type { EmailSettings } from '../settings/email-config.ts';
import type { SystemConfigStore } from '../settings/system-config.ts';
import type { CheckedRecipient } from '../verification/verifier.ts';
import type { JobQueue } from './jobs.ts';
import type { SiteAuditor } from '../model/audit.ts';
import type { AuditStore } from '../audit/store.ts';
import type { LeadListRepo } from '../leads/list-import.ts';
import type { PipelineStore } from './store.ts';
import type { ReportLinkDeps } from '../report/link.ts';

export interface PipelineDeps {
  campaigns: CampaignRepo;
  campaignService: CampaignService;
  store: PipelineStore;
  /** Lead statuses move only through src/core/leads/lifecycle.ts (advanceLead). */
  leadStatus: LeadStatusRepo;
  queue: JobQueue;
  /** The rows of imported lead lists (what a list campaign's search stage reads). */
  lists: Pick<LeadListRepo, 'entries'>;
  events: EventSink;
  system: SystemConfigStore;
  /** Who a new thread goes from: the mailbox with the most room today among the campaign's (src/core/mailboxes). */
  mailboxes: { forFirstEmail(campaignId: number): Promise<{ id: number; settings: EmailSettings; release(): void }> };
  /** Checks a recipient before its draft is written (src/core/verification). */
  recipients: { check(address: string): Promise<CheckedRecipient> };
  /** Picked per job from the current settings (a key saved mid-campaign takes effect). */
  searchProvider(): Promise<SearchProvider>;
  aiProvider(): Promise<AiProvider>;
  crawler(): Promise<Crawler>;
  /** Lighthouse in local Chromium, or PageSpeed Insights when a Google key is set. */
  siteAuditor(): Promise<SiteAuditor>;
  audits: AuditStore;
  /** What reportUrl(deps.reportLinks, leadId, campaign) (src/core/report/link.ts) needs: the link the first email offers. */
  reportLinks: ReportLinkDeps;
  limits: { maxPagesPerSite: number; crawlTimeoutMs: number; priorityHigh: number; priorityMedium: number; maxSearchPages: number };
}
