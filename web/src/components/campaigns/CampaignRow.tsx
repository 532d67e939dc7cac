// One row of the Campaigns table: Campaign, Status (with progress while RUNNING), Leads,
// Performance, Created, Actions.
import type { Campaign } from '../../api/campaigns.ts';
import { formatCount } from '../../format.ts';
import { completedText } from '../../../../src/core/model/campaign-outcome.ts';
import { CampaignActions } from './CampaignActions.tsx';
import { CampaignProgress } from './CampaignProgress.tsx';
import { formatDate, relativeTime } from './dates.ts';
import { successRateTone } from './phase.ts';
import { CampaignStatusBadge } from './StatusBadge.tsx';
import { GuardTag } from '../guards/GuardNotice.tsx';
import type { CampaignActionsApi } from './useCampaignActions.ts';

interface CampaignRowProps {
  campaign: Campaign;
  actions: CampaignActionsApi;
  onRestart: () => void;
  onSequence: () => void;
}

export function CampaignRow({ campaign: c, actions, onRestart, onSequence }: CampaignRowProps) {
  const rate = Math.round(c.email_success_rate);
  return (
    <tr data-campaign-id={c.id} data-status={c.status}>
      <td className="campaign-cell" data-label="Campaign">
        <p className="has-text-weight-semibold campaign-name">{c.name}</p>
        <p className="is-size-7 has-text-grey campaign-query">
          {c.search_query}
          {c.location ? ` · ${c.location}` : ''}
        </p>
        <span className={`tag is-rounded is-size-7 mt-1 ${c.mode === 'live' ? 'is-danger is-light' : 'is-light'}`}>{c.mode === 'live' ? 'Live' : 'Test'}</span>{' '}
        <button type="button" className="button is-small is-ghost p-0 sequence-summary" title="Sequence: steps, delays and stop rules" onClick={onSequence}>
          {c.sequence.steps === 1 ? 'No follow-ups' : `${c.sequence.steps}-step sequence (${c.sequence.follow_up_days.map((d) => `+${d}`).join(', ')} days)`}
        </button>
      </td>
      <td className="status-cell" data-label="Status">
        <CampaignStatusBadge status={c.status} /> <GuardTag campaignId={c.id} />
        {c.status === 'RUNNING' ? <CampaignProgress campaign={c} /> : null}
        {c.status === 'COMPLETED' && c.leads_failed > 0 ? (
          <p className="is-size-7 has-text-warning-dark mt-1 campaign-outcome" title="Their reasons are on each lead and in the activity feed">
            {completedText(c)}
          </p>
        ) : null}
        {c.search_note ? <p className="is-size-7 has-text-grey mt-1 campaign-search-note">{c.search_note}</p> : null}
      </td>
      <td data-label="Leads">
        <p className="has-text-weight-semibold is-nowrap campaign-leads">{formatCount(c.total_leads)} found</p>
        <p className="is-size-7 has-text-grey is-nowrap campaign-analysed">{formatCount(c.leads_analysed)} analysed</p>
        {c.leads_failed > 0 ? (
          <p className="is-size-7 has-text-danger is-nowrap campaign-failed" title="Sites that could not be read: each lead says why">
            {formatCount(c.leads_failed)} failed
          </p>
        ) : null}
        {c.leads_not_analysed > 0 ? (
          <button
            type="button"
            className="button is-small is-warning is-light mt-1 not-analysed"
            title="These leads were never analysed and nothing is queued for them (a run was interrupted): analyse them now"
            disabled={actions.pending === c.id}
            onClick={() => void actions.requeue(c)}
          >
            {formatCount(c.leads_not_analysed)} {c.leads_not_analysed === 1 ? 'lead' : 'leads'} not analysed — requeue
          </button>
        ) : null}
      </td>
      <td data-label="Performance">
        <dl className="campaign-performance is-size-7">
          <dt>Sent</dt>
          <dd>{formatCount(c.emails_sent)}</dd>
          <dt>Opened</dt>
          <dd>{formatCount(c.emails_opened)}</dd>
          <dt>With email</dt>
          <dd>{formatCount(c.leads_with_email)}</dd>
          <dt>Success</dt>
          <dd>
            {c.leads_analysed > 0 ? (
              <span className={`tag is-${successRateTone(rate)} is-light success-rate`} title="Email success rate">
                {rate}%
              </span>
            ) : (
              <span className="has-text-grey-light success-rate" title="No website analysed yet">
                —
              </span>
            )}
          </dd>
        </dl>
      </td>
      <td className="is-nowrap" data-label="Created">
        <p className="is-size-7">{formatDate(c.created_at)}</p>
        <p className="is-size-7 has-text-grey">{relativeTime(c.created_at)}</p>
      </td>
      <td data-label="Actions">
        <CampaignActions campaign={c} actions={actions} onRestart={onRestart} />
      </td>
    </tr>
  );
}
