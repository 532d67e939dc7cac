import { and, desc, eq, gt, max } from 'drizzle-orm';
import type { ActivityItem, ActivityRepo } from '../../core/activity/feed.ts';
import type { Db } from '../client.ts';
import { activity, type ActivityRow } from '../schema/activity.ts';

const toItem = (r: ActivityRow): ActivityItem => ({
  id: r.id,
  type: 'activity',
  campaign_id: r.campaignId,
  lead_id: r.leadId,
  activity_type: r.activityType,
  status: r.status,
  message: r.message,
  timestamp: r.createdAt.toISOString(),
  details: r.details ?? {},
});

export class SqlActivityRepo implements ActivityRepo {
  constructor(private readonly db: Db) {}

  async latest(limit: number, campaignId?: number) {
    const rows = await this.db
      .select()
      .from(activity)
      .where(campaignId === undefined ? undefined : eq(activity.campaignId, campaignId))
      .orderBy(desc(activity.id))
      .limit(limit);
    return rows.map(toItem);
  }

  async after(afterId: number, limit: number, campaignId?: number) {
    const rows = await this.db
      .select()
      .from(activity)
      .where(and(gt(activity.id, afterId), campaignId === undefined ? undefined : eq(activity.campaignId, campaignId)))
      .orderBy(activity.id)
      .limit(limit);
    return rows.map(toItem);
  }

  async lastId() {
    const [row] = await this.db.select({ id: max(activity.id) }).from(activity);
    return row?.id ?? 0;
  }
}
