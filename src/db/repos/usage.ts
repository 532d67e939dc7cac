import { and, gte, inArray, min, sql, sum, count } from 'drizzle-orm';
import type { MeteredService } from '../../core/model/providers.ts';
import type { UsageRecord, UsageRepo, UsageTotals } from '../../core/usage/repo.ts';
import type { Db } from '../client.ts';
import { usageEvents } from '../schema/usage.ts';

export class SqlUsageRepo implements UsageRepo {
  constructor(private readonly db: Db) {}

  async insert(record: UsageRecord): Promise<void> {
    await this.db.insert(usageEvents).values({ ...record, campaignId: record.campaignId ?? null });
  }

  async totals(services: readonly MeteredService[], since: Date): Promise<UsageTotals> {
    const [row] = await this.db
      .select({
        count: sum(usageEvents.count),
        tokens: sql<number>`sum(${usageEvents.tokensIn} + ${usageEvents.tokensOut})`,
        requests: count(),
        cost: sum(usageEvents.costUsd),
        oldest: min(usageEvents.createdAt),
      })
      .from(usageEvents)
      .where(and(inArray(usageEvents.service, [...services]), gte(usageEvents.createdAt, since)));
    return {
      count: Number(row?.count ?? 0),
      tokens: Number(row?.tokens ?? 0),
      requests: Number(row?.requests ?? 0),
      costUsd: Number(row?.cost ?? 0),
      oldest: row?.oldest ? new Date(row.oldest) : undefined,
    };
  }

  async costSince(since: Date): Promise<number> {
    const [row] = await this.db.select({ cost: sum(usageEvents.costUsd) }).from(usageEvents).where(gte(usageEvents.createdAt, since));
    return Number(row?.cost ?? 0);
  }

  async byOperation(since: Date) {
    const rows = await this.db
      .select({ service: usageEvents.service, operation: usageEvents.operation, count: sum(usageEvents.count), cost: sum(usageEvents.costUsd) })
      .from(usageEvents)
      .where(gte(usageEvents.createdAt, since))
      .groupBy(usageEvents.service, usageEvents.operation);
    return rows.map((r) => ({ service: r.service, operation: r.operation, count: Number(r.count ?? 0), costUsd: Number(r.cost ?? 0) }));
  }
}
