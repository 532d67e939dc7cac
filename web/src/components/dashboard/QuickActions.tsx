// Quick Actions: shortcuts to the campaigns and leads screens.
import { useId } from 'react';
import { Link } from 'react-router';

export function QuickActions() {
  const titleId = useId();
  return (
    <section className="box dashboard-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Quick Actions
      </h2>
      <div className="quick-actions">
        <Link to="/campaigns" className="button is-primary">
          Create Campaign
        </Link>
        <Link to="/leads" className="button is-light">
          Browse Leads
        </Link>
      </div>
    </section>
  );
}
