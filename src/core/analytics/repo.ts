// What the analytics service reads; src/db/repos/analytics.ts implements it over indexed ranges
// (the period's rows only) and the trigger-kept counters (all-time totals).
import type { SubjectStyle, VariantKey } from '../model/ab-test.ts';
import type { FunnelStage } from '../model/analytics.ts';
import type { Sentiment } from '../model/reply-classes.ts';

/** The emails sent in the period that share a UTC day, campaign, step and subject variant. */
export interface SentGroup {
  /** UTC day number (ms since the epoch / 86,400,000) of sent_at. */
  day: number;
  campaignId: number | null;
  step: number;
  variant: VariantKey | null;
  sent: number;
  /** By people; machine opens and clicks are the sums of the machine counters. */
  opened: number;
  clicked: number;
  replied: number;
  machineOpens: number;
  machineClicks: number;
  /** Replied, or the lead answered a later step (a reply to a follow-up answers the first subject too). */
  threadReplied: number;
}

export interface AllTimeCounts {
  leads: number;
  emailsSent: number;
  emailsOpened: number;
  emailsReplied: number;
  leadsEmailed: number;
  leadsConverted: number;
}

export interface CampaignInfo {
  id: number;
  name: string;
  /** The subject test's styles, in arm order; null without a test. */
  subjectStyles: SubjectStyle[] | null;
}

/** A count per UTC day number. */
export type DayCounts = Map<number, number>;

/** Each method given a mailbox counts only the emails (and replies to emails) sent from it; without one, every mailbox. */
export interface AnalyticsRepo {
  /** The emails sent since `since` (the start of a UTC day; SENT, OPENED, CLICKED or REPLIED now), in groups: a row per day and group. */
  sentGroups(since: Date, mailbox?: number): Promise<SentGroup[]>;
  allTime(): Promise<AllTimeCounts>;
  /** Leads discovered since `since` (the start of a UTC day), and how many reached each stage. */
  funnel(since: Date): Promise<Record<FunnelStage, number>>;
  /** Replies received since `since`, and those with each sentiment. */
  sentiment(since: Date, mailbox?: number): Promise<{ replies: number } & Record<Sentiment, number>>;
  /** Deals moved to won since `since`, per campaign id. */
  wonByCampaign(since: Date): Promise<Map<number, number>>;
  /** Every campaign (a few rows: one per search run or list). */
  campaigns(): Promise<CampaignInfo[]>;
  /** Per UTC day since `since`: first human opens, first replies, meeting requests, first report page views by people. */
  daily(since: Date, mailbox?: number): Promise<{ opened: DayCounts; replied: DayCounts; meetings: DayCounts; reportViews?: DayCounts }>;
}
