// Analytics (/analytics): summary cards, Campaign Performance, Conversion Funnel, Response
// Sentiment (an illustrative placeholder) and the Campaign Comparison table.
import { Link } from 'react-router';
import { useCampaigns } from '../api/campaigns.ts';
import { errorText } from '../api/client.ts';
import { useDashboard } from '../api/dashboard.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { AbTestsPanel } from '../components/abtests/AbTestsPanel.tsx';
import { CampaignComparison } from '../components/analytics/CampaignComparison.tsx';
import { CampaignPerformance } from '../components/analytics/CampaignPerformance.tsx';
import { ConversionFunnel } from '../components/analytics/ConversionFunnel.tsx';
import { SentimentPie } from '../components/analytics/SentimentPie.tsx';
import { SummaryCards } from '../components/analytics/SummaryCards.tsx';
import { campaignRow } from '../components/analytics/formulas.ts';
import '../components/dashboard/dashboard.css';
import '../components/analytics/analytics.css';

export function Analytics() {
  const statsQuery = useDashboard();
  const campaignsQuery = useCampaigns();
  const stats = statsQuery.data;
  const campaigns = campaignsQuery.data;
  const error = statsQuery.error ?? campaignsQuery.error;
  const loading = !error && (!stats || !campaigns);
  const rows = (campaigns ?? []).map(campaignRow);

  return (
    <>
      <PageHeader title="Analytics" subtitle="Campaign and email performance in charts, with a side-by-side comparison." />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load analytics')}
        </div>
      ) : null}
      {loading ? <p className="has-text-grey">Loading analytics...</p> : null}
      {stats && campaigns && campaigns.length === 0 ? <EmptyState /> : null}
      {stats && campaigns && campaigns.length > 0 ? (
        <>
          <div className="analytics-cards">
            <SummaryCards stats={stats} />
          </div>
          <div className="analytics-row">
            <CampaignPerformance rows={rows} />
          </div>
          <div className="columns is-desktop analytics-row">
            <div className="column is-7-desktop">
              <ConversionFunnel stats={stats} />
            </div>
            <div className="column is-5-desktop">
              <SentimentPie />
            </div>
          </div>
          <CampaignComparison rows={rows} />
          <AbTestsPanel campaigns={campaigns} />
        </>
      ) : null}
    </>
  );
}

function EmptyState() {
  return (
    <div className="box has-text-centered py-6 analytics-empty">
      <p className="title is-5">No campaigns to analyse yet</p>
      <p className="has-text-grey mb-4">Run a campaign and its emails, opens and replies show up here.</p>
      <Link to="/campaigns" className="button is-primary is-light">
        Create Campaign
      </Link>
    </div>
  );
}
