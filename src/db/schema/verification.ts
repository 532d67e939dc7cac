import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns.ts';

const verdict = (name: string) => text(name, { enum: ['valid', 'risky', 'invalid'] });

// What DNS said about a mail domain (src/core/verification/domain-check.ts), trusted for
// email.verification.domain_cache_hours; DNS failures are never stored.
export const emailDomainChecks = sqliteTable('email_domain_checks', {
  domain: text('domain').primaryKey(),
  verdict: verdict('verdict').notNull(),
  reason: text('reason').notNull(),
  checkedAt: timestamp('checked_at').notNull(),
});

// The latest check of each address (lower-cased), so a lead shows its contact's check.
export const addressChecks = sqliteTable('address_checks', {
  address: text('address').primaryKey(),
  verdict: verdict('verdict').notNull(),
  reason: text('reason').notNull(),
  checkedAt: timestamp('checked_at').notNull(),
});
