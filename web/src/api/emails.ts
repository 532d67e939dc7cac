// Outreach emails: the list (filtered by status and campaign), send-now, the bulk actions,
// smart scheduling, and the per-campaign and per-industry best sending times.
import useSWR from 'swr';
import type { EmailItem, EmailList } from '../../../src/core/model/email.ts';
import type { OptimalSendTime, tomorrowBest } from '../../../src/core/scheduling/optimal-time.ts';
import { api, fetcher } from './client.ts';

export type { EmailItem, EmailList };
export type EmailStatus = EmailItem['status'];

export const EMAILS_KEY = '/api/emails';
/** While an email is due to go out, the list is polled this often (the live channel also refreshes it). */
const SENDING_REFRESH_MS = 3000;

export interface EmailFilters {
  status: string;
  campaign_id: string;
}

export function emailsKey(filters: EmailFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.campaign_id) query.set('campaign_id', filters.campaign_id);
  const text = query.toString();
  return text ? `${EMAILS_KEY}?${text}` : EMAILS_KEY;
}

/** True while the sender is expected to pick the email up any moment. */
function dueNow(email: EmailItem, now: number): boolean {
  if (email.status === 'SENDING') return true;
  if (email.status !== 'QUEUED') return false;
  return !email.scheduled_send_time || Date.parse(email.scheduled_send_time) <= now;
}

export function useEmails(filters: EmailFilters) {
  return useSWR<EmailList>(emailsKey(filters), fetcher, {
    keepPreviousData: true,
    refreshInterval: (list) => (list?.emails.some((email) => dueNow(email, Date.now())) ? SENDING_REFRESH_MS : 0),
  });
}

// The server's scheduling answers (GET /api/campaigns/{id}/optimal-send-time, /api/scheduling/tomorrow-best/{industry}).
export type CampaignSendTime = Omit<OptimalSendTime, 'based_on_engagements'> & { campaign_id: number; industry: string };
export type TomorrowBest = { industry: string } & ReturnType<typeof tomorrowBest>;

/** Pass null to skip the call (an email without a campaign). */
export function useCampaignSendTime(campaignId: number | null) {
  return useSWR<CampaignSendTime>(campaignId ? `/api/campaigns/${campaignId}/optimal-send-time` : null, fetcher, { shouldRetryOnError: false });
}

export function useTomorrowBest(industry: string) {
  return useSWR<TomorrowBest>(`/api/scheduling/tomorrow-best/${encodeURIComponent(industry)}`, fetcher, { shouldRetryOnError: false });
}

export const sendEmailNow = (id: number) => api.post<EmailItem>(`${EMAILS_KEY}/${id}/send-now`);
export const bulkDeleteEmails = (ids: number[]) => api.post<{ deleted_count: number; skipped_count: number }>(`${EMAILS_KEY}/bulk-delete`, { email_ids: ids });
export const bulkSendEmails = (ids: number[]) => api.post<{ queued_count: number; campaigns_processed: number }>(`${EMAILS_KEY}/bulk-send`, { email_ids: ids });
export const bulkPauseEmails = (ids: number[]) => api.post<{ paused_count: number }>(`${EMAILS_KEY}/bulk-pause`, { email_ids: ids });
export const scheduleSmart = (ids: number[], industry: string) =>
  api.post<{ email_count: number; scheduled_for: string | null }>(`${EMAILS_KEY}/schedule-smart`, { email_ids: ids, industry, schedule_for_tomorrow: true });
