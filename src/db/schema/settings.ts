import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  // Ciphertext when `encrypted` is set; never returned to clients in that case.
  value: text('value').notNull(),
  // e.g. api_keys, ai_settings, email, system.
  category: text('category'),
  encrypted: flag('encrypted').notNull().default(false),
  description: text('description'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export type SettingRow = typeof settings.$inferSelect;
export type NewSettingRow = typeof settings.$inferInsert;
