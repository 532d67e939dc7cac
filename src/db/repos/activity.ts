import type { ActivityEvent, EventSink } from '../../core/events.ts';
import type { Db } from '../client.ts';
import { activity } from '../schema/activity.ts';

export class SqlEventSink implements EventSink {
  constructor(private readonly db: Db) {}

  async emit(event: ActivityEvent): Promise<void> {
    await this.db.insert(activity).values({
      campaignId: event.campaignId ?? null,
      leadId: event.leadId ?? null,
      activityType: event.activityType,
      status: event.status,
      message: event.message,
      details: event.details,
    });
  }
}
