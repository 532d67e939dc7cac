// Per day (UTC) over the period, in uPlot: emails sent, first opened by a person, first
// replied to, and replies classed as meeting requests.
import { useId, useMemo } from 'react';
import uPlot from 'uplot';
import type { Analytics } from '../../api/analytics.ts';
import { formatCount } from '../../format.ts';
import { CHART_HEIGHT } from './formulas.ts';
import { AXIS, COUNT_INCRS, UPlotChart, type ChartOptions } from './UPlotChart.tsx';

export const DAILY = [
  { key: 'sent', label: 'Sent', colour: '#2563eb' },
  { key: 'opened', label: 'Opened', colour: '#16a34a' },
  { key: 'replied', label: 'Replied', colour: '#7c3aed' },
  { key: 'meetings', label: 'Meetings', colour: '#d97706' },
] as const;

export function DailySeries({ series, days }: { series: Analytics['series']; days: number }) {
  const titleId = useId();
  const { options, data } = useMemo(() => {
    const options: ChartOptions = {
      height: CHART_HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [AXIS, { ...AXIS, incrs: COUNT_INCRS, values: (_u, splits) => splits.map((v) => formatCount(v)) }],
      series: [
        { label: 'Day (UTC)', value: '{YYYY}-{MM}-{DD}' },
        ...DAILY.map((s) => ({ label: s.label, stroke: s.colour, width: 2, points: { show: days <= 31, size: 5, fill: s.colour } })),
      ],
    };
    const data: uPlot.AlignedData = [series.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...DAILY.map((s) => series[s.key])];
    return { options, data };
  }, [series, days]);
  const total = (key: (typeof DAILY)[number]['key']) => series[key].reduce((a, b) => a + b, 0);
  return (
    <section className="box analytics-panel" aria-labelledby={titleId} data-chart="daily">
      <h2 id={titleId} className="title is-6">
        Per Day
      </h2>
      <p className="analytics-note mb-2">
        Last {days} days (UTC): {DAILY.map((s) => `${formatCount(total(s.key))} ${s.label.toLowerCase()}`).join(' · ')}. Meetings are replies classed as a meeting request.
      </p>
      <UPlotChart label={`Sends, opens, replies and meetings per day over the last ${days} days`} options={options} data={data} />
    </section>
  );
}
