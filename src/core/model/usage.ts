// The usage answers, exactly the spec's fields.
import { wholeNumber } from './validate.ts';
import { z } from 'zod';

export const QuotaStatus = z.enum(['ok', 'warning', 'exceeded']);
const Quota = z.object({ status: QuotaStatus, hours_until_reset: z.number() });

export const UsageToday = z
  .object({
    emails_sent_today: z.number(),
    emails_remaining_today: z.number(),
    emails_quota_daily: z.number(),
    emails_percent: z.number(),
    serpapi_calls_this_month: z.number(),
    serpapi_remaining_this_month: z.number(),
    serpapi_quota_monthly: z.number(),
    serpapi_percent: z.number(),
    gemini_tokens_today: z.number(),
    gemini_remaining_tokens_today: z.number(),
    gemini_quota_daily_tokens: z.number(),
    gemini_requests_today: z.number(),
    gemini_percent: z.number(),
    total_cost_today_usd: z.number(),
    quotas: z.object({ email_daily: Quota, serpapi_monthly: Quota, gemini_daily: Quota }),
  })
  .meta({ id: 'UsageToday' });
export type UsageToday = z.infer<typeof UsageToday>;

export const UsageSummary = z
  .object({
    days: z.number(),
    total_cost_usd: z.number(),
    by_service: z.record(z.string(), z.object({ count: z.number(), cost: z.number(), operations: z.record(z.string(), z.number()) })),
  })
  .meta({ id: 'UsageSummary' });
export type UsageSummary = z.infer<typeof UsageSummary>;

export const SummaryQuery = z.object({
  days: wholeNumber('days', { min: 1, max: 365 }).default(30),
});
