import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, timestamp, updatedAt } from './columns.ts';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    role: text('role', { enum: ['admin', 'user'] }).notNull().default('user'),
    passwordHash: text('password_hash').notNull(),
    isActive: flag('is_active').notNull().default(true),
    // Bumped when the password changes or is reset: tokens carrying an older value stop working.
    tokenVersion: integer('token_version').notNull().default(0),
    lastLogin: timestamp('last_login'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
