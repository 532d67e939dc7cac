// The history filters and the pure function that applies them.
import { subDays } from 'date-fns';
import { CAMPAIGN_STATUSES } from '../../../../src/core/model/campaign-status.ts';
import type { Campaign } from '../../api/campaigns.ts';

export type StatusFilter = 'ALL' | Campaign['status'];
export type ModeFilter = 'ALL' | Campaign['mode'];
export type CreatedFilter = 'any' | '1' | '7' | '30' | '90';

export interface HistoryFilter {
  search: string;
  status: StatusFilter;
  mode: ModeFilter;
  created: CreatedFilter;
}

export const EMPTY_FILTER: HistoryFilter = { search: '', status: 'ALL', mode: 'ALL', created: 'any' };

export const STATUS_OPTIONS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'ALL', label: 'All statuses' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: status })),
];

export const MODE_OPTIONS: ReadonlyArray<{ value: ModeFilter; label: string }> = [
  { value: 'ALL', label: 'All modes' },
  { value: 'test', label: 'Test' },
  { value: 'live', label: 'Live' },
];

export const CREATED_OPTIONS: ReadonlyArray<{ value: CreatedFilter; label: string }> = [
  { value: 'any', label: 'Any time' },
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

export const isFiltered = (filter: HistoryFilter) =>
  filter.search.trim() !== '' || filter.status !== 'ALL' || filter.mode !== 'ALL' || filter.created !== 'any';

/** The campaigns that pass every filter, newest first. Search matches name or query, any case. */
export function applyFilter(campaigns: readonly Campaign[], filter: HistoryFilter, now = new Date()): Campaign[] {
  const needle = filter.search.trim().toLowerCase();
  const since = filter.created === 'any' ? null : subDays(now, Number(filter.created)).getTime();
  return campaigns
    .filter((c) => filter.status === 'ALL' || c.status === filter.status)
    .filter((c) => filter.mode === 'ALL' || c.mode === filter.mode)
    .filter((c) => since === null || new Date(c.created_at).getTime() >= since)
    .filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.search_query.toLowerCase().includes(needle))
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id);
}
