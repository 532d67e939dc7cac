// Response Sentiment: the replies received in the period that carry a sentiment, as an SVG pie
// (accessible, one path per slice); an honest empty state while none is classified.
import { useId } from 'react';
import type { Analytics } from '../../api/analytics.ts';
import { formatCount } from '../../format.ts';

const SLICES = [
  { key: 'positive', label: 'Positive', colour: '#16a34a' },
  { key: 'neutral', label: 'Neutral', colour: '#94a3b8' },
  { key: 'negative', label: 'Negative', colour: '#dc2626' },
] as const;

const R = 80;
const C = 100;

function point(fraction: number): string {
  const angle = 2 * Math.PI * fraction - Math.PI / 2;
  return `${(C + R * Math.cos(angle)).toFixed(2)} ${(C + R * Math.sin(angle)).toFixed(2)}`;
}

function arc(from: number, to: number): string {
  // A single slice of the whole pie is a circle: two half arcs.
  if (to - from >= 1) return `M ${C} ${C - R} A ${R} ${R} 0 1 1 ${C} ${C + R} A ${R} ${R} 0 1 1 ${C} ${C - R} Z`;
  const large = to - from > 0.5 ? 1 : 0;
  return `M ${C} ${C} L ${point(from)} A ${R} ${R} 0 ${large} 1 ${point(to)} Z`;
}

export function SentimentPie({ sentiment, days }: { sentiment: Analytics['sentiment']; days: number }) {
  const titleId = useId();
  const total = sentiment.classified;
  let start = 0;
  const paths = SLICES.filter((s) => sentiment[s.key] > 0).map((slice) => {
    const from = start / total;
    start += sentiment[slice.key];
    return { ...slice, d: arc(from, start / total) };
  });
  const percent = (n: number) => `${Math.round((n / total) * 1000) / 10}%`;
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Response Sentiment
      </h2>
      {total === 0 ? (
        <div className="sentiment-empty has-text-centered py-5">
          <p className="has-text-weight-semibold">No replies classified yet</p>
          <p className="analytics-note">
            {sentiment.replies > 0 ? `${formatCount(sentiment.replies)} replies in the last ${days} days, none with a sentiment yet.` : `No replies in the last ${days} days.`}
          </p>
        </div>
      ) : (
        <>
          <div className="sentiment">
            <svg viewBox="0 0 200 200" className="sentiment-pie" role="img" aria-label={`Response Sentiment of ${total} classified replies`}>
              {paths.map((slice) => (
                <path key={slice.key} d={slice.d} fill={slice.colour} stroke="#fff" strokeWidth={2}>
                  <title>{`${slice.label}: ${sentiment[slice.key]} (${percent(sentiment[slice.key])})`}</title>
                </path>
              ))}
            </svg>
            <ul className="sentiment-legend">
              {SLICES.map((slice) => (
                <li key={slice.key} data-sentiment={slice.key}>
                  <span className="legend-swatch" style={{ background: slice.colour }} aria-hidden="true" />
                  <span>{slice.label}</span>
                  <span className="sentiment-value">{formatCount(sentiment[slice.key])}</span>
                  <span className="sentiment-share">{percent(sentiment[slice.key])}</span>
                </li>
              ))}
            </ul>
          </div>
          <p className="analytics-note">
            {formatCount(total)} classified of {formatCount(sentiment.replies)} replies received in the last {days} days.
          </p>
        </>
      )}
    </section>
  );
}
