// Rerun, delete and bulk rerun with the spec's confirmations and toasts. Each action
// resolves true when it went through, so the screen can clear its selection or modal.
import { useState } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { bulkRerun, deleteCampaign, rerunCampaign, type Campaign } from '../../api/campaigns.ts';
import { useToast } from '../Toasts.tsx';

const MULTI_TOAST_MS = defaults.ui.multi_campaign_toast_ms;

export function useHistoryActions(refresh: () => Promise<unknown>) {
  const toast = useToast();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);

  const mark = (ids: number[], on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  async function run(ids: number[], work: () => Promise<void>, success: string, failure: string, duration?: number): Promise<boolean> {
    mark(ids, true);
    try {
      await work();
      toast.success(success, duration);
      return true;
    } catch (err) {
      toast.error(errorText(err, failure));
      return false;
    } finally {
      mark(ids, false);
      await refresh().catch(() => undefined);
    }
  }

  async function rerun(campaign: Campaign): Promise<boolean> {
    if (!window.confirm('Rerun this campaign with improved crawling?')) return false;
    return run([campaign.id], async () => void (await rerunCampaign(campaign.id)), 'Campaign rerun initiated successfully!', 'Failed to rerun campaign');
  }

  async function remove(campaign: Campaign): Promise<boolean> {
    if (!window.confirm('Delete this campaign and all its data?')) return false;
    return run([campaign.id], async () => void (await deleteCampaign(campaign.id)), 'Campaign deleted', 'Failed to delete campaign');
  }

  async function rerunSelected(ids: number[]): Promise<boolean> {
    if (ids.length === 0) {
      toast.error('Please select campaigns to rerun');
      return false;
    }
    if (!window.confirm(`Rerun ${ids.length} selected campaigns?`)) return false;
    setBulkBusy(true);
    try {
      return await run(ids, async () => void (await bulkRerun(ids)), 'Bulk campaign rerun initiated successfully!', 'Failed to rerun campaigns', MULTI_TOAST_MS);
    } finally {
      setBulkBusy(false);
    }
  }

  return { pending, bulkBusy, rerun, remove, rerunSelected };
}
