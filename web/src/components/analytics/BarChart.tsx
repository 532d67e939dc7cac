// A small SVG bar chart: one or more series per category, a y axis with round ticks,
// category labels (rotated when they do not fit) and a tooltip per bar. It scrolls
// sideways rather than squeezing bars below a readable width. Labels are text nodes.
import { formatCount } from '../../format.ts';
import { useWidth } from './useWidth.ts';

export interface BarCategory {
  label: string;
  /** Second label line, e.g. a share of the step before. */
  sub?: string;
  /** Full name for the tooltip when the label is shortened. */
  title?: string;
}

export interface BarSeries {
  name: string;
  colour: string;
  values: number[];
}

interface Props {
  categories: BarCategory[];
  series: BarSeries[];
  height: number;
  label: string;
}

const LEFT = 44;
const RIGHT = 8;
const TOP = 18;
const MIN_BAR = 12;
const MAX_BAR = 56;
const CHAR_PX = 6.4;

function ticksFor(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const step = Math.max(1, (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude);
  const ticks: number[] = [];
  for (let t = 0; t <= max + step - 1e-9; t += step) ticks.push(t);
  return ticks;
}

export function BarChart({ categories, series, height, label }: Props) {
  const [ref, available] = useWidth<HTMLDivElement>();
  const perSlot = series.length;
  const minSlot = perSlot * MIN_BAR + 16;
  const width = Math.max(available, LEFT + RIGHT + categories.length * minSlot);
  const count = Math.max(1, categories.length);
  // Upright, the sub-label sits on a second line; rotated, it follows the label.
  const widest = Math.max(0, ...categories.map((c) => Math.max(c.label.length, c.sub?.length ?? 0)));
  const rotate = widest * CHAR_PX + 8 > (width - LEFT - RIGHT) / count;
  const longest = Math.max(0, ...categories.map((c) => c.label.length + (c.sub ? c.sub.length + 1 : 0)));
  // Rotated labels hang down-left from their bar: leave room for the first one.
  const left = rotate ? Math.max(LEFT, Math.ceil(longest * CHAR_PX * 0.77 - (width - LEFT - RIGHT) / count / 2 + 6)) : LEFT;
  const slot = (width - left - RIGHT) / count;
  const twoLines = categories.some((c) => c.sub);
  const bottom = rotate ? Math.min(110, Math.ceil(longest * CHAR_PX * 0.72) + 18) : twoLines ? 38 : 24;
  const plotH = height - TOP - bottom;
  const ticks = ticksFor(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1];
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const barW = Math.min(MAX_BAR, (slot * 0.72) / perSlot);
  const groupW = barW * perSlot;

  return (
    <div className="bar-chart" ref={ref}>
      {available > 0 ? (
        <svg width={width} height={height} role="img" aria-label={label} className="bar-chart-svg">
          {ticks.map((t) => (
            <g key={t} className="bar-chart-tick">
              <line x1={left} x2={width - RIGHT} y1={y(t)} y2={y(t)} />
              <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                {formatCount(t)}
              </text>
            </g>
          ))}
          {categories.map((category, i) => {
            const x0 = left + i * slot + (slot - groupW) / 2;
            const cx = left + i * slot + slot / 2;
            return (
              <g key={i} data-category={category.title ?? category.label}>
                {series.map((s, j) => {
                  const value = s.values[i] ?? 0;
                  const h = Math.max(0, y(0) - y(value));
                  const bx = x0 + j * barW + 1;
                  return (
                    <g key={s.name} style={{ color: s.colour }}>
                      <rect x={bx} y={y(value)} width={Math.max(1, barW - 2)} height={h} rx={2} fill={s.colour} stroke={s.colour} className="bar-chart-bar">
                        <title>{`${category.title ?? category.label} · ${s.name}: ${formatCount(value)}`}</title>
                      </rect>
                      {barW >= 14 ? (
                        <text x={bx + (barW - 2) / 2} y={y(value) - 4} textAnchor="middle" className="bar-chart-value">
                          {formatCount(value)}
                        </text>
                      ) : null}
                    </g>
                  );
                })}
                {rotate ? (
                  <text className="bar-chart-label" transform={`translate(${cx},${y(0) + 12}) rotate(-40)`} textAnchor="end">
                    {category.label}
                    {category.sub ? <tspan className="bar-chart-sub">{` ${category.sub}`}</tspan> : null}
                  </text>
                ) : (
                  <text className="bar-chart-label" x={cx} y={y(0) + 16} textAnchor="middle">
                    {category.label}
                    {category.sub ? (
                      <tspan x={cx} dy="1.2em" className="bar-chart-sub">
                        {category.sub}
                      </tspan>
                    ) : null}
                  </text>
                )}
              </g>
            );
          })}
          <line className="bar-chart-axis" x1={left} x2={width - RIGHT} y1={y(0)} y2={y(0)} />
        </svg>
      ) : (
        <div style={{ height }} />
      )}
    </div>
  );
}
