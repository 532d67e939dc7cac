// A sales card: who the lead is, its priority and scores, urgency, top pain points,
// value proposition and contact. Crawled and AI text is rendered as plain text.
import type { Lead } from '../../api/leads.ts';
import { CategoryBadge, PriorityBadge, StatusBadge, UrgencyBadge } from './LeadBadges.tsx';
import { formatAgo, leadLocation, leadName, scoreText } from './leadFormat.ts';

interface LeadCardProps {
  lead: Lead;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  /** "Preview pitch": the email the pipeline would write to this lead now. */
  onPreview?: () => void;
}

const TOP_PAIN_POINTS = 3;

/** A click anywhere on the card opens it, except on its own controls (checkbox, links). */
const fromControl = (target: EventTarget) => target instanceof Element && target.closest('input, label, a, button') !== null;

export function LeadCard({ lead, selected, onToggle, onOpen, onPreview }: LeadCardProps) {
  const intel = lead.sales_intelligence;
  const name = leadName(lead);
  return (
    <article className={`card lead-card ${selected ? 'is-selected' : ''}`} data-lead-id={lead.id} aria-label={name} onClick={(event) => (fromControl(event.target) ? undefined : onOpen())}>
      <div className="card-content">
        <div className="lead-card-head">
          <label className="checkbox">
            <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select ${name}`} />
          </label>
          <button type="button" className="lead-card-title" onClick={onOpen}>
            <span className="has-text-weight-semibold">{name}</span>
            <span className="is-size-7 has-text-grey lead-url">{lead.url}</span>
          </button>
        </div>
        <div className="tags mt-2 mb-2">
          <StatusBadge status={lead.status} />
          <PriorityBadge lead={lead} />
          <UrgencyBadge level={intel?.urgency_level} />
          <CategoryBadge category={lead.business_category} />
        </div>
        <div className="lead-scores">
          <Score label="Opportunity" value={lead.market_opportunity_score} />
          <Score label="Urgency" value={lead.urgency_score} />
          <Score label="Website" value={lead.website_quality_score} />
          <Score label="Lead score" value={lead.lead_score} />
        </div>
        {intel?.pain_points.length ? (
          <div className="mt-3">
            <p className="heading mb-1">Top pain points</p>
            <ul className="lead-pain-points">
              {intel.pain_points.slice(0, TOP_PAIN_POINTS).map((point, index) => (
                <li key={index}>
                  {point.description} <span className="has-text-grey is-size-7">({point.impact_level})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {intel?.value_proposition ? (
          <div className="mt-3">
            <p className="heading mb-1">Value proposition</p>
            <p className="is-size-7 lead-clamp">{intel.value_proposition}</p>
          </div>
        ) : null}
        <div className="lead-card-foot mt-3">
          {lead.contact_email ? (
            <span className="tag is-success is-light lead-contact">{lead.contact_email}</span>
          ) : (
            <span className="tag is-light lead-contact">No contact</span>
          )}
          <span className="is-size-7 has-text-grey">
            {[leadLocation(lead), formatAgo(lead.discovered_at)].filter(Boolean).join(' · ')}
          </span>
          {onPreview ? (
            <button type="button" className="button is-small is-link is-light" onClick={onPreview}>
              Preview pitch
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function Score({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="lead-score">
      <span className="lead-score-value">{scoreText(value)}</span>
      <span className="lead-score-label">{label}</span>
    </div>
  );
}
