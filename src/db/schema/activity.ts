import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';
import { createdAt } from './columns.ts';
import { leads } from './leads.ts';
import type { ActivityDetails } from '../../core/events.ts';

export type { ActivityDetails };


// The durable event bus: every core event is written here, and the live hub tails it by id.
export const activity = sqliteTable(
  'activity',
  {
    // AUTOINCREMENT so ids are never reused: readers tail the table with "id > last seen".
    id: integer('id').primaryKey({ autoIncrement: true }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    // Kept after the lead is deleted, so the feed still reads sensibly.
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    // The spec's activity types (search, discover, ..., error) plus any other event name.
    activityType: text('activity_type').notNull(),
    status: text('status', { enum: ['info', 'success', 'warning', 'error'] }).notNull().default('info'),
    message: text('message').notNull(),
    details: text('details', { mode: 'json' }).$type<ActivityDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('activity_created_at_idx').on(t.createdAt),
  ],
);

export type ActivityRow = typeof activity.$inferSelect;
export type NewActivityRow = typeof activity.$inferInsert;
