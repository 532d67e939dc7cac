// The website analysis of a lead: technical facts, issues and the first crawl log entries.
import defaults from '../../../../config/default.json';
import { ApiError, errorText } from '../../api/client.ts';
import type { LeadAnalysis } from '../../api/leads.ts';
import { formatWhen } from './leadFormat.ts';

const NO_ANALYSIS = 'No analysis data available';
const PREVIEW = defaults.leads.crawl_log_preview_entries;

interface Props {
  analysis: LeadAnalysis | undefined;
  error: unknown;
  isLoading: boolean;
  /** False while the lead is NEW: the analysis is not requested then. */
  requested: boolean;
}

/** '/contact' for a page URL, so the log stays readable on a phone; the full URL is its title. */
function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

export function LeadAnalysisPanel({ analysis, error, isLoading, requested }: Props) {
  let body;
  if (!requested || (error instanceof ApiError && error.status === 404)) body = <p className="has-text-grey">{NO_ANALYSIS}</p>;
  else if (error)
    body = (
      <div className="notification is-danger is-light" role="alert">
        {errorText(error, NO_ANALYSIS)}
      </div>
    );
  else if (isLoading || !analysis) body = <p className="has-text-grey">Loading analysis...</p>;
  else body = <AnalysisBody analysis={analysis} />;
  return (
    <section className="box" aria-label="Website analysis">
      <h2 className="title is-5">Website analysis</h2>
      {body}
    </section>
  );
}

function AnalysisBody({ analysis }: { analysis: LeadAnalysis }) {
  const facts: Array<[string, string]> = [
    ['SSL', yesNo(analysis.has_ssl)],
    ['Mobile responsive', yesNo(analysis.is_mobile_responsive)],
    ['E-commerce', analysis.has_ecommerce ? `Yes${analysis.ecommerce_platform ? ` (${analysis.ecommerce_platform})` : ''}` : yesNo(analysis.has_ecommerce)],
    ['Online booking', analysis.has_online_booking ? `Yes${analysis.booking_platform ? ` (${analysis.booking_platform})` : ''}` : yesNo(analysis.has_online_booking)],
    ['CMS', analysis.cms_platform ?? '—'],
    ['Contact form', yesNo(analysis.has_contact_form)],
    ['Live chat', yesNo(analysis.has_live_chat)],
    ['Analytics', yesNo(analysis.has_analytics)],
    ['Accessibility score', analysis.accessibility_score === null ? '—' : String(analysis.accessibility_score)],
    ['Unoptimized images', analysis.unoptimized_images_count === null ? '—' : String(analysis.unoptimized_images_count)],
    ['Analyzed', formatWhen(analysis.analyzed_at)],
  ];
  const log = analysis.crawl_log.slice(0, PREVIEW);
  return (
    <>
      <dl className="lead-fields analysis-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="lead-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="title is-6 mt-4">Technical issues</h3>
      {analysis.technical_issues.length ? (
        <ul className="issue-list">
          {analysis.technical_issues.map((issue, index) => (
            <li key={index}>{issue}</li>
          ))}
        </ul>
      ) : (
        <p className="has-text-grey">No technical issues found.</p>
      )}
      <h3 className="title is-6 mt-4">
        Crawl log <span className="has-text-grey is-size-7">(first {Math.min(PREVIEW, analysis.crawl_log.length)} of {analysis.crawl_log.length})</span>
      </h3>
      {log.length ? (
        <div className="table-container">
          <table className="table is-fullwidth is-narrow crawl-log">
            <thead>
              <tr>
                <th>Page</th>
                <th>Status</th>
                <th>Time</th>
                <th>Note</th>
              </tr>
            </thead>
            <tbody>
              {log.map((entry, index) => (
                <tr key={index}>
                  <td className="crawl-url" title={entry.url}>
                    {pagePath(entry.url)}
                  </td>
                  <td>{entry.status ?? '—'}</td>
                  <td className="is-nowrap">{entry.ms} ms</td>
                  <td>{entry.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="has-text-grey">No pages were fetched.</p>
      )}
    </>
  );
}
