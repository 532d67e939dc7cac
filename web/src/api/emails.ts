// Outreach emails: the keyset-paged list (filtered by status and campaign, loaded page by
// page with next_cursor), send-now, the bulk actions, smart scheduling, and the
// per-campaign and per-industry best sending times.
import { useEffect, useMemo } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { EmailItem, EmailPage, SendNowResult } from '../../../src/core/model/email.ts';
import type { tomorrowBest } from '../../../src/core/scheduling/optimal-time.ts';
import type { ThreadEmail } from '../../../src/core/model/sequence.ts';
import { api, fetcher } from './client.ts';

export type { EmailItem, EmailPage };
export type EmailStatus = EmailItem['status'];

export const EMAILS_KEY = '/api/emails';

export type { ThreadEmail };

/** Every step of the email's thread (its lead, its campaign), first first; nothing for a first email. */
export function useEmailThread(id: number, step: number) {
  return useSWR<{ items: ThreadEmail[] }>(step > 1 ? `${EMAILS_KEY}/${id}/thread` : null, fetcher);
}
export const EMAILS_PAGE_SIZE = 50;
/** While an email is due to go out, the loaded pages are polled this often (the live channel also refreshes them). */
const SENDING_REFRESH_MS = 3000;

export interface EmailFilters {
  status: string;
  campaign_id: string;
  /** '' for every mailbox; mailbox 1 includes the emails from before mailboxes. */
  mailbox_id?: string;
}

function listQuery(filters: EmailFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.campaign_id) query.set('campaign_id', filters.campaign_id);
  if (filters.mailbox_id) query.set('mailbox_id', filters.mailbox_id);
  query.set('limit', String(EMAILS_PAGE_SIZE));
  return query.toString();
}

/** True while the sender is expected to pick the email up any moment. */
function dueNow(email: EmailItem, now: number): boolean {
  if (email.status === 'SENDING') return true;
  if (email.status !== 'QUEUED') return false;
  return !email.scheduled_send_time || Date.parse(email.scheduled_send_time) <= now;
}

// The reloads of the paged lists on screen. SWR's key-filter mutate (mutate(key => …)) skips
// useSWRInfinite lists, so actions and the live channel call refreshEmails() instead.
const onScreen = new Set<() => Promise<unknown>>();

let reloading: Promise<void> | null = null;
let reloadAgain = false;

/**
 * Reloads every loaded page of the emails lists on screen (a list off screen reloads when it
 * mounts). Calls during a reload (a burst of live events) make one more reload after it, not one each.
 */
export function refreshEmails(): Promise<void> {
  if (reloading) {
    reloadAgain = true;
    return reloading;
  }
  reloading = (async () => {
    do {
      reloadAgain = false;
      await Promise.all([...onScreen].map((reload) => reload()));
    } while (reloadAgain);
  })().finally(() => {
    reloading = null;
  });
  return reloading;
}

/**
 * The emails list one server page at a time; setSize(size + 1) loads the next page. Each
 * page starts after the last email of the one before (the cursor chain), so a reload of all
 * pages shows every email once even while new ones arrive.
 */
export function useEmailPages(filters: EmailFilters) {
  const base = listQuery(filters);
  const pages = useSWRInfinite<EmailPage>(
    (index, previous: EmailPage | null) => {
      if (index === 0) return `${EMAILS_KEY}?${base}`;
      if (!previous?.next_cursor) return null;
      return `${EMAILS_KEY}?${base}&cursor=${encodeURIComponent(previous.next_cursor)}`;
    },
    fetcher,
    // Loading page n + 1 does not read page 1 again; on mount every loaded page is read again
    // (a list left earlier may be stale past its first page), and refreshes reload them all.
    { keepPreviousData: true, revalidateOnMount: true, revalidateFirstPage: false },
  );
  const { data, mutate } = pages;

  useEffect(() => {
    // mutate() with no argument reloads every loaded page, not only the first.
    const reload = () => mutate();
    onScreen.add(reload);
    return () => void onScreen.delete(reload);
  }, [mutate]);

  const due = useMemo(() => Boolean(data?.some((page) => page.items.some((email) => dueNow(email, Date.now())))), [data]);
  useEffect(() => {
    if (!due) return undefined;
    const timer = window.setInterval(() => void mutate(), SENDING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [due, mutate]);

  return pages;
}

/** The emails of the loaded pages in list order, each once (an email whose sort time changed between two page loads can come back on a later page). */
export function flattenEmailPages(pages: EmailPage[] | undefined): EmailItem[] {
  const seen = new Set<number>();
  const out: EmailItem[] = [];
  for (const page of pages ?? []) {
    for (const email of page.items) {
      if (seen.has(email.id)) continue;
      seen.add(email.id);
      out.push(email);
    }
  }
  return out;
}

// The server's answer for bulk smart scheduling (GET /api/scheduling/tomorrow-best/{industry}). An email's
// own send time is its send_at (its recipient's window): the Outreach screen shows no other.
export type TomorrowBest = { industry: string } & ReturnType<typeof tomorrowBest>;

export function useTomorrowBest(industry: string) {
  return useSWR<TomorrowBest>(`/api/scheduling/tomorrow-best/${encodeURIComponent(industry)}`, fetcher, { shouldRetryOnError: false });
}

export const sendEmailNow = (id: number) => api.post<SendNowResult>(`${EMAILS_KEY}/${id}/send-now`);
export const bulkDeleteEmails = (ids: number[]) => api.post<{ deleted_count: number; skipped_count: number }>(`${EMAILS_KEY}/bulk-delete`, { email_ids: ids });
export const bulkSendEmails = (ids: number[]) => api.post<{ queued_count: number; campaigns_processed: number }>(`${EMAILS_KEY}/bulk-send`, { email_ids: ids });
export const bulkPauseEmails = (ids: number[]) => api.post<{ paused_count: number }>(`${EMAILS_KEY}/bulk-pause`, { email_ids: ids });
export const scheduleSmart = (ids: number[], industry: string) =>
  api.post<{ email_count: number; scheduled_for: string | null }>(`${EMAILS_KEY}/schedule-smart`, { email_ids: ids, industry, schedule_for_tomorrow: true });
