// What the analysis found wrong with the lead's site: the only claims an email may make, each
// with its evidence and measured value. Also the notice for a site whose home page only shows
// that it is broken.
import { FindingsList } from './FindingsList.tsx';
import type { AnalysisState } from './LeadAnalysisPanel.tsx';
import { siteStateNotice } from './evidence.ts';
import type { LeadAnalysis } from '../../api/leads.ts';

export function SiteStateNotice({ analysis }: { analysis: LeadAnalysis | undefined }) {
  const text = siteStateNotice(analysis?.site_state);
  if (!text) return null;
  return (
    <div className="notification is-warning is-light site-state-notice" role="status" data-site-state={analysis?.site_state}>
      <strong>Site is broken.</strong> {text}
    </div>
  );
}

export function FindingsPanel({ analysis, isLoading, requested }: AnalysisState) {
  const waiting = requested && isLoading && !analysis;
  return (
    <section className="box" aria-label="Findings">
      <h2 className="title is-5">
        Findings {analysis ? <span className="tag is-light ml-1">{(analysis.findings ?? []).length}</span> : null}
      </h2>
      {analysis ? <FindingsBody analysis={analysis} /> : <p className="has-text-grey">{waiting ? 'Loading findings...' : 'No findings: the site has not been analysed.'}</p>}
    </section>
  );
}

function FindingsBody({ analysis }: { analysis: LeadAnalysis }) {
  const findings = analysis.findings ?? [];
  if (findings.length)
    return (
      <>
        <p className="is-size-7 has-text-grey mb-3">What the analysis found wrong, with the evidence for each. Emails may only say these things about the site.</p>
        <FindingsList findings={findings} />
      </>
    );
  // An analysis from before findings carried evidence: only the issue texts are known.
  if (analysis.technical_issues.length)
    return (
      <>
        <p className="is-size-7 has-text-grey mb-2">This analysis predates evidence-backed findings; re-analyse the lead to see the proof.</p>
        <ul className="issue-list">
          {analysis.technical_issues.map((issue, index) => (
            <li key={index}>{issue}</li>
          ))}
        </ul>
      </>
    );
  return <p className="has-text-grey">The analysis found nothing wrong that it could prove.</p>;
}
