// Cost Summary: today, this month (est. — equal to today's cost), the last 30 days and
// the average per day, with the spec's decimals (4, 4, 2, 3).
import { useId } from 'react';
import type { UsageSummary, UsageToday } from '../../api/usage.ts';
import { formatUsd } from '../../format.ts';

interface CostSummaryProps {
  today: UsageToday | undefined;
  summary: UsageSummary | undefined;
  days: number;
}

export function CostSummary({ today, summary, days }: CostSummaryProps) {
  const titleId = useId();
  const todayCost = today?.total_cost_today_usd;
  const periodCost = summary?.total_cost_usd;
  const rows: [string, string][] = [
    ['Today', todayCost === undefined ? '—' : formatUsd(todayCost, 4)],
    ['This Month (est.)', todayCost === undefined ? '—' : formatUsd(todayCost, 4)],
    [`Last ${days} Days`, periodCost === undefined ? '—' : formatUsd(periodCost, 2)],
    ['Average/Day', periodCost === undefined ? '—' : formatUsd(periodCost / days, 3)],
  ];
  return (
    <section className="box usage-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Cost Summary
      </h2>
      <dl className="usage-costs">
        {rows.map(([label, value]) => (
          <div key={label} className="usage-cost-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="is-size-7 has-text-grey mt-3">Costs are estimates from the list prices in the configuration.</p>
    </section>
  );
}
