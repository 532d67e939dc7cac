import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { CreateCampaignInput } from '../../core/model/campaign.ts';
import type { ScheduleRecord, ScheduleRepo } from '../../core/schedules/service.ts';
import type { Db } from '../client.ts';
import { schedules, type ScheduleRow } from '../schema/schedules.ts';

const toRecord = (r: ScheduleRow): ScheduleRecord => ({
  id: r.id,
  cron: r.cron,
  campaignId: r.campaignId,
  query: (r.query as CreateCampaignInput | null) ?? null,
  enabled: r.enabled,
  lastRunAt: r.lastRunAt,
  lastCampaignId: r.lastCampaignId,
});

export class SqlScheduleRepo implements ScheduleRepo {
  constructor(private readonly db: Db) {}

  async insert(s: Parameters<ScheduleRepo['insert']>[0]) {
    const [row] = await this.db.insert(schedules).values({ cron: s.cron, campaignId: s.campaignId, query: s.query as never }).returning();
    return toRecord(row);
  }

  async list() {
    return (await this.db.select().from(schedules).orderBy(schedules.id)).map(toRecord);
  }

  async find(id: number) {
    const [row] = await this.db.select().from(schedules).where(eq(schedules.id, id));
    return row && toRecord(row);
  }

  async delete(id: number) {
    return (await this.db.delete(schedules).where(eq(schedules.id, id))).rowsAffected > 0;
  }

  async claimTick(id: number, tick: Date) {
    // Compare-and-set on last_run_at: of several processes firing the same tick, one wins.
    const result = await this.db
      .update(schedules)
      .set({ lastRunAt: tick })
      .where(and(eq(schedules.id, id), or(isNull(schedules.lastRunAt), lt(schedules.lastRunAt, tick))));
    return result.rowsAffected > 0;
  }

  async setLastCampaign(id: number, campaignId: number) {
    await this.db.update(schedules).set({ lastCampaignId: campaignId }).where(eq(schedules.id, id));
  }
}
