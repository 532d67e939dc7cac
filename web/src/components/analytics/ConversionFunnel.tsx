// Conversion Funnel: the leads discovered in the period and how many of them reached each stage,
// every bar a count (an accessible SVG: uPlot draws series over an axis, not a funnel of steps).
import { useId } from 'react';
import type { Analytics } from '../../api/analytics.ts';
import { BarChart } from './BarChart.tsx';
import { CHART_HEIGHT } from './formulas.ts';

const share = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : undefined);

export function ConversionFunnel({ funnel, days }: { funnel: Analytics['funnel']; days: number }) {
  const titleId = useId();
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Conversion Funnel
      </h2>
      <BarChart
        label="Conversion funnel from discovered leads to won deals"
        height={CHART_HEIGHT}
        categories={funnel.map((s, i) => ({ label: s.label, title: s.label, sub: i > 0 ? share(s.count, funnel[i - 1].count) : undefined }))}
        series={[{ name: 'Leads', colour: '#2563eb', values: funnel.map((s) => s.count) }]}
      />
      <p className="analytics-note">
        Leads discovered in the last {days} days and how many reached each stage; under each bar, its share of the stage before. Opened and clicked count people, not scanners.
      </p>
    </section>
  );
}
