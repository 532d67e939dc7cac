// The figures of the API Usage & Quotas screen.
import defaults from '../../../config/default.json' with { type: 'json' };
import type { UsageSummary, UsageToday } from '../model/usage.ts';
import { SEARCH_SERVICES, type UsageMeter } from './meter.ts';
import type { UsageRepo } from './repo.ts';
import { hoursUntilNextUtcDay, hoursUntilNextUtcMonth, hoursUntilOldestExpires, rolling24hStart, startOfUtcDay, startOfUtcMonth } from './windows.ts';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const percent = (used: number, quota: number) => (quota > 0 ? round(Math.min(100, (used / quota) * 100), 1) : used > 0 ? 100 : 0);

export function quotaStatus(used: number, quota: number): 'ok' | 'warning' | 'exceeded' {
  if (used >= quota) return 'exceeded';
  return percent(used, quota) >= defaults.quotas.warning_percent ? 'warning' : 'ok';
}

export class UsageReport {
  constructor(
    private readonly repo: UsageRepo,
    private readonly meter: UsageMeter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async today(): Promise<UsageToday> {
    const now = this.now();
    const limits = await this.meter.limits();
    const [emails, search, gemini, costToday] = await Promise.all([
      this.repo.totals(['email'], rolling24hStart(now)),
      this.repo.totals(SEARCH_SERVICES, startOfUtcMonth(now)),
      this.repo.totals(['gemini'], startOfUtcDay(now)),
      this.repo.costSince(startOfUtcDay(now)),
    ]);
    return {
      emails_sent_today: emails.count,
      emails_remaining_today: Math.max(0, limits.emailsPerDay - emails.count),
      emails_quota_daily: limits.emailsPerDay,
      emails_percent: percent(emails.count, limits.emailsPerDay),
      serpapi_calls_this_month: search.count,
      serpapi_remaining_this_month: Math.max(0, limits.searchCallsPerMonth - search.count),
      serpapi_quota_monthly: limits.searchCallsPerMonth,
      serpapi_percent: percent(search.count, limits.searchCallsPerMonth),
      gemini_tokens_today: gemini.tokens,
      gemini_remaining_tokens_today: Math.max(0, limits.aiTokensPerDay - gemini.tokens),
      gemini_quota_daily_tokens: limits.aiTokensPerDay,
      gemini_requests_today: gemini.requests,
      gemini_percent: percent(gemini.tokens, limits.aiTokensPerDay),
      total_cost_today_usd: round(costToday, 6),
      quotas: {
        email_daily: { status: quotaStatus(emails.count, limits.emailsPerDay), hours_until_reset: hoursUntilOldestExpires(emails.oldest, now) },
        serpapi_monthly: { status: quotaStatus(search.count, limits.searchCallsPerMonth), hours_until_reset: hoursUntilNextUtcMonth(now) },
        gemini_daily: { status: quotaStatus(gemini.tokens, limits.aiTokensPerDay), hours_until_reset: hoursUntilNextUtcDay(now) },
      },
    };
  }

  async summary(days: number): Promise<UsageSummary> {
    const since = new Date(this.now().getTime() - days * 24 * 3600_000);
    const rows = await this.repo.byOperation(since);
    const byService: UsageSummary['by_service'] = {};
    for (const row of rows) {
      const entry = (byService[row.service] ??= { count: 0, cost: 0, operations: {} });
      entry.count += row.count;
      entry.cost = round(entry.cost + row.costUsd, 6);
      entry.operations[row.operation] = (entry.operations[row.operation] ?? 0) + row.count;
    }
    const total = rows.reduce((sum, r) => sum + r.costUsd, 0);
    return { days, total_cost_usd: round(total, 6), by_service: byService };
  }
}
