// Table View of the Leads screen: one row per loaded lead, with selection checkboxes.
import type { Lead } from '../../api/leads.ts';
import { PriorityBadge, StatusBadge } from './LeadBadges.tsx';
import { formatAgo, formatWhen, leadLocation, leadName, scoreText } from './leadFormat.ts';

interface LeadTableProps {
  leads: Lead[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (lead: Lead) => void;
}

export function LeadTable({ leads, selected, onToggle, onToggleAll, onOpen }: LeadTableProps) {
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  return (
    <div className="box p-0 table-box">
      <div className="table-container">
        <table className="table is-fullwidth is-hoverable leads-table">
          <thead>
            <tr>
              <th>
                <input type="checkbox" aria-label="Select all loaded leads" checked={allSelected} onChange={(event) => onToggleAll(event.target.checked)} />
              </th>
              <th>Company</th>
              <th>Status</th>
              <th>Priority</th>
              <th>Opportunity</th>
              <th>Urgency</th>
              <th>Location</th>
              <th>Contact</th>
              <th>Discovered</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id} data-lead-id={lead.id} className={selected.has(lead.id) ? 'is-selected-row' : undefined}>
                <td>
                  <input type="checkbox" aria-label={`Select ${leadName(lead)}`} checked={selected.has(lead.id)} onChange={() => onToggle(lead.id)} />
                </td>
                <td>
                  <button type="button" className="lead-row-open" onClick={() => onOpen(lead)}>
                    <span className="has-text-weight-semibold">{leadName(lead)}</span>
                    <span className="is-size-7 has-text-grey lead-table-host" title={lead.url}>
                      {lead.hostname}
                    </span>
                    {lead.business_category ? <span className="is-size-7 has-text-link-dark">{lead.business_category}</span> : null}
                  </button>
                </td>
                <td>
                  <StatusBadge status={lead.status} />
                </td>
                <td>
                  <PriorityBadge lead={lead} short />
                </td>
                <td className="lead-opportunity">{scoreText(lead.market_opportunity_score)}</td>
                <td>{scoreText(lead.urgency_score)}</td>
                <td className="is-nowrap">{leadLocation(lead)}</td>
                <td className="lead-table-contact" title={lead.contact_email ?? undefined}>
                  {lead.contact_email ?? <span className="has-text-grey">No contact</span>}
                </td>
                <td className="lead-table-when" title={formatWhen(lead.discovered_at)}>
                  {formatAgo(lead.discovered_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
