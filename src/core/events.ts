// The typed events core emits. Each is written to the `activity` table (the durable bus);
// the dashboard feed, the live channel and the CLI views all read from there.
export const ACTIVITY_TYPES = [
  'search',
  'discover',
  'scrape',
  'contact_found',
  'contact_not_found',
  'analyze',
  'analysis_complete',
  'audit',
  'generate',
  'email_generated',
  'sending',
  'email_sent',
  'error',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number] | 'quota_exhausted' | 'draft_created' | 'status_change'
  | 'email_opened' | 'email_clicked' | 'email_replied' | 'email_bounced' | 'unsubscribed'
  // A person viewed the lead's personal report page (src/core/report).
  | 'report_viewed'
  | 'follow_up_written' | 'sequence_stopped'
  | 'deal_moved'
  // A reply that shows interest (the dashboard's notification) and an answer sent from the inbox.
  | 'reply_notification' | 'reply_answered'
  // The bounce and complaint guard paused a campaign or live sending, and an operator resumed it (src/core/deliverability).
  | 'sending_paused' | 'sending_resumed';

export type ActivityStatus = 'info' | 'success' | 'warning' | 'error';

export interface ActivityDetails {
  website?: string;
  subject?: string;
  preview?: string;
  issues?: string[];
  email_found?: boolean;
  [key: string]: unknown;
}

export interface ActivityEvent {
  campaignId?: number | null;
  leadId?: number | null;
  activityType: ActivityType;
  status: ActivityStatus;
  message: string;
  details?: ActivityDetails;
}

/** Where core sends events; the database implementation appends to the activity table. */
export interface EventSink {
  emit(event: ActivityEvent): Promise<void>;
  /** Several events in this order, in one write (a sink without it gets them one by one). */
  emitAll?(events: ActivityEvent[]): Promise<void>;
}

/** Events that happen together (a search's discoveries) written at once, in order. */
export async function emitAll(sink: EventSink, events: ActivityEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (sink.emitAll) return sink.emitAll(events);
  for (const event of events) await sink.emit(event);
}
