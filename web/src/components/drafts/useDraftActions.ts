// The Drafts screen's actions: approve (send now or queue, by the optimal window), delete
// one draft, and refresh every drafts list (the badge's count included) afterwards.
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { errorText } from '../../api/client.ts';
import { DRAFTS_KEY, bulkApproveDrafts, deleteDraft } from '../../api/drafts.ts';
import { EMAILS_KEY } from '../../api/emails.ts';
import { useToast } from '../Toasts.tsx';

const startsWith = (...prefixes: string[]) => (key: unknown) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix));

export function useDraftActions() {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => mutate(startsWith(DRAFTS_KEY, EMAILS_KEY, '/api/dashboard')), [mutate]);

  /** Approves the drafts; those whose recipient's window is closed are queued for its next opening. Resolves true on success. */
  const approve = useCallback(
    async (ids: number[], goesNow: boolean, confirmRisky = false): Promise<boolean> => {
      if (!ids.length) return false;
      setBusy(true);
      try {
        // schedule_optimally is only a hint: the server decides per recipient, and says what it did.
        const result = await bulkApproveDrafts(ids, !goesNow, confirmRisky);
        // The server says what happens to them: when they go, or what holds them in the queue
        // (sending turned off, an incomplete sender) — then it is no success, but a notice.
        if (result.waiting_for) toast.info(result.message, 12000);
        else toast.success(result.message);
        return true;
      } catch (error) {
        // The server names the recipients it refused (invalid, or risky without a confirm).
        toast.error(`❌ ${errorText(error, 'Failed to approve drafts')}`, 12000);
        return false;
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [refresh, toast],
  );

  const remove = useCallback(
    async (id: number): Promise<boolean> => {
      if (!window.confirm('Delete this draft?')) return false;
      setBusy(true);
      try {
        await deleteDraft(id);
        toast.success('Draft deleted');
        return true;
      } catch (error) {
        toast.error(errorText(error, 'Failed to delete draft'));
        return false;
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [refresh, toast],
  );

  return { busy, approve, remove, refresh };
}
