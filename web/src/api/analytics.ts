// Analytics over the last N days (GET /api/analytics): counts and ratios of counts.
import useSWR from 'swr';
import type { Analytics } from '../../../src/core/model/analytics.ts';
import { fetcher } from './client.ts';

export type { Analytics };

/** mailbox: only the emails sent from it (mailbox 1 includes those from before mailboxes); undefined: every mailbox. */
export const analyticsKey = (days: number, mailbox?: number) => `/api/analytics?days=${days}${mailbox === undefined ? '' : `&mailbox_id=${mailbox}`}`;

export function useAnalytics(days: number, mailbox?: number) {
  return useSWR<Analytics>(analyticsKey(days, mailbox), fetcher, { keepPreviousData: true, refreshInterval: 60_000 });
}
