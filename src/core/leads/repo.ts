// What the lead service reads and writes; src/db/repos/leads.ts implements it.
import type { Interaction, Lead, LeadAnalysis, LeadEmail, LeadFilter, LeadStatus } from '../model/lead.ts';
import type { DealStage } from '../model/reply-classes.ts';
import type { LeadCsvRecord } from './csv.ts';
import type { ListTotal, SortKey } from './cursor.ts';

export interface KeyedPage<T> {
  items: T[];
  /** The sort key of each item (same order), for the next cursor. */
  keys: SortKey[];
}
/** A Lead as JSON text, as the database wrote it: a list page is sent as these texts, joined. */
export type LeadText = string;
export type LeadKeyedPage = KeyedPage<LeadText>;

export interface StatusChange {
  from: LeadStatus;
  to: LeadStatus;
  description: string;
  metadata: Record<string, unknown>;
  /** Recorded on the lead with the change: why its follow-ups stop (src/core/sequences/stop.ts). */
  sequenceStopReason: string;
  /** The deal moved with the status (won is CONVERTED: src/core/deals/stages.ts), written only if it is still at `from`. */
  deal?: { from: DealStage | null; to: DealStage | null; description: string; metadata: Record<string, unknown>; /** Set only if the deal has no value yet. */ value?: number };
}

/** Lead and email figures are running totals kept in the same transaction as every write
 * that changes them; campaigns (a few rows) are counted. */
export interface DashboardCounts {
  totalCampaigns: number;
  runningCampaigns: number;
  totalLeads: number;
  emailsGenerated: number;
  emailsSent: number;
  emailsOpened: number;
  emailsReplied: number;
  /** Distinct leads with at least one sent email, and how many of those are CONVERTED. */
  leadsEmailed: number;
  leadsEmailedConverted: number;
}

export interface LeadRepo {
  /** Up to `limit` leads matching the filter, in the filter's sort order, after `after` (exclusive). */
  page(filter: LeadFilter, limit: number, after?: SortKey): Promise<LeadKeyedPage>;
  /** The same rows as `page`, with only the columns of the CSV export. */
  csvBatch(filter: LeadFilter, limit: number, after?: SortKey): Promise<KeyedPage<LeadCsvRecord>>;
  /** How many leads match: exactly, or (past `upTo`, when given) `upTo` as a lower bound. */
  count(filter: LeadFilter, upTo?: number): Promise<ListTotal>;
  find(id: number): Promise<Lead | undefined>;
  /** Removes the lead with its analysis, emails, interactions and jobs. */
  delete(id: number): Promise<boolean>;
  /** Removes processed leads (analysed or failed) that have no contact email; returns how many. */
  deleteProcessedWithoutContact(): Promise<number>;
  analysis(leadId: number): Promise<LeadAnalysis | undefined>;
  /** Oldest first. */
  emails(leadId: number): Promise<LeadEmail[]>;
  /** Oldest first. */
  interactions(leadId: number): Promise<Interaction[]>;
  /** Sets the status (and the deal in step) only if both are still `from`, recording the interactions in the same write. */
  changeStatus(id: number, change: StatusChange): Promise<boolean>;
  campaignExists(id: number): Promise<boolean>;
  /** The suggestion estimate the campaign was started from ("$1,500-$5,000"), if any. */
  campaignEstimate(id: number): Promise<string | null>;
  dashboard(): Promise<DashboardCounts>;
}
