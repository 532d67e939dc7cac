import { and, eq } from 'drizzle-orm';
import type { LeadStatusRepo } from '../../core/leads/lifecycle.ts';
import type { LeadStatus } from '../../core/model/lead.ts';
import type { Db } from '../client.ts';
import { leads } from '../schema/leads.ts';

/** The lead life cycle's reads and compare-and-set writes (src/core/leads/lifecycle.ts decides). */
export class SqlLeadStatusRepo implements LeadStatusRepo {
  constructor(private readonly db: Db) {}

  async status(leadId: number): Promise<LeadStatus | undefined> {
    const [row] = await this.db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId));
    return row?.status;
  }

  async compareAndSetStatus(leadId: number, from: LeadStatus, to: LeadStatus) {
    const result = await this.db.update(leads).set({ status: to }).where(and(eq(leads.id, leadId), eq(leads.status, from)));
    return result.rowsAffected > 0;
  }
}
