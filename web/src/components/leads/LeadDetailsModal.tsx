// The lead-details modal of the Leads screen: the lead, its site audit, its history and a link to its page.
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useLeadHistory, type Lead } from '../../api/leads.ts';
import { Modal } from '../Modal.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { CategoryBadge, PriorityBadge, StatusBadge, UrgencyBadge } from './LeadBadges.tsx';
import { HistoryList, HistorySummary } from './LeadHistoryList.tsx';
import { formatWhen, leadLocation, leadName, scoreText } from './leadFormat.ts';

export function LeadDetailsModal({ lead, onClose, onPreview }: { lead: Lead; onClose: () => void; onPreview?: () => void }) {
  const { data: history, error, isLoading } = useLeadHistory(lead.id);
  const current = history?.lead ?? lead;
  const intel = current.sales_intelligence;
  return (
    <Modal
      title={leadName(current)}
      onClose={onClose}
      footer={
        <>
          <Link className="button is-primary" to={`/leads/${lead.id}`}>
            Open full page
          </Link>
          {onPreview ? (
            <button type="button" className="button is-link is-light" onClick={onPreview}>
              Preview pitch
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="tags">
        <StatusBadge status={current.status} />
        <PriorityBadge lead={current} />
        <UrgencyBadge level={intel?.urgency_level} />
        <CategoryBadge category={current.business_category} />
      </div>
      <dl className="lead-fields">
        <dt>Website</dt>
        <dd>
          <a href={current.url} target="_blank" rel="noopener noreferrer nofollow">
            {current.url}
          </a>
        </dd>
        <dt>Contact</dt>
        <dd>
          {current.contact_email ?? 'No contact'}
          {current.contact_email_source === 'list' ? <span className="tag is-info is-light ml-2">from your list</span> : null}
        </dd>
        {current.phone_number ? (
          <>
            <dt>Phone</dt>
            <dd>{current.phone_number}</dd>
          </>
        ) : null}
        <dt>Location</dt>
        <dd>{leadLocation(current) || '—'}</dd>
        <dt>Scores</dt>
        <dd>
          Opportunity {scoreText(current.market_opportunity_score)} · Urgency {scoreText(current.urgency_score)} · Website {scoreText(current.website_quality_score)}
        </dd>
        <dt>Discovered</dt>
        <dd>{formatWhen(current.discovered_at)}</dd>
      </dl>
      {current.business_summary ? <p className="mb-3">{current.business_summary}</p> : null}
      {intel?.value_proposition ? (
        <p className="mb-3">
          <strong>Value proposition: </strong>
          {intel.value_proposition}
        </p>
      ) : null}
      <AuditPanel leadId={lead.id} />
      <h3 className="title is-6 mt-4">History</h3>
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load lead history')}
        </div>
      ) : null}
      {isLoading ? <p className="has-text-grey">Loading history...</p> : null}
      {history ? (
        <section aria-label="Lead history">
          <HistorySummary summary={history.summary} />
          <HistoryList activities={history.activities} />
        </section>
      ) : null}
    </Modal>
  );
}
