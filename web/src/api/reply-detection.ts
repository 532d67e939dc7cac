// Reply detection: the IMAP mailbox (admins), the Brevo webhook token (admins) and a
// check of the mailbox now (anyone signed in).
import useSWR from 'swr';
import { api, fetcher } from './client.ts';
import type { ReplyCheck, ReplyDetection, ReplyDetectionInput, WebhookToken } from '../../../src/core/model/reply-detection.ts';

export type { ReplyCheck, ReplyDetection, ReplyDetectionInput, WebhookToken };

export const REPLY_DETECTION_KEY = '/api/settings/reply-detection';

export function useReplyDetection(enabled: boolean) {
  return useSWR<ReplyDetection>(enabled ? REPLY_DETECTION_KEY : null, fetcher, { revalidateOnFocus: false });
}

/** The server logs in to the mailbox first and answers 400 with what failed. */
export function saveReplyDetection(input: ReplyDetectionInput): Promise<ReplyDetection> {
  return api.post<ReplyDetection>(REPLY_DETECTION_KEY, input);
}

export function clearReplyDetection(): Promise<{ message: string }> {
  return api.delete<{ message: string }>(REPLY_DETECTION_KEY);
}

/** A new token: the answer is the only time it is shown. */
export function generateWebhookToken(): Promise<WebhookToken> {
  return api.post<WebhookToken>('/api/settings/brevo-webhook-token');
}

export function checkReplies(): Promise<ReplyCheck> {
  return api.post<ReplyCheck>('/api/replies/check');
}
