import type { ActivityEvent, EventSink } from '../../core/events.ts';
import type { Db } from '../client.ts';
import { activity } from '../schema/activity.ts';

export class SqlEventSink implements EventSink {
  constructor(private readonly db: Db) {}

  async emit(event: ActivityEvent): Promise<void> {
    await this.db.insert(activity).values(row(event));
  }

  async emitAll(events: ActivityEvent[]): Promise<void> {
    // Rows get their ids in the order given, so readers tailing by id see them in this order.
    for (let i = 0; i < events.length; i += EVENTS_PER_INSERT) await this.db.insert(activity).values(events.slice(i, i + EVENTS_PER_INSERT).map(row));
  }
}

// 8 values an event: 100 stay well under the 999 bound parameters older SQLite builds allow.
const EVENTS_PER_INSERT = 100;

const row = (event: ActivityEvent) => ({
  campaignId: event.campaignId ?? null,
  leadId: event.leadId ?? null,
  activityType: event.activityType,
  status: event.status,
  message: event.message,
  details: event.details,
});
