// Quick Actions: Create Campaign opens the create form right here; Browse Leads goes to the leads.
import { useId } from 'react';
import { Link } from 'react-router';

export function QuickActions({ onCreateCampaign }: { onCreateCampaign: () => void }) {
  const titleId = useId();
  return (
    <section className="box dashboard-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Quick Actions
      </h2>
      <div className="quick-actions">
        <button type="button" className="button is-primary" onClick={onCreateCampaign}>
          Create Campaign
        </button>
        <Link to="/leads" className="button is-light">
          Browse Leads
        </Link>
      </div>
    </section>
  );
}
