// Everything about one campaign: its settings, its progress and how its emails performed.
import type { ReactNode } from 'react';
import { canTransition } from '../../../../src/core/campaigns/lifecycle.ts';
import type { Campaign } from '../../api/campaigns.ts';
import { Modal } from '../Modal.tsx';
import { formatAgo, formatRate, formatWhen, successRateColour } from './format.ts';
import { CampaignStatusBadge as StatusBadge } from '../campaigns/StatusBadge.tsx';

interface CampaignDetailsModalProps {
  campaign: Campaign;
  busy: boolean;
  onClose: () => void;
  onRerun: () => void;
  onDelete: () => void;
}

const none = (text = '—') => <span className="has-text-grey-light">{text}</span>;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="details-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Stat({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className="column is-6-mobile is-4-tablet">
      <div className="history-stat">
        <p className={`history-stat-value ${className ?? ''}`}>{value}</p>
        <p className="history-stat-label">{label}</p>
      </div>
    </div>
  );
}

function When({ value }: { value: string | null }) {
  if (!value) return none();
  return (
    <>
      {formatWhen(value)} <span className="has-text-grey is-size-7">({formatAgo(value)})</span>
    </>
  );
}

export function CampaignDetailsModal({ campaign: c, busy, onClose, onRerun, onDelete }: CampaignDetailsModalProps) {
  const openRate = c.emails_sent > 0 ? (c.emails_opened / c.emails_sent) * 100 : 0;
  return (
    <Modal
      title={c.name}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="button is-danger is-outlined mr-auto" onClick={onDelete} disabled={busy}>
            Delete
          </button>
          {canTransition(c.status, 'rerun') ? (
            <button type="button" className={`button is-link is-outlined${busy ? ' is-loading' : ''}`} onClick={onRerun} disabled={busy}>
              Rerun
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Close
          </button>
        </>
      }
    >
      <h3 className="title is-6 mb-3">Campaign</h3>
      <dl className="details-list mb-5">
        <Item label="Status">
          <StatusBadge status={c.status} />
        </Item>
        <Item label="Mode">{c.mode === 'live' ? 'Live' : 'Test'}</Item>
        <Item label="Search query">{c.search_query}</Item>
        <Item label="Industry">{c.industry || none()}</Item>
        <Item label="Location">{c.location || none()}</Item>
        <Item label="Max results">{c.max_results ?? none('Unlimited')}</Item>
        <Item label="Max emails">{c.max_emails ?? none('No limit')}</Item>
        <Item label="Phase">{c.phase || none()}</Item>
        <Item label="Current website">{c.current_website_url ? <span className="is-break-all">{c.current_website_url}</span> : none()}</Item>
        {c.last_error ? (
          <Item label="Last error">
            <span className="has-text-danger">{c.last_error}</span>
          </Item>
        ) : null}
        <Item label="Created">
          <When value={c.created_at} />
        </Item>
        <Item label="Started">
          <When value={c.started_at} />
        </Item>
        <Item label="Completed">
          <When value={c.completed_at} />
        </Item>
      </dl>

      <h3 className="title is-6 mb-3">Performance</h3>
      <div className="columns is-multiline is-mobile is-variable is-2" aria-label="Performance">
        <Stat label="Total leads" value={c.total_leads} />
        <Stat label="Leads analysed" value={c.leads_analysed} />
        <Stat label="Sites not read" value={c.leads_failed} className={c.leads_failed ? 'has-text-danger' : undefined} />
        <Stat label="Leads with email" value={c.leads_with_email} />
        <Stat label="Email success rate" value={formatRate(c.email_success_rate)} className={successRateColour(c.email_success_rate)} />
        <Stat label="Emails drafted" value={c.emails_generated} />
        <Stat label="Emails sent" value={c.emails_sent} />
        <Stat label="Emails opened" value={c.emails_opened} />
        <Stat label="Open rate" value={formatRate(openRate)} />
        <Stat label="Replies" value={c.emails_replied} />
        <Stat label="Conversions" value={c.conversions} />
      </div>
    </Modal>
  );
}
