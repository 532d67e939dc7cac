// Column helpers shared by every table, so times and flags are stored one way.
import { integer } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch; read back as a Date. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const createdAt = () => timestamp('created_at').notNull().$defaultFn(() => new Date());
export const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
export const flag = (name: string) => integer(name, { mode: 'boolean' });
