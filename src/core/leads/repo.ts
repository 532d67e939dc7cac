// What the lead service reads and writes; src/db/repos/leads.ts implements it.
import type { Interaction, Lead, LeadAnalysis, LeadEmail, LeadFilter, LeadStatus } from '../model/lead.ts';
import type { SortKey } from './cursor.ts';

export interface LeadKeyedPage {
  items: Lead[];
  /** The sort key of each item (same order), for the next cursor. */
  keys: SortKey[];
}

export interface StatusChange {
  from: LeadStatus;
  to: LeadStatus;
  description: string;
  metadata: Record<string, unknown>;
}

/** Counted from the tables, so the dashboard can never drift from the data. */
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
  count(filter: LeadFilter): Promise<number>;
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
  /** The technical issues found for each lead that has an analysis. */
  technicalIssues(leadIds: number[]): Promise<Map<number, string[]>>;
  /** Sets the status only if it is still `from`, recording the interaction in the same write. */
  changeStatus(id: number, change: StatusChange): Promise<boolean>;
  campaignExists(id: number): Promise<boolean>;
  dashboard(): Promise<DashboardCounts>;
}
