import { desc, eq, inArray } from 'drizzle-orm';
import type { SuppressionReason, SuppressionRepo } from '../../core/emails/suppression.ts';
import type { Db } from '../client.ts';
import { suppressions, type SuppressionRow } from '../schema/emails.ts';

const toEntry = (r: SuppressionRow) => ({ email: r.email, reason: r.reason, source: r.source, created_at: r.createdAt.toISOString() });

export class SqlSuppressionRepo implements SuppressionRepo {
  constructor(private readonly db: Db) {}

  async add(entry: string, reason: SuppressionReason, source: string | null) {
    const rows = await this.db.insert(suppressions).values({ email: entry, reason, source }).onConflictDoNothing().returning();
    return rows.length > 0;
  }

  async remove(entry: string) {
    return (await this.db.delete(suppressions).where(eq(suppressions.email, entry))).rowsAffected > 0;
  }

  async list() {
    return (await this.db.select().from(suppressions).orderBy(desc(suppressions.createdAt))).map(toEntry);
  }

  async findAny(entries: string[]) {
    const [row] = await this.db.select().from(suppressions).where(inArray(suppressions.email, entries)).limit(1);
    return row && toEntry(row);
  }
}
