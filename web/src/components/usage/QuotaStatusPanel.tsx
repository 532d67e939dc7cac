// Quota Status: the search service (monthly) and the AI service (daily) — percent used,
// status label, what is left and when the quota resets.
import { useId } from 'react';
import type { QuotaStatus, UsageToday } from '../../api/usage.ts';
import { formatCount, resetsIn } from '../../format.ts';
import { QUOTA_STATUS } from './status.tsx';

interface QuotaRowProps {
  name: string;
  percent: number;
  status: QuotaStatus;
  remaining: string;
  hours: number;
}

function QuotaRow({ name, percent, status, remaining, hours }: QuotaRowProps) {
  const { label, color } = QUOTA_STATUS[status] ?? QUOTA_STATUS.ok;
  return (
    <div className="quota-row" data-quota={name}>
      <div className="quota-row-head">
        <span className="has-text-weight-semibold">{name}</span>
        <span>
          <span className="quota-percent">{percent}%</span> <span className={`tag ${color} is-light`}>{label}</span>
        </span>
      </div>
      <progress className={`progress is-small ${color}`} value={Math.min(100, percent)} max={100} aria-label={`${name} quota used`}>
        {percent}%
      </progress>
      <div className="quota-row-foot is-size-7 has-text-grey">
        <span>{remaining}</span>
        <span>{resetsIn(hours)}</span>
      </div>
    </div>
  );
}

export function QuotaStatusPanel({ today }: { today: UsageToday }) {
  const titleId = useId();
  return (
    <section className="box usage-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Quota Status
      </h2>
      <QuotaRow
        name="SerpApi (monthly)"
        percent={today.serpapi_percent}
        status={today.quotas.serpapi_monthly.status}
        remaining={`${formatCount(today.serpapi_remaining_this_month)} searches remaining`}
        hours={today.quotas.serpapi_monthly.hours_until_reset}
      />
      <QuotaRow
        name="Gemini (daily)"
        percent={today.gemini_percent}
        status={today.quotas.gemini_daily.status}
        remaining={`${formatCount(today.gemini_remaining_tokens_today)} tokens remaining`}
        hours={today.quotas.gemini_daily.hours_until_reset}
      />
    </section>
  );
}
