// What the pipeline stages read and write; src/db/repos/pipeline.ts implements it. Lead
// statuses are not the store's to decide: they move through src/core/leads/lifecycle.ts.
import type { RecipientZone } from '../scheduling/recipient-zone.ts';
import type { CheckedRecipient } from '../verification/verifier.ts';
import type { BusinessProfile, Finding, SiteFacts, SiteState } from '../model/analysis.ts';
import type { CrawlLogEntry } from '../model/crawl.ts';
import type { SearchHit } from '../model/providers.ts';
import type { SubjectStyle, VariantKey } from '../model/ab-test.ts';

export interface PipelineLead {
  id: number;
  campaignId: number | null;
  url: string;
  hostname: string;
  title: string | null;
  /** From the search listing until the analysis finds the site's own. */
  phoneNumber: string | null;
  address: string | null;
  companyName: string | null;
  contactEmail: string | null;
  contactName: string | null;
  /** The address the imported list gave, if the lead came from one. */
  listEmail: string | null;
  businessSummary: string | null;
  industry: string | null;
  city: string | null;
  status: string;
  analyzedAt: Date | null;
  /** The analysis's findings: all an email may say about the site. */
  findings: Finding[];
  evidence: SiteFacts['evidence'];
  websiteLanguage: string | null;
  /** The lead's country as the AI profile gave it (a name or a code). */
  country: string | null;
  /** Why the last attempt at the lead failed (undefined: not known, as if there were one). */
  lastError?: string | null;
  /** Where the search listed the site (1 = first result, counted across result pages) and for which query; null when not from a search. */
  searchPosition?: number | null;
  /** The analysis's verdict on the home page: ok, or why it could not be judged (null: not analysed). */
  siteState?: SiteState | null;
  searchQuery?: string | null;
  /** Who found the lead: the search provider's id, 'list' for an imported list. */
  leadSource?: string | null;
}

/** A search hit with where the search listed it (1-based, across result pages), when known. */
export type RankedHit = SearchHit & { position?: number };

export interface AnalysisResult {
  facts: SiteFacts;
  /** The facts' findings plus those that depend on what the business sells. */
  findings: Finding[];
  profile: BusinessProfile;
  priority: 'High' | 'Medium' | 'Low';
  contactEmail: string | null;
  /** 'list' when the imported list's address was kept over what the site shows. */
  contactEmailSource: 'site' | 'list' | null;
  contactName: string | null;
  crawlLog: CrawlLogEntry[];
  technologyStack: string[];
  /** The recipient's time zone and its evidence (core/scheduling/recipient-zone.ts). */
  zone: RecipientZone;
}

export interface NewDraft {
  campaignId: number;
  leadId: number;
  subject: string;
  body: string;
  recipientEmail: string;
  status: 'DRAFT' | 'QUEUED';
  qualityScore: number;
  qualityBreakdown: Record<string, unknown>;
  /** The recipient's check when the draft was written. */
  recipient?: CheckedRecipient;
  /** The mailbox the thread goes from (src/core/mailboxes); it signed the draft. */
  mailboxId?: number;
  /**
   * A subject A/B test: the arms this lead can get, each with its own subject and check. The
   * store gives the email the arm its campaign has assigned least so far (then the first), in
   * the same statement as the insert, so concurrent drafting stays balanced.
   */
  arms?: DraftArm[];
}

export interface DraftArm {
  variant: VariantKey;
  style: SubjectStyle;
  subject: string;
  qualityScore: number;
  qualityBreakdown: Record<string, unknown>;
}

export interface PipelineStore {
  /**
   * Creates leads for hits whose hostname is new to the whole database; returns those created.
   * Each keeps its hit's position and the query that found it (the search-position finding).
   */
  addLeads(campaignId: number, hits: RankedHit[], source: string, query?: string): Promise<PipelineLead[]>;
  /** addLeads for the rows of an imported list, many rows a statement: returns the leads created. */
  addListLeads(campaignId: number, hits: SearchHit[]): Promise<{ id: number; hostname: string }[]>;
  lead(id: number): Promise<PipelineLead | undefined>;
  leadIds(campaignId: number, filter: 'all' | 'unfinished' | 'with_email'): Promise<number[]>;
  /** A new attempt at the lead: the last one's error no longer applies. */
  clearError(leadId: number): Promise<void>;
  saveAnalysis(leadId: number, result: AnalysisResult): Promise<void>;
  /** A lead that could not be analysed: the reason is kept on the lead (the caller moves its status). */
  markFailed(leadId: number, error: string, crawlLog?: CrawlLogEntry[]): Promise<void>;
  countDrafts(campaignId: number): Promise<number>;
  hasDraft(campaignId: number, leadId: number): Promise<boolean>;
  /** One email per (campaign, lead, step): a second call for the same lead adds nothing. */
  addDraft(draft: NewDraft, maxEmails: number | null): Promise<'added' | 'exists' | 'limit'>;
}

/** Whether an address carries "user:password@": the list import refuses such a row. */
export const hasCredentials = (url: URL): boolean => Boolean(url.username || url.password);

/** A search result's address without "user:password@": a listing's credentials are never kept or used. */
export function withoutCredentials(raw: string): string {
  try {
    const url = new URL(raw);
    if (!hasCredentials(url)) return raw;
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return raw;
  }
}

/** Lower-case, without a leading www.: one business is one hostname. */
export function normaliseHostname(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

export function priorityFor(marketOpportunityScore: number, thresholds: { high: number; medium: number }): 'High' | 'Medium' | 'Low' {
  if (marketOpportunityScore >= thresholds.high) return 'High';
  if (marketOpportunityScore >= thresholds.medium) return 'Medium';
  return 'Low';
}
