// Campaigns: the list (polled every 3 s while any campaign runs), one campaign, its
// progress, and the life-cycle actions.
import useSWR from 'swr';
import defaults from '../../../config/default.json';
import type { Campaign, CreateCampaignInput, RestartInput } from '../../../src/core/model/campaign.ts';
import type { CampaignSequenceState } from '../../../src/core/model/sequence.ts';
import { api, fetcher } from './client.ts';

export type { Campaign };
export type NewCampaign = Partial<CreateCampaignInput> & { name: string; search_query: string };

export const CAMPAIGNS_KEY = '/api/campaigns';
const RUNNING_REFRESH_MS = defaults.ui.campaign_list_refresh_seconds * 1000;

/** Refreshes every 3 s while any campaign is RUNNING, and only then. */
export function useCampaigns() {
  return useSWR<Campaign[]>(CAMPAIGNS_KEY, fetcher, {
    refreshInterval: (list) => (list?.some((c) => c.status === 'RUNNING') ? RUNNING_REFRESH_MS : 0),
  });
}

export function useCampaign(id: number | undefined) {
  return useSWR<Campaign>(id ? `${CAMPAIGNS_KEY}/${id}` : null, fetcher);
}

/** Each step's emails and the follow-ups coming due. */
export function useCampaignSequence(id: number) {
  return useSWR<CampaignSequenceState>(`${CAMPAIGNS_KEY}/${id}/sequence`, fetcher);
}

export const createCampaign = (input: NewCampaign) => api.post<Campaign>(CAMPAIGNS_KEY, input);
export const updateCampaign = (id: number, changes: Partial<CreateCampaignInput>) => api.patch<Campaign>(`${CAMPAIGNS_KEY}/${id}`, changes);
export const deleteCampaign = (id: number) => api.delete<{ message: string }>(`${CAMPAIGNS_KEY}/${id}`);
export const startCampaign = (id: number) => api.post<Campaign>(`${CAMPAIGNS_KEY}/${id}/start`);
export const pauseCampaign = (id: number) => api.post<Campaign>(`${CAMPAIGNS_KEY}/${id}/pause`);
export const resumeCampaign = (id: number) => api.post<Campaign>(`${CAMPAIGNS_KEY}/${id}/resume`);
export const restartCampaign = (id: number, input: RestartInput) => api.post<Campaign>(`${CAMPAIGNS_KEY}/${id}/restart`, input);
export const requeueLeads = (id: number) => api.post<{ leads_requeued: number; campaign: Campaign }>(`${CAMPAIGNS_KEY}/${id}/requeue-leads`);
export const rerunCampaign = (id: number) => api.post<Campaign>(`${CAMPAIGNS_KEY}/${id}/rerun`);
export const bulkRerun = (ids: number[]) => api.post<{ campaigns_rerun: number; campaigns: Campaign[] }>(`${CAMPAIGNS_KEY}/bulk-rerun`, { campaign_ids: ids });
