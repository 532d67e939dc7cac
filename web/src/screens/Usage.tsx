// API Usage & Quotas (/usage): every signed-in user sees the three quotas, the costs,
// the quota status and the per-service usage of the last 30 days.
import defaults from '../../../config/default.json';
import { errorText } from '../api/client.ts';
import { SUMMARY_DAYS, useUsageSummary, useUsageToday, type UsageToday } from '../api/usage.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { CostSummary } from '../components/usage/CostSummary.tsx';
import { QuotaStatusPanel } from '../components/usage/QuotaStatusPanel.tsx';
import { ServiceUsage } from '../components/usage/ServiceUsage.tsx';
import { UsageCards } from '../components/usage/UsageCards.tsx';
import '../components/usage/usage.css';

/** The spec's default quotas, used only when the server leaves one out. */
function withDefaultQuotas(today: UsageToday): UsageToday {
  return {
    ...today,
    emails_quota_daily: today.emails_quota_daily ?? defaults.quotas.emails_per_day,
    serpapi_quota_monthly: today.serpapi_quota_monthly ?? defaults.quotas.search_calls_per_month,
    gemini_quota_daily_tokens: today.gemini_quota_daily_tokens ?? defaults.quotas.ai_tokens_per_day,
  };
}

export function Usage() {
  const todayQuery = useUsageToday();
  const summaryQuery = useUsageSummary(SUMMARY_DAYS);
  const today = todayQuery.data ? withDefaultQuotas(todayQuery.data) : undefined;
  const error = todayQuery.error ?? summaryQuery.error;

  return (
    <>
      <PageHeader title="API Usage & Quotas" subtitle="Calls to the email, search and AI services against their quotas, with estimated costs." />
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load usage')}
        </div>
      ) : null}
      {!today && todayQuery.isLoading ? <p className="has-text-grey">Loading usage...</p> : null}
      {today ? <UsageCards today={today} /> : null}
      <div className="columns is-desktop">
        <div className="column">
          <CostSummary today={today} summary={summaryQuery.data} days={SUMMARY_DAYS} />
        </div>
        <div className="column">{today ? <QuotaStatusPanel today={today} /> : null}</div>
      </div>
      <ServiceUsage summary={summaryQuery.data} days={SUMMARY_DAYS} />
      <p className="usage-footer has-text-grey is-size-7">Data refreshes automatically every minute</p>
    </>
  );
}
