// Campaign Performance (uPlot bars, height 300): per campaign, the period's sent, opened and
// replied emails and the deals won; names cut to 20 characters on the axis, whole in the legend.
import { useId, useMemo } from 'react';
import uPlot from 'uplot';
import type { Analytics } from '../../api/analytics.ts';
import { formatCount } from '../../format.ts';
import { CHART_HEIGHT, shortName } from './formulas.ts';
import { AXIS, COUNT_INCRS, UPlotChart, type ChartOptions } from './UPlotChart.tsx';

export const SERIES = [
  { key: 'sent', label: 'Sent', colour: '#2563eb' },
  { key: 'opened', label: 'Opened', colour: '#16a34a' },
  { key: 'replied', label: 'Replied', colour: '#7c3aed' },
  { key: 'won', label: 'Won', colour: '#d97706' },
] as const;

const GROUP = 0.8;

export function CampaignPerformance({ rows, days }: { rows: Analytics['campaigns']; days: number }) {
  const titleId = useId();
  const { options, data } = useMemo(() => {
    const width = GROUP / SERIES.length;
    const options: ChartOptions = {
      height: CHART_HEIGHT,
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, rows.length - 0.5)] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        {
          ...AXIS,
          grid: { show: false },
          splits: () => rows.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => shortName(rows[i]?.name ?? '')),
          rotate: rows.length > 3 ? -25 : 0,
          size: rows.length > 3 ? 90 : 40,
        },
        { ...AXIS, incrs: COUNT_INCRS, values: (_u, splits) => splits.map((v) => formatCount(v)) },
      ],
      series: [
        { label: 'Campaign', value: (_u, i) => (i == null ? '' : (rows[i]?.name ?? '')) },
        ...SERIES.map((s, k) => ({
          label: s.label,
          stroke: s.colour,
          fill: s.colour,
          points: { show: false },
          paths: uPlot.paths.bars!({
            disp: {
              x0: { unit: 1 as const, values: (u: uPlot) => (u.data[0] as number[]).map((x) => x - GROUP / 2 + k * width) },
              size: { unit: 1 as const, values: () => [width * 0.85] },
            },
          }),
        })),
      ],
      cursor: { points: { show: false }, drag: { x: false, y: false } },
    };
    const data: uPlot.AlignedData = [rows.map((_, i) => i), ...SERIES.map((s) => rows.map((r) => r[s.key]))];
    return { options, data };
  }, [rows]);
  return (
    <section className="box analytics-panel" aria-labelledby={titleId} data-chart="campaign-performance">
      <h2 id={titleId} className="title is-6">
        Campaign Performance
      </h2>
      <p className="analytics-note mb-2">Emails sent in the last {days} days, and of those opened and replied; deals moved to Won in the period.</p>
      {rows.length === 0 ? (
        <p className="has-text-grey analytics-empty-chart">No emails sent and no deal won in the last {days} days.</p>
      ) : (
        <>
          <UPlotChart label="Emails sent, opened and replied and deals won per campaign" options={options} data={data} />
          <div className="is-sr-only">
          <table data-table="campaign-performance">
            <caption>Campaign Performance, last {days} days</caption>
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col">{s.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-campaign-id={r.id}>
                  <th scope="row">{r.name}</th>
                  {SERIES.map((s) => (
                    <td key={s.key} data-col={s.key}>{r[s.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </>
      )}
    </section>
  );
}
