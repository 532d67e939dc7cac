// The website analysis of a lead: every fact with its answer (Yes / No / Unknown) and its
// evidence on the same row, the business details read from the site, and the first crawl
// log entries. The findings have their own panel (FindingsPanel).
import type { ReactNode } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import type { Lead, LeadAnalysis } from '../../api/leads.ts';
import { FactList } from './AnalysisFacts.tsx';
import { CrawlLog } from './CrawlLog.tsx';
import { businessFacts, siteStateNotice, websiteFacts } from './evidence.ts';
import { formatWhen } from './leadFormat.ts';

export const NO_ANALYSIS = 'No analysis data available';

export interface AnalysisState {
  analysis: LeadAnalysis | undefined;
  error: unknown;
  isLoading: boolean;
  /** False while the lead is NEW: the analysis is not requested then. */
  requested: boolean;
}

/** What to show instead of the analysis while there is none (not analysed, an error, loading); null once it is here. */
function placeholder({ analysis, error, isLoading, requested }: AnalysisState): ReactNode {
  if (!requested || (error instanceof ApiError && error.status === 404)) return <p className="has-text-grey">{NO_ANALYSIS}</p>;
  if (error)
    return (
      <div className="notification is-danger is-light" role="alert">
        {errorText(error, NO_ANALYSIS)}
      </div>
    );
  if (isLoading || !analysis) return <p className="has-text-grey">Loading analysis...</p>;
  return null;
}

export function LeadAnalysisPanel({ lead, ...state }: AnalysisState & { lead?: Lead }) {
  const instead = placeholder(state);
  return (
    <section className="box" aria-label="Website analysis">
      <h2 className="title is-5">Website analysis</h2>
      {instead ?? (state.analysis ? <AnalysisBody analysis={state.analysis} lead={lead} /> : null)}
    </section>
  );
}

function AnalysisBody({ analysis, lead }: { analysis: LeadAnalysis; lead: Lead | undefined }) {
  const business = businessFacts(analysis, lead);
  let facts = websiteFacts(analysis);
  // A broken site was not judged: list the facts it could not show by name, not as rows of Unknown.
  const broken = siteStateNotice(analysis.site_state) !== null;
  const notJudged = broken ? facts.filter((f) => f.unknown && !f.proof) : [];
  if (broken) facts = facts.filter((f) => !notJudged.includes(f));
  return (
    <>
      <p className="is-size-7 has-text-grey mb-3">
        Analyzed {formatWhen(analysis.analyzed_at)}. "Unknown" means the crawl could not see enough to tell; it is never counted as "No".
      </p>
      {facts.length ? <FactList rows={facts} label="Website facts" /> : null}
      {notJudged.length ? (
        <p className="is-size-7 has-text-grey mt-2 not-judged">
          Not judged, because the home page only shows that the site is broken: {notJudged.map((f) => f.label).join(', ')}.
        </p>
      ) : null}
      {business.length ? (
        <>
          <h3 className="title is-6 mt-5">Business details</h3>
          <FactList rows={business} label="Business details" />
        </>
      ) : null}
      <CrawlLog log={analysis.crawl_log} />
    </>
  );
}
