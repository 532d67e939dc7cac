import { and, asc, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { LeadListRepo } from '../../core/leads/list-import.ts';
import type { ListRow } from '../../core/leads/list-file.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { leadListEntries, leadLists } from '../schema/lead-lists.ts';
import { leads } from '../schema/leads.ts';

const INSERT_ENTRIES = 'INSERT INTO lead_list_entries (list_id, line, url, hostname, name, email, contact_name, phone, address, city) VALUES';
// 10 values a row: 90 rows stay under the 999 bound parameters older SQLite builds allow.
const ROWS_PER_INSERT = 90;

export class SqlLeadListRepo implements LeadListRepo {
  constructor(private readonly db: Db) {}

  async knownHosts(hostnames: string[]) {
    const known = new Map<string, number>();
    for (let i = 0; i < hostnames.length; i += 500) {
      const rows = await this.db.select({ id: leads.id, hostname: leads.hostname }).from(leads).where(inArray(leads.hostname, hostnames.slice(i, i + 500)));
      for (const r of rows) known.set(r.hostname, r.id);
    }
    return known;
  }

  async createList(fileName: string, createdBy: number | null) {
    const [row] = await this.db.insert(leadLists).values({ fileName, createdBy }).returning({ id: leadLists.id });
    return row.id;
  }

  async addEntries(listId: number, rows: ListRow[]) {
    const statements = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const part = rows.slice(i, i + ROWS_PER_INSERT);
      statements.push({
        sql: `${INSERT_ENTRIES} ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        args: part.flatMap((r) => [listId, r.line, r.url, r.hostname, r.name ?? null, r.email ?? null, r.contactName ?? null, r.phone ?? null, r.address ?? null, r.city ?? null]),
      });
    }
    if (statements.length) await this.db.$client.batch(statements, 'write');
  }

  async deleteList(listId: number) {
    await this.db.delete(leadLists).where(eq(leadLists.id, listId));
  }

  async deleteAbandoned(before: Date) {
    const result = await this.db
      .delete(leadLists)
      .where(and(lt(leadLists.createdAt, before), notExists(this.db.select({ one: sql`1` }).from(campaigns).where(eq(campaigns.leadListId, leadLists.id)))));
    return result.rowsAffected;
  }

  async entries(listId: number, afterLine: number, limit: number): Promise<ListRow[]> {
    const rows = await this.db
      .select()
      .from(leadListEntries)
      .where(and(eq(leadListEntries.listId, listId), gt(leadListEntries.line, afterLine)))
      .orderBy(asc(leadListEntries.line))
      .limit(limit);
    return rows.map((r) => ({
      line: r.line,
      url: r.url,
      hostname: r.hostname,
      ...(r.name && { name: r.name }),
      ...(r.email && { email: r.email }),
      ...(r.contactName && { contactName: r.contactName }),
      ...(r.phone && { phone: r.phone }),
      ...(r.address && { address: r.address }),
      ...(r.city && { city: r.city }),
    }));
  }
}
