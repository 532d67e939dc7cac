// AI campaign suggestions: generated on demand only (never polled), the insights block, the
// monthly search quota (every 60 s and on window focus) and starting a campaign from one.
import useSWR from 'swr';
import defaults from '../../../config/default.json';
import type { Campaign } from '../../../src/core/model/campaign.ts';
import type { CampaignSuggestion, PlannerInsights, SuggestionsResponse } from '../../../src/core/model/suggestion.ts';
import type { UsageToday } from '../../../src/core/model/usage.ts';
import { api, fetcher } from './client.ts';

export type { CampaignSuggestion, SuggestionsResponse };
export type StartInput = CampaignSuggestion & { mode: 'test' | 'live'; max_emails: number; max_results: number };

export const INSIGHTS_KEY = '/api/planner/insights';
const USAGE_KEY = '/api/usage/today';

export const fetchSuggestions = (count: number) => api.get<SuggestionsResponse>(`/api/campaigns/suggestions?count=${count}`);
export const createFromSuggestion = (input: StartInput) => api.post<Campaign>('/api/campaigns/from-suggestion', input);

export function usePlannerInsights() {
  return useSWR<PlannerInsights>(INSIGHTS_KEY, fetcher, { revalidateOnFocus: false });
}

export function useSearchBudget() {
  return useSWR<UsageToday>(USAGE_KEY, fetcher, { refreshInterval: defaults.ui.usage_refresh_seconds * 1000, revalidateOnFocus: true });
}
