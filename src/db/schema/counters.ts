import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
  // Of those, the ones no analysis job waits for or runs: work a crash lost (triggers on leads
  // and jobs, migration 0019), so a paused campaign's 100,000 queued leads are not walked.
  leadsUnqueued: integer('leads_unqueued').notNull().default(0),
  // Leads whose last attempt failed (last_error set: a site that could not be read), counted
  // apart from the analysed ones (triggers on leads, migration 0020).
  leadsFailed: integer('leads_failed').notNull().default(0),
  // The campaign's audit jobs, and of those the finished ones (done, failed or dead-lettered):
  // "auditing website N" (triggers on jobs, migration 0021).
  audits: integer('audits').notNull().default(0),
  auditsFinished: integer('audits_finished').notNull().default(0),
  leadsWithEmail: integer('leads_with_email').notNull().default(0),
  leadsConverted: integer('leads_converted').notNull().default(0),
  emails: integer('emails').notNull().default(0),
  // Emails in one of SENT_EMAIL_STATUSES, and of those the opened and replied ones.
  emailsSent: integer('emails_sent').notNull().default(0),
  emailsOpened: integer('emails_opened').notNull().default(0),
  emailsReplied: integer('emails_replied').notNull().default(0),
});

// Each subject A/B test arm's running totals (the arms' figures wherever a campaign shows):
// a row per (campaign, arm), made by the first email of the arm, changed only by triggers on
// emails (migration 0018) and deleted with the campaign. "Replied" counts a sent email of the arm
// when it or a later step of the lead's sequence was answered, as a reply to a follow-up
// answers the first email's subject too.
export const campaignArmCounters = sqliteTable(
  'campaign_arm_counters',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['A', 'B', 'C'] }).notNull(),
    // Every email of the arm, sent or not: balanced assignment gives the next draft to the smallest arm.
    emails: integer('emails').notNull().default(0),
    // Of those in one of SENT_EMAIL_STATUSES: opened by people, replied, and the opens by scanners and privacy proxies.
    sent: integer('sent').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    machineOpens: integer('machine_opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.variant] })],
);

// Analytics by day (migration 0017): the running totals of each UTC day, kept by triggers on
// leads and emails, so a period's report sums a row a day instead of reading every lead and
// email of the period (src/db/repos/analytics.ts).

// The funnel of the leads discovered on each day (day = discovered_at / 86,400,000): how many,
// and of those how many were analysed, had an email, were emailed, opened, clicked, replied
// (leads.engaged), became interested (a deal from interested on, or CONVERTED) and were won.
export const funnelDays = sqliteTable('funnel_days', {
  day: integer('day').primaryKey(),
  discovered: integer('discovered').notNull().default(0),
  analysed: integer('analysed').notNull().default(0),
  withEmail: integer('with_email').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  opened: integer('opened').notNull().default(0),
  clicked: integer('clicked').notNull().default(0),
  replied: integer('replied').notNull().default(0),
  interested: integer('interested').notNull().default(0),
  won: integer('won').notNull().default(0),
});

// The emails sent on each day (day = sent_at / 86,400,000, status in SENT_EMAIL_STATUSES) per
// campaign (0: none), step, subject variant ('': none) and mailbox (coalesce(mailbox_id, 1):
// emails from before mailboxes went from mailbox 1), with what became of them. Kept with
// NOT NULL keys so each group is one row the triggers can add to.
export const sentDays = sqliteTable(
  'sent_days',
  {
    day: integer('day').notNull(),
    campaignId: integer('campaign_id').notNull(),
    step: integer('step').notNull(),
    variant: text('variant').notNull(),
    mailboxId: integer('mailbox_id').notNull().default(1),
    sent: integer('sent').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    clicked: integer('clicked').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    machineOpens: integer('machine_opens').notNull().default(0),
    machineClicks: integer('machine_clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.campaignId, t.step, t.variant, t.mailboxId] })],
);
