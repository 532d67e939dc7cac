// The analysed facts of a lead, one row each: the fact, its answer (Yes / No / Unknown, or the
// value) and, on the same row, the evidence behind it.
import { ProofLine } from './EvidenceParts.tsx';
import type { FactRow } from './evidence.ts';

export function FactList({ rows, label }: { rows: FactRow[]; label: string }) {
  return (
    <div className="fact-list" role="table" aria-label={label}>
      <div className="fact-row fact-row-head" role="row">
        <span role="columnheader">Fact</span>
        <span role="columnheader">Answer</span>
        <span role="columnheader">Evidence</span>
      </div>
      {rows.map((row) => (
        <div key={row.key} className="fact-row" role="row" data-fact={row.key}>
          <span className="fact-label" role="rowheader">
            {row.label}
          </span>
          <span className={`fact-answer ${row.unknown ? 'is-unknown' : ''}`} role="cell" title={row.unknown ? 'The crawl could not see enough to tell' : undefined}>
            {row.answer}
          </span>
          <span className="fact-proof" role="cell">
            <ProofLine proof={row.proof} />
          </span>
        </div>
      ))}
    </div>
  );
}
