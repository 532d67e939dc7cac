import { index, integer, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { leadLists } from './lead-lists.ts';
import { createdAt, flag, timestamp, updatedAt } from './columns.ts';
import { users } from './users.ts';
import type { SearchHit } from '../../core/model/providers.ts';
import type { SubjectStyle } from '../../core/model/ab-test.ts';

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    searchQuery: text('search_query').notNull(),
    industry: text('industry'),
    location: text('location'),
    // 'test' never sends to real recipients; new campaigns start in test mode.
    mode: text('mode', { enum: ['test', 'live'] }).notNull().default('test'),
    status: text('status', { enum: ['DRAFT', 'RUNNING', 'PAUSED', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('DRAFT'),
    // Null means unlimited.
    maxResults: integer('max_results'),
    maxEmails: integer('max_emails'),
    totalLeads: integer('total_leads').notNull().default(0),
    processedLeads: integer('processed_leads').notNull().default(0),
    emailsSent: integer('emails_sent').notNull().default(0),
    emailsOpened: integer('emails_opened').notNull().default(0),
    emailsReplied: integer('emails_replied').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    // The site the pipeline is working on right now, shown as progress.
    currentWebsiteUrl: text('current_website_url'),
    // Pipeline stage currently running (search, crawl, ...), for progress display.
    phase: text('phase'),
    lastError: text('last_error'),
    // Why the search found fewer businesses than max_results asked for (from what the search
    // service answered), or null when it found them all.
    searchNote: text('search_note'),
    // How many leads the last "Requeue leads" queued, until the campaign next completes and
    // says how many of them failed again (then null).
    requeuedLeads: integer('requeued_leads'),
    // The search results as first fetched: restart re-uses them without spending search quota.
    searchResults: text('search_results', { mode: 'json' }).$type<SearchHit[]>(),
    // Subject A/B test: one style per arm (A, B, C); null when the campaign runs no test.
    subjectVariants: text('subject_variants', { mode: 'json' }).$type<SubjectStyle[]>(),
    // The sequence: how many emails a lead gets (1 = no follow-ups), the business days each
    // follow-up waits after the step before, and whether a click also stops it.
    sequenceSteps: integer('sequence_steps').notNull().default(1),
    followUpDays: text('follow_up_days', { mode: 'json' }).$type<number[]>().notNull().default([]),
    stopOnClick: flag('stop_on_click').notNull().default(false),
    // Whether the lead's personal report page (/r/<token>) is offered, and whether a person
    // viewing it stops the sequence (src/core/report).
    reportPages: flag('report_pages').notNull().default(true),
    stopOnReportView: flag('stop_on_report_view').notNull().default(false),
    // Set for a campaign made from an imported list: its search stage reads the list (no search quota).
    // The suggestion's estimated_project_value the campaign was started from ("$1,500-$5,000"):
    // the default value of its leads' deals when it reads as a number (src/core/deals/value.ts).
    estimatedProjectValue: text('estimated_project_value'),
    leadListId: integer('lead_list_id').references((): AnySQLiteColumn => leadLists.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at'),
    completedAt: timestamp('completed_at'),
  },
  (t) => [index('campaigns_status_idx').on(t.status), index('campaigns_created_at_idx').on(t.createdAt)],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
