// Usage against the quotas and estimated costs (every signed-in user). Both answers are
// polled at the intervals of config/default.json and not refetched on window focus.
import useSWR from 'swr';
import defaults from '../../../config/default.json';
import { fetcher } from './client.ts';
import type { UsageSummary, UsageToday } from '../../../src/core/model/usage.ts';

export type { UsageSummary, UsageToday };
export type QuotaStatus = UsageToday['quotas']['email_daily']['status'];

export const USAGE_TODAY_KEY = '/api/usage/today';
export const SUMMARY_DAYS = defaults.ui.usage_summary_days;
export const usageSummaryKey = (days: number) => `/api/usage/summary?days=${days}`;

export function useUsageToday() {
  return useSWR<UsageToday>(USAGE_TODAY_KEY, fetcher, {
    refreshInterval: defaults.ui.usage_refresh_seconds * 1000,
    revalidateOnFocus: false,
  });
}

export function useUsageSummary(days = SUMMARY_DAYS) {
  return useSWR<UsageSummary>(usageSummaryKey(days), fetcher, {
    refreshInterval: defaults.ui.usage_summary_refresh_seconds * 1000,
    revalidateOnFocus: false,
  });
}
