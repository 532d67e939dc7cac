import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CLASS_SOURCES, REPLY_CLASSES, SENTIMENTS } from '../../core/model/reply-classes.ts';
import { campaigns } from './campaigns.ts';
import { createdAt, timestamp } from './columns.ts';
import { emails } from './emails.ts';
import { leads } from './leads.ts';

// Every reply matched to one of our emails (In-Reply-To/References), kept whole: the
// Replies inbox reads it, answers it in its thread, and Analytics counts its class.
export const replies = sqliteTable(
  'replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // The email it answers.
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    // The incoming message's identity (replies/match.ts incomingKey): each is stored once, whatever the polls.
    messageKey: text('message_key').notNull(),
    // Their Message-ID: our answer's In-Reply-To.
    messageId: text('message_id'),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    subject: text('subject'),
    // Plain text (an HTML reply reduced to its text); quoted history is kept, folded on screen.
    text: text('text').notNull(),
    // The raw message, cut at the configured cap, so nothing is lost.
    raw: text('raw'),
    receivedAt: timestamp('received_at').notNull(),
    readAt: timestamp('read_at'),
    class: text('class', { enum: REPLY_CLASSES }),
    sentiment: text('sentiment', { enum: SENTIMENTS }),
    classSource: text('class_source', { enum: CLASS_SOURCES }),
    classifiedAt: timestamp('classified_at'),
    // Why the AI provider left it unclassified (a refused or failed answer), never a guessed class.
    classifyError: text('classify_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('replies_message_key_unique').on(t.messageKey),
    // The inbox, newest first, and its unread badge.
    index('replies_received_idx').on(t.receivedAt, t.id),
    index('replies_unread_idx').on(t.readAt, t.receivedAt),
    index('replies_lead_idx').on(t.leadId, t.receivedAt),
    index('replies_email_idx').on(t.emailId),
    // Analytics: replies by class and sentiment over a period.
    index('replies_class_idx').on(t.class, t.receivedAt),
  ],
);

export type ReplyRow = typeof replies.$inferSelect;
export type NewReplyRow = typeof replies.$inferInsert;
