import type { SearchHit } from '../model/providers.ts';
import type { CampaignStatus } from '../model/campaign.ts';
import type { SubjectStyle } from '../model/ab-test.ts';
import type { ArmCounts } from '../analytics/ab-test.ts';

export interface CampaignRecord {
  id: number;
  name: string;
  searchQuery: string;
  industry: string | null;
  location: string | null;
  mode: 'test' | 'live';
  status: CampaignStatus;
  maxResults: number | null;
  maxEmails: number | null;
  /** The sequence (src/core/model/sequence.ts): emails per lead, business days between them, stop on click. */
  sequenceSteps: number;
  followUpDays: number[];
  stopOnClick: boolean;
  /** A person viewing the lead's report page stops the sequence too. */
  stopOnReportView: boolean;
  /** The first email offers the lead's personal report page (src/core/report). */
  reportPages: boolean;
  currentWebsiteUrl: string | null;
  phase: string | null;
  lastError: string | null;
  /** Why the search found fewer businesses than asked for; null when it found them all. */
  searchNote: string | null;
  /** How many leads the last "Requeue leads" queued, until the campaign completes again. */
  requeuedLeads: number | null;
  searchResults: SearchHit[] | null;
  /** Subject A/B test: one style per arm (A, B, C); null without a test. */
  subjectVariants: SubjectStyle[] | null;
  /** The imported list the search stage reads instead of a search service. */
  leadListId: number | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

/** Counted from the leads and emails tables, so they can never drift from the data. */
export interface CampaignStats {
  totalLeads: number;
  /** Analysed or failed: the leads no work waits for any more. */
  processedLeads: number;
  /** Leads whose site was read and analysed. */
  analysedLeads: number;
  /** Leads whose last attempt failed (a site that could not be read): never counted as analysed. */
  failedLeads: number;
  /** Leads with no analysis, no error and no analysis queued or running: work that was lost. */
  notAnalysed: number;
  leadsWithEmail: number;
  emailsGenerated: number;
  emailsSent: number;
  emailsOpened: number;
  emailsReplied: number;
  conversions: number;
  /** The campaign's site audits (jobs), and of those the finished ones (measured or not). */
  audits: number;
  auditsFinished: number;
}

export type CampaignChanges = Partial<
  Pick<CampaignRecord, 'name' | 'searchQuery' | 'industry' | 'location' | 'mode' | 'maxResults' | 'maxEmails' | 'sequenceSteps' | 'followUpDays' | 'stopOnClick' | 'stopOnReportView' | 'reportPages' | 'currentWebsiteUrl' | 'phase' | 'lastError' | 'searchNote' | 'requeuedLeads' | 'searchResults' | 'startedAt' | 'completedAt'>
>;

export interface CampaignRepo {
  insert(c: Pick<CampaignRecord, 'name' | 'searchQuery' | 'industry' | 'location' | 'mode' | 'maxResults' | 'maxEmails'> & Partial<Pick<CampaignRecord, 'subjectVariants' | 'sequenceSteps' | 'followUpDays' | 'stopOnClick' | 'stopOnReportView' | 'reportPages'>> & { leadListId?: number; estimatedProjectValue?: string | null }, createdBy: number | null): Promise<CampaignRecord>;
  find(id: number): Promise<CampaignRecord | undefined>;
  list(): Promise<CampaignRecord[]>;
  update(id: number, changes: CampaignChanges): Promise<void>;
  /** Changes the status only if it is still `from` (so concurrent actions cannot both win). */
  setStatus(id: number, from: CampaignStatus, to: CampaignStatus, changes?: CampaignChanges): Promise<boolean>;
  delete(id: number): Promise<boolean>;
  stats(ids: number[]): Promise<Map<number, CampaignStats>>;
  /** Sent, human-opened and replied first emails per A/B arm, for the given campaigns. */
  armCounts(ids: number[]): Promise<Map<number, ArmCounts[]>>;
  /**
   * RUNNING → COMPLETED when no job is queued or running any more and every lead is analysed,
   * carries an error or waits for its analysis.
   */
  completeIfDone(id: number): Promise<boolean>;
  /** The leads `notAnalysed` counts: never analysed, no error, no analysis queued or running. */
  notAnalysedLeadIds(id: number): Promise<number[]>;
  /** The campaign's failed leads' errors, most common first: each text with how many leads have it. */
  failureReasons(id: number, limit: number): Promise<{ error: string; leads: number }[]>;
}
