import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns.ts';
import { createdAt, flag, timestamp } from './columns.ts';
import { emails } from './emails.ts';
import type { GuardFigures } from '../../core/deliverability/guards.ts';

// Hard bounces and spam complaints, one row per email and kind whoever reports it (the sender,
// Brevo, Resend, the reply mailbox): what the bounce and complaint guard counts
// (src/core/deliverability/sending-guards.ts).
export const sendingSignals = sqliteTable(
  'sending_signals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['hard_bounce', 'complaint'] }).notNull(),
    source: text('source').notNull(),
    providerEventId: text('provider_event_id'),
    // Refused by the provider at sending (no sent_at): this signal is also the send it counts.
    atSend: flag('at_send').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A bounce or complaint counts once, however many times it is reported.
    uniqueIndex('sending_signals_email_kind_unique').on(t.emailId, t.kind),
    // The refusals at sending that a window reads besides the emails sent.
    index('sending_signals_at_send_idx').on(t.atSend, t.createdAt),
  ],
);

// Pauses of sending by the guard: 'all' (live sending as a whole) or 'campaign:<id>'; a pause is
// active until resumed_at is set by an operator. At most one active pause per key.
export const sendingPauses = sqliteTable(
  'sending_pauses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    cause: text('cause', { enum: ['hard_bounces', 'complaints'] }).notNull(),
    reason: text('reason').notNull(),
    figures: text('figures', { mode: 'json' }).$type<GuardFigures>().notNull(),
    pausedAt: timestamp('paused_at').notNull(),
    resumedAt: timestamp('resumed_at'),
    resumedBy: text('resumed_by'),
  },
  (t) => [
    uniqueIndex('sending_pauses_active_unique').on(t.key).where(sql`resumed_at IS NULL`),
    index('sending_pauses_key_idx').on(t.key, t.resumedAt),
  ],
);

export type SendingPauseRow = typeof sendingPauses.$inferSelect;
