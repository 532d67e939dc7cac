import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';
import { createdAt, flag, timestamp, updatedAt } from './columns.ts';

// The sending mailboxes (src/core/mailboxes). Mailbox 1 is the email configuration of Settings →
// Email (its provider, credentials, sender and signature stay there, with their environment
// overrides); its row holds only what every mailbox has besides: cap, spacing, ramp, pause.
// The others keep their own provider and credential (encrypted as settings are).
export const mailboxes = sqliteTable('mailboxes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  label: text('label').notNull(),
  // 'settings' for mailbox 1 (read from Settings → Email); else brevo, resend, smtp or outbox.
  provider: text('provider', { enum: ['settings', 'brevo', 'resend', 'smtp', 'outbox'] }).notNull(),
  // The API key or smtp:// URL, encrypted (v1:...); null for the outbox and mailbox 1.
  credential: text('credential'),
  fromEmail: text('from_email'),
  fromName: text('from_name'),
  signature: text('signature'),
  // At most this many sends in a rolling 24 hours once ramped up; null: none of its own (the daily email quota holds).
  dailyCap: integer('daily_cap'),
  // The shortest gap between two sends from this mailbox, in seconds.
  minSpacingSeconds: integer('min_spacing_seconds').notNull().default(0),
  // Ramp-up: the allowance starts small and grows each day from ramp_started_at to the cap.
  ramp: flag('ramp').notNull().default(true),
  rampStartedAt: timestamp('ramp_started_at').notNull(),
  pausedAt: timestamp('paused_at'),
  pausedReason: text('paused_reason'),
  // The provider's answer to the last connection test, and the last error sending from it.
  testedAt: timestamp('tested_at'),
  testResult: text('test_result'),
  testOk: flag('test_ok'),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at'),
  // Removed mailboxes stay, so their threads' history keeps its sender; nothing goes from them.
  removedAt: timestamp('removed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The mailboxes a campaign sends from; a campaign with none listed uses every active mailbox.
export const campaignMailboxes = sqliteTable(
  'campaign_mailboxes',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.mailboxId] }), index('campaign_mailboxes_mailbox_idx').on(t.mailboxId)],
);

export type MailboxRow = typeof mailboxes.$inferSelect;
