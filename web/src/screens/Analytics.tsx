// Analytics (/analytics): over a period of 7, 30 or 90 days (GET /api/analytics), the summary
// cards, Campaign Performance and the per-day series (uPlot), the Conversion Funnel, Response
// Sentiment and sequence steps; then, all time, the Campaign Comparison table and the subject
// A/B tests (a test's verdict is about all its sends, not a window of them).
// With two or more mailboxes, a Mailbox select narrows the email figures to one mailbox's
// (?mailbox=2); the funnel, the comparison and the A/B tests count every mailbox, and say so.
// Every figure is a count or a ratio of counts.
import { Link, useLocation, useNavigate } from 'react-router';
import { useAnalytics } from '../api/analytics.ts';
import { useCampaigns } from '../api/campaigns.ts';
import { errorText } from '../api/client.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { MailboxFilter, mailboxName, useMailboxChoices } from '../components/MailboxFilter.tsx';
import { CampaignComparison } from '../components/analytics/CampaignComparison.tsx';
import { CampaignPerformance } from '../components/analytics/CampaignPerformance.tsx';
import { ConversionFunnel } from '../components/analytics/ConversionFunnel.tsx';
import { DailySeries } from '../components/analytics/DailySeries.tsx';
import { SentimentPie } from '../components/analytics/SentimentPie.tsx';
import { StepsTable } from '../components/analytics/StepsTable.tsx';
import { AbTestsPanel } from '../components/abtests/AbTestsPanel.tsx';
import { SummaryCards } from '../components/analytics/SummaryCards.tsx';
import { DEFAULT_DAYS, RANGE_DAYS, campaignRow } from '../components/analytics/formulas.ts';
import '../components/dashboard/dashboard.css';
import '../components/analytics/analytics.css';

function RangeSelector({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <div className="buttons has-addons range-selector" role="group" aria-label="Period">
      {RANGE_DAYS.map((d) => (
        <button key={d} type="button" className={`button is-small${d === days ? ' is-link is-selected' : ''}`} aria-pressed={d === days} onClick={() => onChange(d)}>
          {d} days
        </button>
      ))}
    </div>
  );
}

export function Analytics() {
  // The period is in the address (?days=7), so a reload or a shared link keeps it.
  // So is the mailbox (?mailbox=2), once there are two or more to choose between.
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const asked = Number(params.get('days'));
  const days = RANGE_DAYS.includes(asked) ? asked : DEFAULT_DAYS;
  const mailboxes = useMailboxChoices();
  const askedMailbox = mailboxes.length > 1 ? mailboxes.find((m) => String(m.id) === params.get('mailbox')) : undefined;
  const go = (d: number, mailbox: string) => {
    const q = new URLSearchParams();
    if (d !== DEFAULT_DAYS) q.set('days', String(d));
    if (mailbox) q.set('mailbox', mailbox);
    const qs = q.toString();
    navigate(qs ? `/analytics?${qs}` : '/analytics', { replace: true });
  };
  const setDays = (d: number) => go(d, askedMailbox ? String(askedMailbox.id) : '');
  const setMailbox = (mailbox: string) => go(days, mailbox);
  const analyticsQuery = useAnalytics(days, askedMailbox?.id);
  const campaignsQuery = useCampaigns();
  const analytics = analyticsQuery.data;
  const campaigns = campaignsQuery.data;
  const error = analyticsQuery.error ?? campaignsQuery.error;
  const loading = !error && (!analytics || !campaigns);
  const ready = analytics && campaigns && campaigns.length > 0;

  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle="Campaign and email performance, counted from what was sent, opened, clicked and answered."
        actions={
          ready ? (
            <div className="analytics-actions">
              <MailboxFilter id="analytics-mailbox" value={askedMailbox ? String(askedMailbox.id) : ''} onChange={setMailbox} mailboxes={mailboxes} compact />
              <RangeSelector days={days} onChange={setDays} />
            </div>
          ) : undefined
        }
      />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load analytics')}
        </div>
      ) : null}
      {loading ? <p className="has-text-grey">Loading analytics...</p> : null}
      {analytics && campaigns && campaigns.length === 0 ? <EmptyState /> : null}
      {ready ? (
        <div data-days={analytics.days} data-mailbox={analytics.mailbox_id ?? ''}>
          {askedMailbox && analytics.mailbox_id === askedMailbox.id ? (
            <p className="notification is-info is-light analytics-mailbox-note">
              {`Emails sent from ${mailboxName(askedMailbox)}${askedMailbox.id === 1 ? ', including those sent before mailboxes' : ''}: the cards, Campaign Performance, the per-day series, sentiment and steps. The all-time figures, the Conversion Funnel, the Campaign Comparison and the A/B tests count every mailbox.`}
            </p>
          ) : null}
          <div className="analytics-cards">
            <SummaryCards analytics={analytics} />
          </div>
          <div className="analytics-row">
            <CampaignPerformance rows={analytics.campaigns} days={analytics.days} />
          </div>
          <div className="analytics-row">
            <DailySeries series={analytics.series} days={analytics.days} />
          </div>
          <div className="columns is-desktop analytics-row">
            <div className="column is-7-desktop">
              <ConversionFunnel funnel={analytics.funnel} days={analytics.days} />
            </div>
            <div className="column is-5-desktop">
              <SentimentPie sentiment={analytics.sentiment} days={analytics.days} />
            </div>
          </div>
          {analytics.steps.length > 1 ? (
            <div className="analytics-row">
              <StepsTable steps={analytics.steps} days={analytics.days} />
            </div>
          ) : null}
          <CampaignComparison rows={campaigns.map(campaignRow)} />
          <AbTestsPanel campaigns={campaigns} />
        </div>
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
