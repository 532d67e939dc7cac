// Drafts waiting for review. The sidebar badge polls the count every 30 s; the Drafts
// screen lists them filtered (each with when it would go if approved now), edits, deletes
// and approves them.
import useSWR from 'swr';
import defaults from '../../../config/default.json';
import type { Draft, DraftList } from '../../../src/core/model/draft.ts';
import type { ApproveResult } from '../../../src/core/model/email.ts';
import { api, fetcher } from './client.ts';

export type { ApproveResult, Draft, DraftList };

/** A draft with its quality breakdown: the score parts, the claim check, and review_reason when a human must look before it is sent. */
export type ReviewDraft = Draft;
export type DraftChanges = Pick<Draft, 'subject' | 'body' | 'recipient_email'>;

export const DRAFTS_KEY = '/api/drafts';

export function useDraftCount(): number {
  const { data } = useSWR<DraftList>(DRAFTS_KEY, fetcher, { refreshInterval: defaults.ui.drafts_badge_refresh_seconds * 1000 });
  return data?.count ?? 0;
}

export interface DraftFilters {
  campaign_id: string;
  min_quality: string;
  search: string;
}

/** '/api/drafts' with only the filters that are set (no filter = the badge's own key). */
export function draftsKey(filters: DraftFilters): string {
  const query = new URLSearchParams();
  if (filters.campaign_id) query.set('campaign_id', filters.campaign_id);
  if (filters.min_quality) query.set('min_quality', filters.min_quality);
  if (filters.search.trim()) query.set('search', filters.search.trim());
  const text = query.toString();
  return text ? `${DRAFTS_KEY}?${text}` : DRAFTS_KEY;
}

export function useDrafts(filters: DraftFilters) {
  return useSWR<DraftList>(draftsKey(filters), fetcher, { keepPreviousData: true });
}


export const updateDraft = (id: number, changes: DraftChanges) => api.patch<Draft>(`${DRAFTS_KEY}/${id}`, changes);
export const deleteDraft = (id: number) => api.delete<{ message: string }>(`${DRAFTS_KEY}/${id}`);
export const bulkDeleteDrafts = (ids: number[]) => api.post<{ deleted_count: number }>(`${DRAFTS_KEY}/bulk-delete`, { draft_ids: ids });
export const bulkApproveDrafts = (ids: number[], scheduleOptimally: boolean, confirmRisky = false) =>
  api.post<ApproveResult>(`${DRAFTS_KEY}/bulk-approve`, { draft_ids: ids, schedule_optimally: scheduleOptimally, confirm_risky: confirmRisky });
