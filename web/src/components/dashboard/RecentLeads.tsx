// Recent Leads: the newest leads, each linking to its detail page.
import { useId } from 'react';
import { Link } from 'react-router';
import type { RecentLead } from '../../api/dashboard.ts';
import { RelativeTime } from './RelativeTime.tsx';
import { StatusTag } from './StatusTag.tsx';

function RecentLeadRow({ lead }: { lead: RecentLead }) {
  return (
    <li>
      <Link to={`/leads/${lead.id}`} className="recent-lead" data-lead-id={lead.id}>
        <span className="recent-lead-main">
          {/* The business's own name; a page title only when no name was found. */}
          <span className="recent-lead-title">{lead.company_name || lead.title || 'Untitled'}</span>
          <span className="recent-lead-url">{lead.url}</span>
        </span>
        <span className="recent-lead-meta">
          <span className="tags">
            <StatusTag status={lead.status} />
            {lead.business_category ? <span className="tag is-link is-light">{lead.business_category}</span> : null}
          </span>
          <span className="recent-lead-time">
            <RelativeTime value={lead.discovered_at} />
          </span>
        </span>
      </Link>
    </li>
  );
}

export function RecentLeads({ leads, loading }: { leads: RecentLead[] | undefined; loading: boolean }) {
  const titleId = useId();
  return (
    <section className="box dashboard-panel" aria-labelledby={titleId}>
      <div className="panel-head">
        <h2 id={titleId} className="title is-6">
          Recent Leads
        </h2>
        {leads?.length ? (
          <Link to="/leads" className="is-size-7">
            View all
          </Link>
        ) : null}
      </div>
      {!leads && loading ? <p className="has-text-grey">Loading leads...</p> : null}
      {leads && leads.length === 0 ? <p className="empty-text">No leads yet. Create a campaign to get started!</p> : null}
      {leads?.length ? (
        <ul className="recent-leads">
          {leads.map((lead) => (
            <RecentLeadRow key={lead.id} lead={lead} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
