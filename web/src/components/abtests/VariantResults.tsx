// A campaign's subject A/B test: per variant, the sample (sent), human opens and replies with
// their rates, machine opens apart, and whether the difference is significant.
import type { AbTestResults, Significance } from '../../../../src/core/model/ab-test.ts';
import { SUBJECT_STYLE_LABELS } from '../../../../src/core/model/subject-styles.ts';
import { formatCount } from '../../format.ts';

const rate = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);

function Verdict({ measure, s }: { measure: string; s: Significance }) {
  const tone = !s.enough_data ? 'is-light' : s.significant ? 'is-success is-light' : 'is-info is-light';
  return (
    <p className="ab-verdict is-size-7" data-measure={measure.toLowerCase()}>
      <span className="has-text-weight-semibold">{measure}:</span> <span className={`tag ${tone}`}>{s.label}</span>
    </p>
  );
}

export function VariantResults({ ab, compact = false }: { ab: AbTestResults; compact?: boolean }) {
  return (
    <div className={`ab-results${compact ? ' is-compact' : ''}`}>
      <table className="table is-narrow is-size-7 ab-table">
        <thead>
          <tr>
            <th>Variant</th>
            <th className="has-text-right">Sent</th>
            <th className="has-text-right">Opened</th>
            <th className="has-text-right">Replied</th>
            <th className="has-text-right" title="Opens by security scanners and privacy proxies: not counted as opens">
              Machine opens
            </th>
          </tr>
        </thead>
        <tbody>
          {ab.variants.map((v) => (
            <tr key={v.variant} data-variant={v.variant} className={ab.opens.winner === v.variant || ab.replies.winner === v.variant ? 'is-winner' : undefined}>
              <td>
                <strong>{v.variant}</strong> <span className="has-text-grey">{SUBJECT_STYLE_LABELS[v.style]}</span>
              </td>
              <td className="has-text-right ab-sent">{formatCount(v.sent)}</td>
              <td className="has-text-right ab-opened">
                {formatCount(v.opened)} <span className="has-text-grey">({rate(v.open_rate)})</span>
              </td>
              <td className="has-text-right ab-replied">
                {formatCount(v.replied)} <span className="has-text-grey">({rate(v.reply_rate)})</span>
              </td>
              <td className="has-text-right has-text-grey ab-machine">{formatCount(v.machine_opens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Verdict measure="Opens" s={ab.opens} />
      <Verdict measure="Replies" s={ab.replies} />
      <p className="is-size-7 has-text-grey">
        First emails only; opens are human opens. A verdict needs {formatCount(ab.min_sent_per_variant)} sent per variant.
      </p>
    </div>
  );
}
