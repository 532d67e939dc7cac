// The three quota cards of the Usage screen: emails (rolling 24 hours), search calls
// (this month) and AI tokens (today), each with its status badge.
import { useId, type ReactNode } from 'react';
import defaults from '../../../../config/default.json';
import type { QuotaStatus, UsageToday } from '../../api/usage.ts';
import { formatCount, formatUsd } from '../../format.ts';
import { QUOTA_STATUS, StatusBadge } from './status.tsx';

const GEMINI_PER_TOKEN = defaults.costs_usd_estimates.gemini_per_million_input_tokens / 1_000_000;

interface QuotaCardProps {
  title: string;
  status: QuotaStatus;
  value: number;
  unit: string;
  remaining: number;
  quota: number;
  children?: ReactNode;
}

function QuotaCard({ title, status, value, unit, remaining, quota, children }: QuotaCardProps) {
  const titleId = useId();
  return (
    <section className="box usage-card" aria-labelledby={titleId}>
      <div className="usage-card-head">
        <h2 id={titleId} className="usage-card-title">
          {title}
        </h2>
        <StatusBadge status={status} />
      </div>
      <p className="usage-value">
        <span className="usage-number" data-testid="usage-value">
          {formatCount(value)}
        </span>{' '}
        <span className="has-text-grey">{unit}</span>
      </p>
      <p className="usage-remaining">
        <strong>{formatCount(remaining)}</strong> remaining of {formatCount(quota)}
      </p>
      {children}
    </section>
  );
}

export function UsageCards({ today }: { today: UsageToday }) {
  const geminiCost = today.gemini_tokens_today * GEMINI_PER_TOKEN;
  const emailStatus = today.quotas.email_daily.status;
  return (
    <div className="columns is-multiline usage-cards">
      <div className="column is-12-tablet is-4-desktop">
        <QuotaCard
          title="Emails Today"
          status={emailStatus}
          value={today.emails_sent_today}
          unit="sent"
          remaining={today.emails_remaining_today}
          quota={today.emails_quota_daily}
        >
          <progress
            className={`progress is-small ${QUOTA_STATUS[emailStatus]?.color ?? 'is-success'}`}
            value={Math.min(100, today.emails_percent)}
            max={100}
            aria-label="Email quota used"
          >
            {today.emails_percent}%
          </progress>
          <p className="is-size-7 has-text-grey">last 24 hours</p>
        </QuotaCard>
      </div>
      <div className="column is-6-tablet is-4-desktop">
        <QuotaCard
          title="SerpApi This Month"
          status={today.quotas.serpapi_monthly.status}
          value={today.serpapi_calls_this_month}
          unit="calls"
          remaining={today.serpapi_remaining_this_month}
          quota={today.serpapi_quota_monthly}
        >
          <p className="is-size-7 has-text-grey">Search calls since the 1st of the month (UTC)</p>
        </QuotaCard>
      </div>
      <div className="column is-6-tablet is-4-desktop">
        <QuotaCard
          title="Gemini Tokens Today"
          status={today.quotas.gemini_daily.status}
          value={today.gemini_tokens_today}
          unit="tokens"
          remaining={today.gemini_remaining_tokens_today}
          quota={today.gemini_quota_daily_tokens}
        >
          <p className="is-size-7 has-text-grey">
            {formatCount(today.gemini_requests_today)} {today.gemini_requests_today === 1 ? 'request' : 'requests'} · approx. {formatUsd(geminiCost, 4)}
          </p>
        </QuotaCard>
      </div>
    </div>
  );
}
