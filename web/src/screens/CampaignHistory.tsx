// Campaign History (/campaign-history): every campaign with filters, multi-select, a
// details modal, per-row rerun and delete, and a bulk rerun of the selection.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCampaigns, type Campaign } from '../api/campaigns.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { CampaignDetailsModal } from '../components/history/CampaignDetailsModal.tsx';
import { applyFilter, EMPTY_FILTER, type HistoryFilter } from '../components/history/filters.ts';
import { HistoryFilters } from '../components/history/HistoryFilters.tsx';
import { HistoryTable } from '../components/history/HistoryTable.tsx';
import { useHistoryActions } from '../components/history/useHistoryActions.ts';
import '../components/history/history.css';

export function CampaignHistory() {
  const { data, error, isLoading, isValidating, mutate } = useCampaigns();
  const [filter, setFilter] = useState<HistoryFilter>(EMPTY_FILTER);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const actions = useHistoryActions(() => mutate());

  const visible = useMemo(() => applyFilter(data ?? [], filter), [data, filter]);
  // The selection is what is ticked among the rows shown: filtered-out or deleted rows drop out.
  const selectedIds = useMemo(() => visible.filter((c) => picked.has(c.id)).map((c) => c.id), [visible, picked]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const details = detailsId === null ? undefined : data?.find((c) => c.id === detailsId);

  const select = (id: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectAll = (on: boolean) => setPicked(on ? new Set(visible.map((c) => c.id)) : new Set());

  async function rerunSelected() {
    if (await actions.rerunSelected(selectedIds)) setPicked(new Set());
  }
  async function remove(campaign: Campaign) {
    if ((await actions.remove(campaign)) && detailsId === campaign.id) setDetailsId(null);
  }

  return (
    <>
      <PageHeader
        title="Campaign History"
        subtitle="Every campaign you have run: review results, rerun with improved crawling or clean up."
        actions={
          <button type="button" className={`button is-primary${actions.bulkBusy ? ' is-loading' : ''}`} onClick={() => void rerunSelected()} disabled={actions.bulkBusy || !data}>
            {selectedIds.length > 0 ? `Rerun Selected (${selectedIds.length})` : 'Rerun Selected'}
          </button>
        }
      />
      {error ? (
        <div className="notification is-danger is-light is-flex is-align-items-center is-justify-content-space-between" role="alert">
          <span>Failed to load campaign history</span>
          <button type="button" className={`button is-small is-danger${isValidating ? ' is-loading' : ''}`} onClick={() => void mutate()} disabled={isValidating}>
            Retry
          </button>
        </div>
      ) : null}
      {isLoading ? <p className="has-text-grey">Loading campaign history...</p> : null}
      {data ? (
        data.length === 0 ? (
          <div className="notification is-light">
            No campaigns yet. <Link to="/campaigns">Create a campaign</Link> to get started.
          </div>
        ) : (
          <>
            <HistoryFilters filter={filter} onChange={setFilter} />
            <div className="history-selection" aria-live="polite">
              <span className="has-text-grey">
                {selectedIds.length > 0 ? `${selectedIds.length} of ${visible.length} selected` : `${visible.length} of ${data.length} campaigns`}
              </span>
              {selectedIds.length > 0 ? (
                <button type="button" className="button is-small is-text" onClick={() => setPicked(new Set())}>
                  Clear selection
                </button>
              ) : null}
            </div>
            {visible.length === 0 ? (
              <div className="notification is-light">
                No campaigns match these filters.{' '}
                <button type="button" className="button is-small is-text" onClick={() => setFilter(EMPTY_FILTER)}>
                  Clear filters
                </button>
              </div>
            ) : (
              <HistoryTable
                campaigns={visible}
                selected={selected}
                pending={actions.pending}
                onSelect={select}
                onSelectAll={selectAll}
                onDetails={(campaign) => setDetailsId(campaign.id)}
                onRerun={(campaign) => void actions.rerun(campaign)}
                onDelete={(campaign) => void remove(campaign)}
              />
            )}
          </>
        )
      ) : null}
      {details ? (
        <CampaignDetailsModal
          campaign={details}
          busy={actions.pending.has(details.id)}
          onClose={() => setDetailsId(null)}
          onRerun={() => void actions.rerun(details)}
          onDelete={() => void remove(details)}
        />
      ) : null}
    </>
  );
}
