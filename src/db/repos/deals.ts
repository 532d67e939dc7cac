import { and, count, desc, eq, isNull, sql, sum, type SQL } from 'drizzle-orm';
import type { ColumnTotals, DealCardRow, DealFilter, DealRecord, DealRepo, DealWrite } from '../../core/deals/repo.ts';
import type { DealStage } from '../../core/model/reply-classes.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { leads } from '../schema/leads.ts';

const company = sql<string>`coalesce(nullif(${leads.companyName}, ''), nullif(${leads.title}, ''), ${leads.hostname})`;

const filtered = (filter: DealFilter, ...more: SQL[]) =>
  and(sql`${leads.dealStage} IS NOT NULL`, filter.stage ? eq(leads.dealStage, filter.stage) : undefined, filter.assignedTo ? eq(leads.assignedTo, filter.assignedTo) : undefined, ...more);

/** Deals are columns of leads (src/core/deals decides every move; this only reads and compare-and-sets). */
export class SqlDealRepo implements DealRepo {
  constructor(private readonly db: Db) {}

  async find(leadId: number): Promise<DealRecord | undefined> {
    const [row] = await this.db
      .select({
        leadId: leads.id,
        status: leads.status,
        stage: leads.dealStage,
        value: leads.dealValue,
        assignedTo: leads.assignedTo,
        notes: leads.notes,
        campaignId: leads.campaignId,
        company,
        url: leads.url,
        estimate: campaigns.estimatedProjectValue,
      })
      .from(leads)
      .leftJoin(campaigns, eq(campaigns.id, leads.campaignId))
      .where(eq(leads.id, leadId));
    return row;
  }

  async write(leadId: number, change: DealWrite) {
    const { from, set } = change;
    const now = Date.now();
    const columns = {
      ...(set.status !== undefined && { status: set.status }),
      ...(set.stage !== undefined && { dealStage: set.stage }),
      ...(set.stageAt !== undefined && { dealStageAt: set.stageAt }),
      ...(set.value !== undefined && { dealValue: set.value }),
      ...(set.assignedTo !== undefined && { assignedTo: set.assignedTo }),
      ...(set.notes !== undefined && { notes: set.notes }),
      ...(set.sequenceStopReason !== undefined && { sequenceStopReason: set.sequenceStopReason }),
    };
    const sameStage = from.stage === null ? isNull(leads.dealStage) : eq(leads.dealStage, from.stage);
    // One batch (one transaction): each interaction is written only if the row above it was
    // (changes() is 1 after the update matched, then after each insert).
    const [updated] = await this.db.batch([
      this.db.update(leads).set(columns).where(and(eq(leads.id, leadId), eq(leads.status, from.status), sameStage)),
      ...change.interactions.map((i) =>
        this.db.run(sql`
          INSERT INTO interactions (lead_id, interaction_type, description, metadata, created_at)
          SELECT ${leadId}, ${i.type}, ${i.description}, ${JSON.stringify(i.metadata)}, ${now} WHERE changes() = 1`),
      ),
    ]);
    return updated.rowsAffected > 0;
  }

  async totals(filter: DealFilter): Promise<ColumnTotals[]> {
    const rows = await this.db
      .select({ stage: leads.dealStage, count: count(), total: sum(leads.dealValue) })
      .from(leads)
      .where(filtered(filter))
      .groupBy(leads.dealStage);
    return rows.map((r) => ({ stage: r.stage as DealStage, count: r.count, total: Number(r.total ?? 0) }));
  }

  async cards(stage: DealStage, filter: DealFilter, limit: number): Promise<DealCardRow[]> {
    const rows = await this.db
      .select({
        leadId: leads.id,
        company,
        url: leads.url,
        campaignId: leads.campaignId,
        campaignName: campaigns.name,
        stage: leads.dealStage,
        value: leads.dealValue,
        assignedTo: leads.assignedTo,
        stageAt: leads.dealStageAt,
      })
      .from(leads)
      .leftJoin(campaigns, eq(campaigns.id, leads.campaignId))
      .where(filtered(filter, eq(leads.dealStage, stage)))
      .orderBy(desc(leads.dealStageAt), desc(leads.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, stage: r.stage! }));
  }
}
