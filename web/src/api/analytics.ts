// Analytics over the last N days (GET /api/analytics): counts and ratios of counts.
import useSWR from 'swr';
import type { Analytics } from '../../../src/core/model/analytics.ts';
import { fetcher } from './client.ts';

export type { Analytics };

export const analyticsKey = (days: number) => `/api/analytics?days=${days}`;

export function useAnalytics(days: number) {
  return useSWR<Analytics>(analyticsKey(days), fetcher, { keepPreviousData: true, refreshInterval: 60_000 });
}
