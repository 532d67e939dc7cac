import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';
import { createdAt, flag, timestamp, updatedAt } from './columns.ts';

/** What a schedule that creates a new campaign on each run searches for. */
export type ScheduleQuery = {
  search_query: string;
  location?: string | null;
  industry?: string | null;
  mode?: 'test' | 'live';
  max_results?: number | null;
  max_emails?: number | null;
};

// Recurring runs: either re-run an existing campaign, or create a campaign from `query`.
export const schedules = sqliteTable(
  'schedules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cron: text('cron').notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    query: text('query', { mode: 'json' }).$type<ScheduleQuery>(),
    enabled: flag('enabled').notNull().default(true),
    lastRunAt: timestamp('last_run_at'),
    nextRunAt: timestamp('next_run_at'),
    // Set while a run is in progress, so a slow run is not started again on top of itself.
    runningSince: timestamp('running_since'),
    // The campaign a query schedule created last (no foreign key: deleting that campaign
    // must not delete the schedule). A run is skipped while it is still RUNNING.
    lastCampaignId: integer('last_campaign_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The scheduler's "what is due" lookup.
  (t) => [index('schedules_next_run_at_idx').on(t.nextRunAt)],
);

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;
