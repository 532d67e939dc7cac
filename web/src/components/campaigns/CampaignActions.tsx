// The Actions cell: what each status allows (spec §2) plus Export CSV and Delete everywhere.
import type { Campaign } from '../../api/campaigns.ts';
import type { CampaignActionsApi } from './useCampaignActions.ts';

interface CampaignActionsProps {
  campaign: Campaign;
  actions: CampaignActionsApi;
  onRestart: () => void;
}

export function CampaignActions({ campaign, actions, onRestart }: CampaignActionsProps) {
  const busy = actions.pending === campaign.id;
  const { status } = campaign;
  const finished = status === 'COMPLETED' || status === 'FAILED';
  return (
    <div className="campaign-actions">
      {status === 'DRAFT' ? (
        <button type="button" className="button is-small is-success" disabled={busy} onClick={() => void actions.start(campaign)}>
          Start
        </button>
      ) : null}
      {status === 'RUNNING' ? (
        <button type="button" className="button is-small is-warning is-light" disabled={busy} onClick={() => void actions.pause(campaign)}>
          Pause
        </button>
      ) : null}
      {status === 'PAUSED' ? (
        <button type="button" className="button is-small is-success is-light" disabled={busy} onClick={() => void actions.resume(campaign)}>
          Resume
        </button>
      ) : null}
      {finished ? (
        <>
          <button type="button" className="button is-small is-primary is-light" disabled={busy} onClick={onRestart}>
            Restart
          </button>
          <button type="button" className="button is-small is-light" disabled={busy} onClick={() => void actions.requeue(campaign)}>
            Requeue leads
          </button>
        </>
      ) : null}
      <button type="button" className="button is-small" disabled={busy} onClick={() => void actions.exportCsv(campaign)}>
        Export CSV
      </button>
      <button type="button" className="button is-small is-danger is-outlined" disabled={busy} onClick={() => void actions.remove(campaign)}>
        Delete
      </button>
    </div>
  );
}
