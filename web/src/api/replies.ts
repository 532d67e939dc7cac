// The Replies inbox: keyset pages of replies (newest first), the unread badge, one reply with
// its thread (opening it marks it read), the class correction, the AI's proposed answer and
// sending the answer in the thread.
import { useEffect } from 'react';
import useSWR, { mutate as globalMutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import defaults from '../../../config/default.json';
import type { ReplyDetail, ReplyItem, ReplyPage } from '../../../src/core/model/reply-inbox.ts';
import type { ReplyClass, Sentiment } from '../../../src/core/model/reply-classes.ts';
import { api, fetcher } from './client.ts';

export type { ReplyDetail, ReplyItem, ReplyPage };
export const REPLIES_KEY = '/api/replies';
export const UNREAD_KEY = '/api/replies/unread-count';
const PAGE_SIZE = 25;

// The paged lists on screen: SWR's key-filter mutate skips useSWRInfinite lists.
const onScreen = new Set<() => Promise<unknown>>();

/** Reloads the inbox lists on screen and the badge (after an action or a live event). */
export async function refreshReplies(): Promise<void> {
  await Promise.all([...[...onScreen].map((reload) => reload()), globalMutate(UNREAD_KEY)]);
}

export function useReplyPages(filters: { unread: boolean; class: string }) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.unread) query.set('unread', 'true');
  if (filters.class) query.set('class', filters.class);
  const base = query.toString();
  const pages = useSWRInfinite<ReplyPage>(
    (index, previous: ReplyPage | null) => {
      if (index === 0) return `${REPLIES_KEY}?${base}`;
      if (!previous?.next_cursor) return null;
      return `${REPLIES_KEY}?${base}&cursor=${encodeURIComponent(previous.next_cursor)}`;
    },
    fetcher,
    { keepPreviousData: true, revalidateOnMount: true, revalidateFirstPage: false },
  );
  const { mutate } = pages;
  useEffect(() => {
    const reload = () => mutate();
    onScreen.add(reload);
    return () => void onScreen.delete(reload);
  }, [mutate]);
  return pages;
}

export function flattenReplyPages(pages: ReplyPage[] | undefined): ReplyItem[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((p) => p.items).filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)));
}

export function useUnreadReplies(): number {
  const { data } = useSWR<{ unread: number }>(UNREAD_KEY, fetcher, { refreshInterval: defaults.ui.drafts_badge_refresh_seconds * 1000 });
  return data?.unread ?? 0;
}

/** Opening a reply marks it read: the list and the badge are refreshed once it has loaded. */
export function useReply(id: number | null) {
  return useSWR<ReplyDetail>(id ? `${REPLIES_KEY}/${id}` : null, fetcher, { onSuccess: () => void refreshReplies() });
}

export const correctReply = (id: number, change: { class?: ReplyClass; sentiment?: Sentiment }) => api.patch<ReplyItem>(`${REPLIES_KEY}/${id}`, change);
export const proposeAnswer = (id: number) => api.post<{ body: string; model: string; needs_meeting_link: boolean }>(`${REPLIES_KEY}/${id}/draft`);
export const sendAnswer = (id: number, body: string) => api.post<{ message_id: string; subject: string; to: string; sent_at: string }>(`${REPLIES_KEY}/${id}/answer`, { body });
