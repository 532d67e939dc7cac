import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';
import { createdAt, timestamp, updatedAt } from './columns.ts';
import { leads } from './leads.ts';

// Durable pipeline work. Workers claim a row by setting a lease in one transaction.
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    // Null for campaign-wide stages (search).
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['search', 'crawl', 'analyze', 'contacts', 'audit', 'draft', 'send'] }).notNull(),
    // 'dlq' = gave up after max_attempts; visible and re-queueable.
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'dlq'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    // Copied from the max_retries system setting when the job is enqueued.
    maxAttempts: integer('max_attempts').notNull().default(3),
    // Not claimable before this time: pushed forward on failure for exponential backoff.
    runAfter: timestamp('run_after').notNull().$defaultFn(() => new Date()),
    // Worker holding the job; a lease past lease_expires_at is treated as abandoned (crashed worker).
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at'),
    lastError: text('last_error'),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Makes enqueueing idempotent (insert ... on conflict). SQLite treats NULLs as distinct,
    // so jobs with a null lead_id (search) are NOT deduplicated here: the caller must check first.
    uniqueIndex('jobs_campaign_lead_stage_unique').on(t.campaignId, t.leadId, t.stage),
    index('jobs_status_run_after_idx').on(t.status, t.runAfter),
    index('jobs_lease_expires_at_idx').on(t.leaseExpiresAt),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
