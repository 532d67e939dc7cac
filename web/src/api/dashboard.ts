// Dashboard stats: campaign, lead and email counts, the rates (percent, 1 decimal) and the
// 10 newest leads. Polled every 5 s until the live channel refreshes it on its messages.
import useSWR, { mutate } from 'swr';
import type { DashboardStats } from '../../../src/core/model/lead.ts';
import { fetcher } from './client.ts';

export type { DashboardStats };
export type RecentLead = DashboardStats['recent_leads'][number];

export const DASHBOARD_KEY = '/api/dashboard';
/** Fallback refresh while no live channel drives the screen. */
export const DASHBOARD_REFRESH_MS = 5000;

export function useDashboard(refreshInterval = DASHBOARD_REFRESH_MS) {
  return useSWR<DashboardStats>(DASHBOARD_KEY, fetcher, { refreshInterval });
}

/** Refetches the stats (for the live channel: email, lead and campaign changes). */
export function refreshDashboard(): Promise<unknown> {
  return mutate(DASHBOARD_KEY);
}
