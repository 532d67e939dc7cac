// Reading the activity table: the dashboard feed, the CLI's live view and the live
// channel all read the same rows, in id order (ids are never reused).
import type { ActivityDetails, ActivityStatus } from '../events.ts';

export interface ActivityItem {
  id: number;
  type: 'activity';
  campaign_id: number | null;
  lead_id: number | null;
  activity_type: string;
  status: ActivityStatus;
  message: string;
  timestamp: string;
  details: ActivityDetails;
}

export interface ActivityRepo {
  /** Newest first. */
  latest(limit: number, campaignId?: number): Promise<ActivityItem[]>;
  /** Oldest first: everything after `afterId` (for tailing). */
  after(afterId: number, limit: number, campaignId?: number): Promise<ActivityItem[]>;
  lastId(): Promise<number>;
}
