// What the analytics service reads; src/db/repos/analytics.ts implements it over indexed ranges
// (the period's rows only) and the trigger-kept counters (all-time totals).
import type { SubjectStyle } from '../model/ab-test.ts';
import type { FunnelStage } from '../model/analytics.ts';
import type { Sentiment } from '../model/reply-classes.ts';
import type { ArmCounts } from './ab-test.ts';

export interface EmailCounts {
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
}

export interface AllTimeCounts {
  leads: number;
  emailsSent: number;
  emailsOpened: number;
  emailsReplied: number;
  leadsEmailed: number;
  leadsConverted: number;
}

export interface CampaignPeriodCounts {
  id: number;
  name: string;
  sent: number;
  opened: number;
  replied: number;
  won: number;
}

/** A count per UTC day number (ms since the epoch / 86,400,000). */
export type DayCounts = Map<number, number>;

export interface AnalyticsRepo {
  /** Emails sent since `since`, with opens, clicks and replies by people, and machine events apart. */
  sentSince(since: Date): Promise<EmailCounts & { machineOpens: number; machineClicks: number }>;
  allTime(): Promise<AllTimeCounts>;
  /** Leads discovered since `since`, and how many reached each stage. */
  funnel(since: Date): Promise<Record<FunnelStage, number>>;
  /** Replies received since `since`, and those with each sentiment. */
  sentiment(since: Date): Promise<{ replies: number } & Record<Sentiment, number>>;
  campaigns(since: Date): Promise<CampaignPeriodCounts[]>;
  /** Per UTC day since `since`: sends, first human opens, first replies, meeting requests. */
  daily(since: Date): Promise<{ sent: DayCounts; opened: DayCounts; replied: DayCounts; meetings: DayCounts }>;
  steps(since: Date): Promise<Array<EmailCounts & { step: number }>>;
  /** Campaigns with a subject test, and their arms over the emails sent since `since`. */
  arms(since: Date): Promise<Array<{ id: number; name: string; styles: SubjectStyle[]; counts: ArmCounts[] }>>;
}
