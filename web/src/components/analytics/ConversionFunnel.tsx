// Conversion Funnel: Leads, Analyzed, Sent, Opened, Clicked, Replied. Analyzed and Clicked are
// the spec's fixed shares (80 % of leads, 40 % of opens), drawn hatched and marked 'estimate'.
import { useId } from 'react';
import type { DashboardStats } from '../../api/dashboard.ts';
import { BarChart } from './BarChart.tsx';
import { CHART_HEIGHT, funnel } from './formulas.ts';

export function ConversionFunnel({ stats }: { stats: DashboardStats }) {
  const titleId = useId();
  const steps = funnel(stats);
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Conversion Funnel
      </h2>
      <BarChart
        label="Conversion funnel from leads to replies"
        height={CHART_HEIGHT}
        categories={steps.map((s) => ({ label: s.label, sub: s.estimate ? 'estimate' : undefined }))}
        series={[{ name: 'Count', colour: '#2563eb', values: steps.map((s) => s.value), estimates: steps.map((s) => s.estimate) }]}
      />
      <p className="analytics-note">Hatched bars are estimates: Analyzed is 80% of leads, Clicked is 40% of opens.</p>
    </section>
  );
}
