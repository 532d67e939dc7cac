// Deals: the board (GET /api/deals) and a change to one lead's deal (PATCH /api/leads/{id}/deal).
import useSWR from 'swr';
import type { DealBoard, DealCard, DealColumn, UpdateDealInput } from '../../../src/core/model/deal.ts';
import type { Lead } from '../../../src/core/model/lead.ts';
import type { DealStage } from '../../../src/core/model/reply-classes.ts';
import { api, fetcher } from './client.ts';

export type { DealBoard, DealCard, DealColumn, DealStage, UpdateDealInput };
export { DEAL_STAGES } from '../../../src/core/model/reply-classes.ts';
export { DEAL_STAGE_LABELS } from '../../../src/core/deals/stages.ts';

export const DEALS_KEY = '/api/deals';

export function useDealBoard() {
  return useSWR<DealBoard>(DEALS_KEY, fetcher);
}

export const updateDeal = (leadId: number, change: UpdateDealInput) => api.patch<Lead>(`/api/leads/${leadId}/deal`, change);

/** A deal's value as the board and the lead page show it ("1,500"); empty when it has none. */
export const formatDealValue = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));
