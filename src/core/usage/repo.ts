import type { MeteredService } from '../model/providers.ts';

export interface UsageRecord {
  service: MeteredService;
  operation: string;
  count: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  campaignId?: number | null;
}

export interface UsageTotals {
  count: number;
  tokens: number;
  requests: number;
  costUsd: number;
  oldest?: Date;
}

export interface UsageRepo {
  insert(record: UsageRecord): Promise<void>;
  totals(services: readonly MeteredService[], since: Date): Promise<UsageTotals>;
  costSince(since: Date): Promise<number>;
  byOperation(since: Date): Promise<{ service: string; operation: string; count: number; costUsd: number }[]>;
}
