// Campaign Performance: sent, opened and replied per campaign, names cut to 20 characters.
import { useId } from 'react';
import { BarChart } from './BarChart.tsx';
import { CHART_HEIGHT, shortName, type CampaignRow } from './formulas.ts';

export const SERIES_COLOURS = { sent: '#2563eb', opened: '#16a34a', replied: '#7c3aed' };

export function CampaignPerformance({ rows }: { rows: CampaignRow[] }) {
  const titleId = useId();
  const series = [
    { name: 'Sent', colour: SERIES_COLOURS.sent, values: rows.map((r) => r.sent) },
    { name: 'Opened', colour: SERIES_COLOURS.opened, values: rows.map((r) => r.opened) },
    { name: 'Replied', colour: SERIES_COLOURS.replied, values: rows.map((r) => r.replied) },
  ];
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Campaign Performance
      </h2>
      <ul className="chart-legend">
        {series.map((s) => (
          <li key={s.name}>
            <span className="legend-swatch" style={{ background: s.colour }} aria-hidden="true" />
            {s.name}
          </li>
        ))}
      </ul>
      <BarChart
        label="Emails sent, opened and replied per campaign"
        height={CHART_HEIGHT}
        categories={rows.map((r) => ({ label: shortName(r.name), title: r.name }))}
        series={series}
      />
    </section>
  );
}
