// Drafts waiting for review. The sidebar badge polls the count every 30 s.
import useSWR from 'swr';
import defaults from '../../../config/default.json';
import type { DraftList } from '../../../src/core/model/draft.ts';
import { fetcher } from './client.ts';

export const DRAFTS_KEY = '/api/drafts';

export function useDraftCount(): number {
  const { data } = useSWR<DraftList>(DRAFTS_KEY, fetcher, { refreshInterval: defaults.ui.drafts_badge_refresh_seconds * 1000 });
  return data?.count ?? 0;
}
