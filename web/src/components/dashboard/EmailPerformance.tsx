// Email Performance: open, reply and conversion rates as progress bars.
import { useId } from 'react';
import type { DashboardStats } from '../../api/dashboard.ts';
import { formatPercent } from './percent.ts';

function RateBar({ name, value, colour }: { name: string; value: number; colour: string }) {
  return (
    <div className="rate-row" data-rate={name}>
      <div className="rate-row-head">
        <span>{name}</span>
        <span className="rate-value">{formatPercent(value)}</span>
      </div>
      <progress className={`progress is-small ${colour}`} value={Math.max(0, Math.min(100, value))} max={100} aria-label={name}>
        {formatPercent(value)}
      </progress>
    </div>
  );
}

export function EmailPerformance({ stats }: { stats: DashboardStats | undefined }) {
  const titleId = useId();
  return (
    <section className="box dashboard-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Email Performance
      </h2>
      <RateBar name="Open Rate" value={stats?.open_rate ?? 0} colour="is-success" />
      <RateBar name="Reply Rate" value={stats?.reply_rate ?? 0} colour="is-info" />
      <RateBar name="Conversion Rate" value={stats?.conversion_rate ?? 0} colour="is-primary" />
    </section>
  );
}
