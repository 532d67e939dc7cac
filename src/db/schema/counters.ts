import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';

// The dashboard's running totals: one row (id 1), changed only by triggers on leads and emails
// (migration 0005), so every write that changes a figure changes it in the same transaction
// and reading them costs the same at a hundred leads or a million.
export const dashboardCounters = sqliteTable('dashboard_counters', {
  id: integer('id').primaryKey(),
  leads: integer('leads').notNull().default(0),
  emails: integer('emails').notNull().default(0),
  // Emails in one of SENT_EMAIL_STATUSES (src/core/emails/status.ts), and of those the opened and replied ones.
  emailsSent: integer('emails_sent').notNull().default(0),
  emailsOpened: integer('emails_opened').notNull().default(0),
  emailsReplied: integer('emails_replied').notNull().default(0),
  // Leads with at least one sent email (leads.sent_emails > 0), and of those the CONVERTED ones.
  leadsEmailed: integer('leads_emailed').notNull().default(0),
  leadsEmailedConverted: integer('leads_emailed_converted').notNull().default(0),
});

// Each campaign's running totals (the Campaigns list, `campaign list`, `campaign show`):
// changed only by triggers on leads and emails (migration 0007), like the dashboard's, so a
// campaign of a million leads is listed as fast as one of ten. A row per campaign, made by
// a trigger when the campaign is inserted and deleted with it.
export const campaignCounters = sqliteTable('campaign_counters', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  leads: integer('leads').notNull().default(0),
  // Leads with neither an analysis nor an error yet (queued, running, or lost: see stats()).
  leadsPending: integer('leads_pending').notNull().default(0),
  leadsWithEmail: integer('leads_with_email').notNull().default(0),
  leadsConverted: integer('leads_converted').notNull().default(0),
  emails: integer('emails').notNull().default(0),
  // Emails in one of SENT_EMAIL_STATUSES, and of those the opened and replied ones.
  emailsSent: integer('emails_sent').notNull().default(0),
  emailsOpened: integer('emails_opened').notNull().default(0),
  emailsReplied: integer('emails_replied').notNull().default(0),
});
