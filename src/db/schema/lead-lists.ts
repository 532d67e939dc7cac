import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// A lead list the operator imported (CSV or one URL per line). Its rows are written while the
// file streams in; the list only counts once a campaign points at it, so an import that fails
// half-way leaves nothing anyone can see (and the next import removes it).
export const leadLists = sqliteTable('lead_lists', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  fileName: text('file_name').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// One accepted row of a list, in file order: what the campaign's search stage reads.
export const leadListEntries = sqliteTable(
  'lead_list_entries',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => leadLists.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    url: text('url').notNull(),
    hostname: text('hostname').notNull(),
    name: text('name'),
    email: text('email'),
    contactName: text('contact_name'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
  },
  // Read in file order, a batch after a line: the primary key is the index that reads it.
  (t) => [primaryKey({ columns: [t.listId, t.line] })],
);

export type LeadListEntryRow = typeof leadListEntries.$inferSelect;
