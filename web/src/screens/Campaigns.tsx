// Campaigns (/campaigns): the list with status, progress and performance, the create and
// restart modals and the life-cycle actions. The list refreshes every 3 s while any
// campaign is RUNNING (useCampaigns) and after every action.
import { Fragment, useState } from 'react';
import { errorText } from '../api/client.ts';
import { useCampaigns, type Campaign } from '../api/campaigns.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { GuardNotice } from '../components/guards/GuardNotice.tsx';
import { CampaignAbRow } from '../components/abtests/CampaignAbRow.tsx';
import { CampaignRow } from '../components/campaigns/CampaignRow.tsx';
import { CreateCampaignModal } from '../components/campaigns/CreateCampaignModal.tsx';
import { RestartModal } from '../components/campaigns/RestartModal.tsx';
import { SequenceModal } from '../components/campaigns/SequenceModal.tsx';
import { useCampaignActions } from '../components/campaigns/useCampaignActions.ts';
import '../components/campaigns/campaigns.css';

const COLUMNS = ['Campaign', 'Status', 'Leads', 'Performance', 'Created', 'Actions'] as const;

export function Campaigns() {
  const { data: campaigns, error, isLoading } = useCampaigns();
  const actions = useCampaignActions();
  const [creating, setCreating] = useState(false);
  const [restarting, setRestarting] = useState<Campaign | null>(null);
  const [sequenceOf, setSequenceOf] = useState<Campaign | null>(null);

  return (
    <>
      <PageHeader
        title="Campaigns"
        subtitle="Find local businesses, analyse their websites and draft outreach emails."
        actions={
          <button type="button" className="button is-primary" onClick={() => setCreating(true)}>
            New Campaign
          </button>
        }
      />
      <GuardNotice />
      {error && !campaigns ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load campaigns')}
        </div>
      ) : null}
      {isLoading ? <p className="has-text-grey">Loading campaigns...</p> : null}
      {campaigns && campaigns.length === 0 ? <EmptyState onCreate={() => setCreating(true)} /> : null}
      {campaigns && campaigns.length > 0 ? (
        <div className="box p-0 table-box">
          <div className="table-container">
            <table className="table is-fullwidth campaigns-table">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} className={column === 'Actions' ? 'has-text-right' : undefined}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {campaigns.map((campaign) => (
                  <Fragment key={campaign.id}>
                    <CampaignRow campaign={campaign} actions={actions} onRestart={() => setRestarting(campaign)} onSequence={() => setSequenceOf(campaign)} />
                    <CampaignAbRow campaign={campaign} columns={COLUMNS.length} />
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {creating ? <CreateCampaignModal onClose={() => setCreating(false)} onCreated={() => void actions.refresh()} /> : null}
      {sequenceOf ? <SequenceModal campaign={sequenceOf} onClose={() => setSequenceOf(null)} onSaved={() => void actions.refresh()} /> : null}
      {restarting ? (
        <RestartModal campaign={restarting} onClose={() => setRestarting(null)} onRestart={(input) => actions.restart(restarting, input)} />
      ) : null}
    </>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="box has-text-centered py-6 campaigns-empty">
      <p className="title is-5">No campaigns yet</p>
      <p className="has-text-grey mb-4">Create a campaign to start finding leads.</p>
      <button type="button" className="button is-primary is-light" onClick={onCreate}>
        Create your first campaign
      </button>
    </div>
  );
}
