// The row actions of the Campaigns screen: each calls the API, shows the spec's toast and
// refreshes the list (SWR mutate) whether it worked or not.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { errorText } from '../../api/client.ts';
import {
  CAMPAIGNS_KEY,
  deleteCampaign,
  pauseCampaign,
  requeueLeads,
  restartCampaign,
  resumeCampaign,
  startCampaign,
  type Campaign,
} from '../../api/campaigns.ts';
import type { RestartInput } from '../../../../src/core/model/campaign.ts';
import { useToast } from '../Toasts.tsx';
import { downloadCampaignCsv } from './exportCsv.ts';

/** The server's text when it gave one (e.g. a 409 detail), else the error's own message. */
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Request failed');

export function useCampaignActions() {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<number | null>(null);

  const refresh = () => mutate(CAMPAIGNS_KEY);

  /** Runs one action for a campaign; true when it succeeded. */
  async function run(id: number, action: () => Promise<string>, failure: (error: unknown) => string): Promise<boolean> {
    setPending(id);
    try {
      toast.success(await action());
      return true;
    } catch (error) {
      toast.error(failure(error));
      return false;
    } finally {
      setPending(null);
      void refresh();
    }
  }

  return {
    pending,
    refresh,
    start: (c: Campaign) =>
      run(c.id, async () => (await startCampaign(c.id), 'Campaign started'), (e) => errorText(e, 'Failed to start campaign')),
    pause: (c: Campaign) =>
      run(c.id, async () => (await pauseCampaign(c.id), 'Campaign paused'), (e) => errorText(e, 'Failed to pause campaign')),
    resume: (c: Campaign) =>
      run(c.id, async () => (await resumeCampaign(c.id), 'Campaign resumed'), (e) => errorText(e, 'Failed to resume campaign')),
    restart: (c: Campaign, input: RestartInput) =>
      run(
        c.id,
        async () => (await restartCampaign(c.id, input), 'Campaign restarted with cached results (no search-service usage)'),
        (e) => `Failed to restart campaign: ${messageOf(e)}`,
      ),
    requeue: (c: Campaign) =>
      run(
        c.id,
        async () => {
          const n = (await requeueLeads(c.id)).leads_requeued;
          // Queued, not yet read: the campaign's row and the feed say how many failed again when it completes.
          return `Requeued ${n} ${n === 1 ? 'lead' : 'leads'} for re-analysis: the campaign says how many fail again when it completes`;
        },
        (e) => `Failed to requeue leads: ${messageOf(e)}`,
      ),
    exportCsv: (c: Campaign) =>
      run(c.id, async () => (await downloadCampaignCsv(c.id), 'Campaign data exported successfully!'), () => 'Failed to export campaign data'),
    remove: (c: Campaign) => {
      if (!window.confirm('Delete this campaign?')) return Promise.resolve(false);
      return run(c.id, async () => (await deleteCampaign(c.id), 'Campaign deleted'), () => 'Failed to delete campaign');
    },
  };
}

export type CampaignActionsApi = ReturnType<typeof useCampaignActions>;
