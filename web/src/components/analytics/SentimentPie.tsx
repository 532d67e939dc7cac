// Response Sentiment: the spec's fixed 45/35/20 split drawn as an SVG pie. Replies are not
// sentiment-scored, so the panel says plainly that the split is illustrative.
import { useId } from 'react';
import { SENTIMENT } from './formulas.ts';

const SLICES = [
  { key: 'positive', label: 'Positive', colour: '#16a34a', value: SENTIMENT.positive },
  { key: 'neutral', label: 'Neutral', colour: '#94a3b8', value: SENTIMENT.neutral },
  { key: 'negative', label: 'Negative', colour: '#dc2626', value: SENTIMENT.negative },
];

const R = 80;
const C = 100;

function point(fraction: number): string {
  const angle = 2 * Math.PI * fraction - Math.PI / 2;
  return `${(C + R * Math.cos(angle)).toFixed(2)} ${(C + R * Math.sin(angle)).toFixed(2)}`;
}

function arc(from: number, to: number): string {
  const large = to - from > 0.5 ? 1 : 0;
  return `M ${C} ${C} L ${point(from)} A ${R} ${R} 0 ${large} 1 ${point(to)} Z`;
}

export function SentimentPie() {
  const titleId = useId();
  const total = SLICES.reduce((sum, s) => sum + s.value, 0);
  let start = 0;
  const paths = SLICES.map((slice) => {
    const from = start / total;
    start += slice.value;
    return { ...slice, d: arc(from, start / total) };
  });
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Response Sentiment
      </h2>
      <div className="sentiment">
        <svg viewBox="0 0 200 200" className="sentiment-pie" role="img" aria-label="Response Sentiment (illustrative)">
          {paths.map((slice) => (
            <path key={slice.key} d={slice.d} fill={slice.colour} stroke="#fff" strokeWidth={2}>
              <title>{`${slice.label}: ${slice.value}%`}</title>
            </path>
          ))}
        </svg>
        <ul className="sentiment-legend">
          {SLICES.map((slice) => (
            <li key={slice.key} data-sentiment={slice.key}>
              <span className="legend-swatch" style={{ background: slice.colour }} aria-hidden="true" />
              <span>{slice.label}</span>
              <span className="sentiment-value">{slice.value}%</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="analytics-note">Illustrative split — replies are not sentiment-scored yet</p>
    </section>
  );
}
