// The sending mailboxes (Settings → Mailboxes): each with today's allowance, ramp day, pause and
// last test; added, changed, tested, paused, resumed and removed by admins. A campaign's
// mailboxes ([]: every one) are read and chosen with it.
import useSWR from 'swr';
import { api, fetcher } from './client.ts';
import type { Mailbox, MailboxInput, MailboxUpdate } from '../../../src/core/model/mailboxes.ts';

export type { Mailbox, MailboxInput, MailboxUpdate };

export const MAILBOXES_KEY = '/api/mailboxes';

export function useMailboxes() {
  return useSWR<Mailbox[]>(MAILBOXES_KEY, fetcher, { revalidateOnFocus: false });
}

export const createMailbox = (input: MailboxInput) => api.post<Mailbox>(MAILBOXES_KEY, input);
export const updateMailbox = (id: number, patch: MailboxUpdate) => api.patch<Mailbox>(`${MAILBOXES_KEY}/${id}`, patch);
export const removeMailbox = (id: number) => api.delete<{ message: string }>(`${MAILBOXES_KEY}/${id}`);
export const testMailbox = (id: number) => api.post<Mailbox>(`${MAILBOXES_KEY}/${id}/test`);
export const pauseMailbox = (id: number, reason?: string) => api.post<Mailbox>(`${MAILBOXES_KEY}/${id}/pause`, reason ? { reason } : {});
export const resumeMailbox = (id: number) => api.post<Mailbox>(`${MAILBOXES_KEY}/${id}/resume`);

export interface CampaignMailboxes {
  mailbox_ids: number[];
}

export const campaignMailboxesKey = (campaignId: number) => `/api/campaigns/${campaignId}/mailboxes`;

export function useCampaignMailboxes(campaignId: number | null) {
  return useSWR<CampaignMailboxes>(campaignId === null ? null : campaignMailboxesKey(campaignId), fetcher, { revalidateOnFocus: false });
}

export const setCampaignMailboxes = (campaignId: number, ids: number[]) => api.put<CampaignMailboxes>(campaignMailboxesKey(campaignId), { mailbox_ids: ids });
