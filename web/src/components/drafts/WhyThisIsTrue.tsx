// "Why this is true": the findings a draft states, each with the evidence the analysis holds
// for it (GET /api/leads/{lead_id}/analysis) or the site audit measured (GET …/audit, read as
// the draft stage reads it), then what the claim checker found wrong and the sentences it
// removed. All crawled and written text is rendered as text.
import { auditFindings } from '../../../../src/core/audit/findings.ts';
import { useLeadAudit } from '../../api/audits.ts';
import { useLeadAnalysis } from '../../api/leads.ts';
import { FindingItem } from '../leads/FindingsList.tsx';
import type { Finding } from '../leads/evidence.ts';
import { kindLabel, type DraftReview } from './draftReview.ts';

export function WhyThisIsTrue({ leadId, review }: { leadId: number; review: DraftReview | undefined }) {
  const { data: analysis, error, isLoading } = useLeadAnalysis(leadId);
  // The measured findings a draft may state ("takes 19.2 s on a phone") come from the audit, as the draft stage took them.
  const { data: audit, isLoading: auditLoading } = useLeadAudit(leadId);
  if (!review || (isLoading && !analysis) || (auditLoading && !audit)) return <p className="has-text-grey is-size-7">Loading evidence...</p>;
  const findings: Finding[] = [...(analysis?.findings ?? []), ...(audit?.measured ? (auditFindings({ ...audit, screenshots: {} }) as Finding[]) : [])];
  const byId = new Map(findings.map((finding) => [finding.id as string, finding]));
  const missing = review.stated.filter((id) => !byId.has(id));
  return (
    <div className="why-true">
      {!review.checked ? (
        <p className="has-text-grey is-size-7">This draft was written before claims were checked: there is no record of what it states about the site.</p>
      ) : review.stated.length === 0 ? (
        <p className="has-text-grey is-size-7">This draft states nothing about the site, so there is nothing to prove.</p>
      ) : (
        <ul className="finding-list">
          {review.stated
            .filter((id) => byId.has(id))
            .map((id) => (
              <FindingItem key={id} finding={byId.get(id) as Finding} />
            ))}
        </ul>
      )}
      {error && review.stated.length ? <p className="help is-danger">Could not load the lead's analysis to show the evidence.</p> : null}
      {!error && analysis && missing.length ? (
        <p className="help is-danger">Stated but no longer in the lead's analysis: {missing.join(', ')}</p>
      ) : null}
      <CheckerNotes review={review} />
    </div>
  );
}

/** What the claim checker objected to, and the sentences it took out. */
function CheckerNotes({ review }: { review: DraftReview }) {
  if (!review.problems.length && !review.removed.length) return null;
  return (
    <div className="checker-notes">
      {review.problems.length ? (
        <>
          <p className="checker-title">Claim checker problems</p>
          <ul className="checker-list">
            {review.problems.map((problem, index) => (
              <li key={index} className="checker-problem">
                <span className="tag is-danger is-light">{kindLabel(problem.kind)}</span>
                {problem.sentence ? <q className="checker-sentence">{problem.sentence}</q> : null}
                {problem.reason ? <span className="has-text-grey"> — {problem.reason}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {review.removed.length ? (
        <>
          <p className="checker-title">Removed by the checker</p>
          <ul className="checker-list">
            {review.removed.map((sentence, index) => (
              <li key={index} className="checker-removed">
                <s>{sentence}</s>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
