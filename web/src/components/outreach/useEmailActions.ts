// The Outreach screen's actions with the spec's toasts: send one email now, and the bulk
// delete, send, pause and smart schedule (one call per campaign group). Every action
// refreshes the email lists (and the drafts badge: drafts can be sent from here).
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { DRAFTS_KEY } from '../../api/drafts.ts';
import { bulkDeleteEmails, bulkPauseEmails, bulkSendEmails, refreshEmails, scheduleSmart, sendEmailNow, type EmailItem } from '../../api/emails.ts';
import { useToast } from '../Toasts.tsx';
import { markSendingHere } from './sentHere.ts';
import type { ScheduleGroup } from './emailFormat.ts';

const startsWith = (...prefixes: string[]) => (key: unknown) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix));

export function useEmailActions() {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [sendingId, setSendingId] = useState<number | null>(null);

  const refresh = useCallback(() => Promise.all([refreshEmails(), mutate(startsWith(DRAFTS_KEY, '/api/dashboard'))]), [mutate]);

  /** Runs one bulk call; resolves true when it succeeded. */
  const run = useCallback(
    async (call: () => Promise<void>, failure: string): Promise<boolean> => {
      setBusy(true);
      try {
        await call();
        return true;
      } catch {
        toast.error(failure);
        return false;
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [refresh, toast],
  );

  const queuedToast = useCallback(
    (count: number, campaigns: number) => {
      if (campaigns > 1) toast.success(`Queued ${count} emails for sending! (across ${campaigns} campaigns)`, defaults.ui.multi_campaign_toast_ms);
      else toast.success(`Queued ${count} emails for sending!`);
    },
    [toast],
  );

  const sendNow = useCallback(
    async (email: EmailItem) => {
      setSendingId(email.id);
      markSendingHere(email.id);
      try {
        // One toast, the server's: sent through the provider, or written to the local outbox.
        const result = await sendEmailNow(email.id);
        toast.success(result.message);
      } catch (error) {
        toast.error(errorText(error, 'Failed to send email'));
      } finally {
        setSendingId(null);
        await refresh();
      }
    },
    [refresh, toast],
  );

  const remove = (ids: number[]) =>
    run(async () => {
      const { deleted_count, skipped_count } = await bulkDeleteEmails(ids);
      toast.success(`Deleted ${deleted_count} emails successfully!`);
      if (skipped_count) toast.info(`Kept ${skipped_count} emails that were already sent (their history stays).`);
    }, 'Failed to delete emails');

  const send = (ids: number[]) =>
    run(async () => {
      const { queued_count, campaigns_processed } = await bulkSendEmails(ids);
      queuedToast(queued_count, campaigns_processed);
    }, 'Failed to send emails');

  const pause = (ids: number[]) =>
    run(async () => {
      const { paused_count } = await bulkPauseEmails(ids);
      toast.success(`Paused ${paused_count} emails successfully!`);
    }, 'Failed to pause emails');

  const schedule = (groups: ScheduleGroup[]) =>
    run(async () => {
      let total = 0;
      for (const group of groups) total += (await scheduleSmart(group.emailIds, group.industry)).email_count;
      queuedToast(total, groups.length);
    }, 'Failed to schedule emails');

  return { busy, sendingId, sendNow, remove, send, pause, schedule };
}
