// One campaign row: selection box, name and query, status, leads, emails, dates, actions.
import type { Campaign } from '../../api/campaigns.ts';
import { formatAgo, formatWhen } from './format.ts';
import { CampaignStatusBadge as StatusBadge } from '../campaigns/StatusBadge.tsx';

interface HistoryRowProps {
  campaign: Campaign;
  selected: boolean;
  busy: boolean;
  canRerun: boolean;
  onSelect: (selected: boolean) => void;
  onDetails: () => void;
  onRerun: () => void;
  onDelete: () => void;
}

const dash = <span className="has-text-grey-light">—</span>;

export function HistoryRow({ campaign: c, selected, busy, canRerun, onSelect, onDetails, onRerun, onDelete }: HistoryRowProps) {
  const where = [c.industry, c.location].filter(Boolean).join(' · ');
  return (
    <tr data-campaign-id={c.id} className={selected ? 'is-selected-row' : undefined}>
      <td className="history-check">
        <input type="checkbox" aria-label={`Select ${c.name}`} checked={selected} onChange={(event) => onSelect(event.target.checked)} />
      </td>
      <td className="history-name">
        <button type="button" className="button is-ghost p-0 has-text-weight-semibold history-name-link" onClick={onDetails}>
          {c.name}
        </button>
        <p className="is-size-7 has-text-grey">{c.search_query}</p>
        {where ? <p className="is-size-7 has-text-grey-light">{where}</p> : null}
      </td>
      <td className="history-status">
        <StatusBadge status={c.status} />
        <p className="is-size-7 has-text-grey mt-1">{c.mode === 'live' ? 'Live' : 'Test'} mode</p>
      </td>
      <td className="has-text-right is-nowrap history-leads" title={`${c.leads_analysed} analysed, ${c.leads_failed} failed`}>
        <span className="has-text-weight-semibold">{c.total_leads}</span>
        <span className="has-text-grey is-hidden-tablet"> leads</span>
        <p className="is-size-7 has-text-grey">{c.leads_with_email} with email</p>
      </td>
      <td className="has-text-right is-nowrap is-hidden-mobile">
        <span className="has-text-weight-semibold">{c.emails_sent}</span>
        <span className="has-text-grey"> sent</span>
        <p className="is-size-7 has-text-grey">{c.emails_generated} drafted</p>
        <p className="is-size-7 has-text-grey">{c.emails_opened} opened</p>
      </td>
      <td className="is-nowrap history-date history-created">
        {formatWhen(c.created_at)}
        <p className="is-size-7 has-text-grey">{formatAgo(c.created_at)}</p>
      </td>
      <td className="is-nowrap history-date is-hidden-mobile">{c.completed_at ? formatWhen(c.completed_at) : dash}</td>
      <td className="history-actions">
        <div className="buttons are-small is-right is-flex-wrap-nowrap">
          <button type="button" className="button is-small" onClick={onDetails}>
            Details
          </button>
          {canRerun ? (
            <button type="button" className={`button is-small is-link is-outlined${busy ? ' is-loading' : ''}`} onClick={onRerun} disabled={busy}>
              Rerun
            </button>
          ) : null}
          <button type="button" className="button is-small is-danger is-outlined" onClick={onDelete} disabled={busy}>
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
