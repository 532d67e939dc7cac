// The multi-select campaign table. "Select all" covers the rows the filters show.
import { useEffect, useRef } from 'react';
import { canTransition } from '../../../../src/core/campaigns/lifecycle.ts';
import type { Campaign } from '../../api/campaigns.ts';
import { HistoryRow } from './HistoryRow.tsx';

interface HistoryTableProps {
  campaigns: Campaign[];
  selected: ReadonlySet<number>;
  pending: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onDetails: (campaign: Campaign) => void;
  onRerun: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

export function HistoryTable({ campaigns, selected, pending, onSelect, onSelectAll, onDetails, onRerun, onDelete }: HistoryTableProps) {
  const allBox = useRef<HTMLInputElement>(null);
  const count = campaigns.filter((c) => selected.has(c.id)).length;
  const all = campaigns.length > 0 && count === campaigns.length;

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  return (
    <div className="box p-0 table-box">
      <div className="table-container">
        <table className="table is-fullwidth is-hoverable is-narrow history-table">
          <thead>
            <tr>
              <th className="history-check">
                <label className="history-select-all">
                  <input ref={allBox} type="checkbox" aria-label="Select all campaigns" checked={all} onChange={(event) => onSelectAll(event.target.checked)} />
                  <span className="is-hidden-tablet" aria-hidden="true">
                    Select all
                  </span>
                </label>
              </th>
              <th>Campaign</th>
              <th>Status</th>
              <th className="has-text-right">Leads</th>
              <th className="has-text-right is-hidden-mobile">Emails</th>
              <th>Created</th>
              <th className="is-hidden-mobile">Completed</th>
              <th className="has-text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <HistoryRow
                key={campaign.id}
                campaign={campaign}
                selected={selected.has(campaign.id)}
                busy={pending.has(campaign.id)}
                canRerun={canTransition(campaign.status, 'rerun')}
                onSelect={(value) => onSelect(campaign.id, value)}
                onDetails={() => onDetails(campaign)}
                onRerun={() => onRerun(campaign)}
                onDelete={() => onDelete(campaign)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
