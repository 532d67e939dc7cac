// The lead's own fields on its page: contact, business, scores and sales intelligence.
import type { Lead } from '../../api/leads.ts';
import { RecipientCheckNote, RecipientCheckTag, type RecipientCheck } from '../verification/RecipientCheck.tsx';
import { formatWhen, leadLocation, scoreText } from './leadFormat.ts';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="lead-field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function LeadInfoPanel({ lead }: { lead: Lead & { contact_email_check?: RecipientCheck } }) {
  const intel = lead.sales_intelligence;
  return (
    <section className="box" aria-label="Lead details">
      <h2 className="title is-5">Details</h2>
      <dl className="lead-fields">
        <Field label="Company" value={lead.company_name} />
        <Field label="Title" value={lead.title} />
        <div className="lead-field">
          <dt>Website</dt>
          <dd>
            <a href={lead.url} target="_blank" rel="noopener noreferrer nofollow">
              {lead.url}
            </a>
          </dd>
        </div>
        <div className="lead-field">
          <dt>Contact email</dt>
          <dd>
            {lead.contact_email ?? 'No contact'} {lead.contact_email ? <RecipientCheckTag check={lead.contact_email_check ?? undefined} /> : null}
            {lead.contact_email_source === 'list' ? <span className="tag is-info is-light ml-2">from your list</span> : null}
            {lead.contact_email_check?.verdict === 'valid' ? <p className="help">{lead.contact_email_check.reason}</p> : <RecipientCheckNote check={lead.contact_email_check ?? undefined} />}
          </dd>
        </div>
        <Field label="Contact name" value={lead.contact_name} />
        <Field label="Phone" value={lead.phone_number} />
        <Field label="Address" value={lead.address} />
        <Field label="Location" value={leadLocation(lead)} />
        <Field label="Time zone" value={lead.timezone ? `${lead.timezone} · ${lead.timezone_source ?? 'analysis'}` : lead.timezone_source} />
        <Field label="Business hours" value={lead.business_hours} />
        <Field label="Industry" value={lead.industry_specific || lead.industry} />
        <Field label="Category" value={lead.business_category} />
        <Field label="Company size" value={lead.company_size} />
        <Field label="Revenue range" value={lead.revenue_range} />
        <Field label="Budget estimate" value={lead.budget_estimate} />
        <Field label="Opportunity score" value={scoreText(lead.market_opportunity_score)} />
        <Field label="Urgency score" value={scoreText(lead.urgency_score)} />
        <Field label="Website quality score" value={scoreText(lead.website_quality_score)} />
        <Field label="Lead score" value={scoreText(lead.lead_score)} />
        <Field label="Services" value={lead.services_offered.join(', ')} />
        <Field label="Technology" value={lead.technology_stack.join(', ')} />
        <Field label="Discovered" value={formatWhen(lead.discovered_at)} />
        <Field label="Analyzed" value={formatWhen(lead.analyzed_at)} />
        <Field label="Last error" value={lead.last_error} />
      </dl>
      {lead.business_summary ? <p className="mt-3">{lead.business_summary}</p> : null}
      {intel ? (
        <div className="mt-4">
          <h3 className="title is-6">Sales intelligence</h3>
          <dl className="lead-fields">
            <Field label="Urgency level" value={intel.urgency_level} />
            <Field label="Budget level" value={intel.budget_level} />
            <Field label="Decision timeline" value={intel.decision_timeline} />
            <Field label="Value proposition" value={intel.value_proposition} />
            <Field label="Urgency messaging" value={intel.urgency_messaging} />
            <Field label="Next steps" value={intel.next_steps.join('; ')} />
            <Field label="Likely objections" value={intel.objections_likely.join('; ')} />
          </dl>
          {intel.pain_points.length ? (
            <ul className="lead-pain-points mt-2">
              {intel.pain_points.map((point, index) => (
                <li key={index}>
                  <strong>{point.description}</strong> <span className="has-text-grey">({point.impact_level})</span> — {point.revenue_impact}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
