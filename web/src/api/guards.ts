// The bounce and complaint guard: what is paused (live sending, campaigns) with the reason and
// figures, and the operator's resume. Refreshed every 30 s: a pause can come from a webhook.
import useSWR, { mutate } from 'swr';
import { api, fetcher } from './client.ts';
import type { GuardsState, SendingPauseOut } from '../../../src/core/model/sending-guards.ts';

export type { GuardsState, SendingPauseOut };

export const GUARDS_KEY = '/api/guards';

export function useGuards() {
  return useSWR<GuardsState>(GUARDS_KEY, fetcher, { refreshInterval: 30_000 });
}

/** Resumes live sending ('all'), one campaign's sending or one mailbox's; the new state is shown at once. */
export async function resumeSending(what: 'all' | number | { mailbox: number }): Promise<void> {
  const path = what === 'all' ? '/api/guards/all/resume' : typeof what === 'number' ? `/api/guards/campaigns/${what}/resume` : `/api/guards/mailboxes/${what.mailbox}/resume`;
  const state = await api.post<GuardsState>(path);
  await mutate(GUARDS_KEY, state, { revalidate: false });
}
