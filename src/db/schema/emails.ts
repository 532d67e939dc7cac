import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';
import { createdAt, timestamp, updatedAt } from './columns.ts';
import { leads } from './leads.ts';
import { mailboxes } from './mailboxes.ts';
import type { SubjectVariant } from '../../core/model/ab-test.ts';

// A draft is an email in status DRAFT; approving it moves it to QUEUED (or straight to sending).
export const emails = sqliteTable(
  'emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Null for emails written by hand outside a campaign.
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // Position in the sequence: 1 is the first email, higher numbers are follow-ups.
    step: integer('step').notNull().default(1),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    status: text('status', {
      enum: [
        'DRAFT', 'QUEUED', 'SENDING', 'SENT', 'OPENED', 'CLICKED',
        'REPLIED', 'BOUNCED', 'FAILED', 'PAUSED', 'CANCELLED',
      ],
    })
      .notNull()
      .default('DRAFT'),
    // 0 to 1.
    qualityScore: real('quality_score'),
    qualityBreakdown: text('quality_breakdown', { mode: 'json' }).$type<Record<string, unknown>>(),
    provider: text('provider'),
    // The mailbox the thread goes from (src/core/mailboxes): chosen when its first email is
    // written, copied to every follow-up. Null on emails from before mailboxes: mailbox 1.
    mailboxId: integer('mailbox_id').references(() => mailboxes.id),
    // Recorded after transmission; a SENDING row without it after a crash is checked, not resent.
    providerMessageId: text('provider_message_id'),
    // The Message-ID header sent; replies are matched to it by In-Reply-To/References.
    messageId: text('message_id'),
    // A follow-up answers the thread: the step before's Message-ID, and the whole chain (oldest first).
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    // Set when this step is sent and the sequence has another: when the next step falls due.
    // Cleared once the next step is written or the sequence stops.
    nextStepDueAt: timestamp('next_step_due_at'),
    // When the sender claimed the row (QUEUED → SENDING); a stale claim means a crash mid-send.
    sendingStartedAt: timestamp('sending_started_at'),
    scheduledSendTime: timestamp('scheduled_send_time'),
    generatedAt: timestamp('generated_at'),
    sentAt: timestamp('sent_at'),
    openedAt: timestamp('opened_at'),
    clickedAt: timestamp('clicked_at'),
    repliedAt: timestamp('replied_at'),
    openCount: integer('open_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    // Opens and clicks by security scanners and privacy proxies: counted, but not as engagement.
    machineOpenCount: integer('machine_open_count').notNull().default(0),
    machineClickCount: integer('machine_click_count').notNull().default(0),
    // The lead's report page (/r/<token>) viewed by a person after this email was sent (the
    // lead's latest sent email gets the view); views by scanners and prefetchers counted apart.
    reportViewedAt: timestamp('report_viewed_at'),
    reportViewCount: integer('report_view_count').notNull().default(0),
    machineReportViewCount: integer('machine_report_view_count').notNull().default(0),
    lastError: text('last_error'),
    // A/B test arm of a first email ('A', 'B', 'C'; null outside a test), assigned evenly per
    // campaign when the draft is stored, and every arm's subject for this lead (what the others would have said).
    abVariant: text('ab_variant', { enum: ['A', 'B', 'C'] }),
    abSubjects: text('ab_subjects', { mode: 'json' }).$type<SubjectVariant[]>(),
    // The recipient's check when it was made (src/core/verification): invalid is never sent,
    // risky only once an operator accepted the risk.
    recipientVerdict: text('recipient_verdict', { enum: ['valid', 'risky', 'invalid'] }),
    recipientReason: text('recipient_reason'),
    recipientCheckedAt: timestamp('recipient_checked_at'),
    riskAcceptedAt: timestamp('risk_accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sending is never doubled. NULL campaign_ids are distinct in SQLite, so hand-written emails are not covered.
    uniqueIndex('emails_campaign_lead_step_unique').on(t.campaignId, t.leadId, t.step),
    index('emails_status_idx').on(t.status),
    index('emails_campaign_id_idx').on(t.campaignId),
    // A lead's emails (its detail, and the cascade when it is deleted).
    index('emails_lead_id_idx').on(t.leadId),
    // The sender's rolling count of what was sent in the last day.
    index('emails_sent_at_idx').on(t.sentAt),
    // A mailbox's sends in the rolling 24 hours, and its last send (caps and spacing).
    index('emails_mailbox_sent_idx').on(t.mailboxId, t.sentAt),
    // The sender's "what is due now" lookup.
    index('emails_status_scheduled_idx').on(t.status, t.scheduledSendTime),
    // The follow-up writer's "which sequences have a step due" lookup.
    index('emails_next_step_due_idx').on(t.nextStepDueAt),
    // The emails list's keyset pages (src/db/repos/emails.ts): newest first by when it was
    // sent, scheduled or written, per filter; the expression must match the query's exactly.
    index('emails_list_idx').on(listAt(t), t.id),
    index('emails_list_status_idx').on(t.status, listAt(t), t.id),
    index('emails_list_campaign_idx').on(t.campaignId, listAt(t), t.id),
    index('emails_list_campaign_status_idx').on(t.campaignId, t.status, listAt(t), t.id),
    // The same by mailbox (?mailbox_id=): coalesce(mailbox_id, 1), as emails from before
    // mailboxes (NULL) went from mailbox 1, so mailbox 1's list is one index walk too.
    index('emails_list_mailbox_idx').on(mailboxOf(t), listAt(t), t.id),
    index('emails_list_mailbox_status_idx').on(mailboxOf(t), t.status, listAt(t), t.id),
    index('emails_list_campaign_mailbox_idx').on(t.campaignId, mailboxOf(t), listAt(t), t.id),
    index('emails_list_campaign_mailbox_status_idx').on(t.campaignId, mailboxOf(t), t.status, listAt(t), t.id),
    // A campaign's emails by arm: what campaign_arm_counters is filled and checked from (migration 0018, tests).
    index('emails_campaign_variant_idx').on(t.campaignId, t.abVariant),
    // Analytics' opens and replies per day over a period (src/db/repos/analytics.ts): only the
    // emails that were opened or answered are in them.
    index('emails_opened_at_idx').on(t.openedAt).where(sql`opened_at IS NOT NULL`),
    index('emails_replied_at_idx').on(t.repliedAt).where(sql`replied_at IS NOT NULL`),
    index('emails_report_viewed_at_idx').on(t.reportViewedAt).where(sql`report_viewed_at IS NOT NULL`),
    // The same per mailbox (Analytics' ?mailbox_id=).
    index('emails_mailbox_opened_at_idx').on(mailboxOf(t), t.openedAt).where(sql`opened_at IS NOT NULL`),
    index('emails_mailbox_replied_at_idx').on(mailboxOf(t), t.repliedAt).where(sql`replied_at IS NOT NULL`),
    index('emails_mailbox_report_viewed_at_idx').on(mailboxOf(t), t.reportViewedAt).where(sql`report_viewed_at IS NOT NULL`),
  ],
);

const listAt = (t: { sentAt: SQLiteColumn; scheduledSendTime: SQLiteColumn; createdAt: SQLiteColumn }) =>
  sql`coalesce(${t.sentAt}, ${t.scheduledSendTime}, ${t.createdAt})`;

/** The mailbox an email goes from: mailbox_id, NULL (from before mailboxes) being mailbox 1. */
const mailboxOf = (t: { mailboxId: SQLiteColumn }) => sql`coalesce(${t.mailboxId}, 1)`;

export type EmailRow = typeof emails.$inferSelect;
export type NewEmailRow = typeof emails.$inferInsert;

// Addresses that must never be emailed again; every send checks this list.
export const suppressions = sqliteTable('suppressions', {
  // Stored lower-cased, so the primary key is the uniqueness check.
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['unsubscribed', 'bounced', 'complained', 'manual'] }).notNull(),
  // Where the suppression came from: an unsubscribe link, a provider webhook, a user, ...
  source: text('source'),
  createdAt: createdAt(),
});

export type SuppressionRow = typeof suppressions.$inferSelect;
export type NewSuppressionRow = typeof suppressions.$inferInsert;
