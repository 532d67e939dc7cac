// Dashboard (/dashboard): the four stat cards, Email Performance, Recent Leads, Quick
// Actions and the Live Activity Feed (the 30 newest items). Quick Actions' Create Campaign opens
// the create form here; once the campaign exists the Campaigns list shows it.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../api/client.ts';
import { DASHBOARD_FEED_LIMIT } from '../api/activity.ts';
import { useDashboard } from '../api/dashboard.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { CreateCampaignModal } from '../components/campaigns/CreateCampaignModal.tsx';
import { ActivityFeed } from '../components/dashboard/ActivityFeed.tsx';
import { EmailPerformance } from '../components/dashboard/EmailPerformance.tsx';
import { QuickActions } from '../components/dashboard/QuickActions.tsx';
import { RecentLeads } from '../components/dashboard/RecentLeads.tsx';
import { StatCards } from '../components/dashboard/StatCards.tsx';
import '../components/dashboard/dashboard.css';

export function Dashboard() {
  const { data: stats, error, isLoading } = useDashboard();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Campaigns, leads and emails at a glance, with live pipeline activity." />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load dashboard')}
        </div>
      ) : null}
      <StatCards stats={stats} />
      <div className="columns is-desktop">
        <div className="column is-7-desktop">
          <RecentLeads leads={stats?.recent_leads} loading={isLoading} />
        </div>
        <div className="column is-5-desktop dashboard-side">
          <EmailPerformance stats={stats} />
          <QuickActions onCreateCampaign={() => setCreating(true)} />
        </div>
      </div>
      <ActivityFeed limit={DASHBOARD_FEED_LIMIT} />
      {creating ? <CreateCampaignModal onClose={() => setCreating(false)} onCreated={() => void navigate('/campaigns')} /> : null}
    </>
  );
}
