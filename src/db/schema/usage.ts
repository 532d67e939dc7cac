import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

// One row per metered external call (search, AI, mail, ...); quotas and costs are summed from here.
export const usageEvents = sqliteTable(
  'usage_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    service: text('service').notNull(),
    operation: text('operation').notNull(),
    count: integer('count').notNull().default(1),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    costUsd: real('cost_usd').notNull().default(0),
    // No foreign key: spend must still count against quotas after its campaign is deleted.
    campaignId: integer('campaign_id'),
    createdAt: createdAt(),
  },
  (t) => [index('usage_events_service_created_idx').on(t.service, t.createdAt)],
);

export type UsageEventRow = typeof usageEvents.$inferSelect;
export type NewUsageEventRow = typeof usageEvents.$inferInsert;
