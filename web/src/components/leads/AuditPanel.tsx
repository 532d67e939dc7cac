// The lead's site audit on Lead detail: the site on a phone and on a desktop side by side, the
// measured metrics coloured by their public bands (each linked to where the threshold is
// published), the conditions they were measured under, real users' figures when Google has
// them, and a link to check it all on PageSpeed Insights. An audit that could not run says
// why and shows no numbers; a metric that was not measured has no row.
import { useId } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { notAudited, useLeadAudit, useReportPreview, useScreenshot, type AuditFactView, type AuditMetricView, type AuditView, type Band, type FieldMetricView, type MeasuredAuditView } from '../../api/audits.ts';
import { formatDateTime } from '../../format.ts';
import './audit.css';

const BAND_LABELS: Record<Band, string> = { good: 'Good', needs_improvement: 'Needs improvement', poor: 'Poor' };
const SCORES = new Set(['performance', 'accessibility', 'best_practices', 'seo']);
const SCORE_NAMES: Record<string, string> = { performance: 'Performance', accessibility: 'Accessibility', best_practices: 'Best practices', seo: 'SEO' };

export function AuditPanel({ leadId }: { leadId: number }) {
  const { data, error, isLoading } = useLeadAudit(leadId);
  return (
    <section className="box audit-panel" aria-label="Site audit">
      <div className="audit-head">
        <h2 className="title is-5">Site audit</h2>
        {data?.pagespeed_url ? <PageSpeedLink href={data.pagespeed_url} /> : null}
        {data?.measured ? <ReportPageLink leadId={leadId} /> : null}
      </div>
      {data ? <AuditBody audit={data} /> : null}
      {!data && notAudited(error) ? <p className="has-text-grey audit-none">Not audited yet.</p> : null}
      {!data && error && !notAudited(error) ? (
        <p className="has-text-danger" role="alert">
          {errorText(error, 'Failed to load the site audit')}
        </p>
      ) : null}
      {!data && !error && isLoading ? <p className="has-text-grey">Loading the site audit...</p> : null}
    </section>
  );
}

/** The lead's own report page, as the first email links it; opening it here is a preview, not the lead's view. */
function ReportPageLink({ leadId }: { leadId: number }) {
  const { data } = useReportPreview(leadId);
  if (!data?.url) return null;
  return (
    <a className="button is-small is-light audit-report-link" href={data.url} target="_blank" rel="noopener noreferrer" title="A preview: opening it here is not counted as the lead's view">
      See the lead's report page
      <span aria-hidden="true" className="ml-1">
        ↗
      </span>
    </a>
  );
}

function PageSpeedLink({ href }: { href: string }) {
  return (
    <a className="button is-small is-link is-light audit-psi-link" href={href} target="_blank" rel="noopener noreferrer">
      Check it yourself on PageSpeed Insights
      <span aria-hidden="true" className="ml-1">
        ↗
      </span>
    </a>
  );
}

function AuditBody({ audit }: { audit: AuditView }) {
  if (!audit.measured && audit.chromium_missing) {
    // How to install it is said once, in Settings (and the feed), not on every lead.
    return (
      <p className="audit-not-measured" data-chromium-missing="true">
        Not measured: Chromium is not installed where the audit ran, so this lead was drafted from the crawl alone. <Link to="/settings">Settings</Link> says how to
        install it.
      </p>
    );
  }
  if (!audit.measured) return <p className="audit-not-measured">Not measured: {audit.reason}</p>;
  return <MeasuredAudit audit={audit} />;
}

function MeasuredAudit({ audit }: { audit: MeasuredAuditView }) {
  const scores = audit.metrics.filter((m) => SCORES.has(m.metric));
  const timings = audit.metrics.filter((m) => !SCORES.has(m.metric));
  return (
    <>
      <p className="audit-conditions">
        {audit.conditions}, {formatDateTime(audit.measured_at)}
      </p>
      <div className="audit-overview">
        <div className="audit-shots">
          <Shot path={audit.screenshots.mobile} kind="phone" caption="On a phone" />
          <Shot path={audit.screenshots.desktop} kind="desktop" caption="On a desktop" />
        </div>
        {scores.length ? (
          <ul className="audit-scores" aria-label="Lighthouse scores">
            {scores.map((m) => (
              <ScoreTile key={m.metric} metric={m} />
            ))}
          </ul>
        ) : null}
      </div>
      {timings.length ? (
        <>
          <h3 className="audit-subtitle">Lab measurements</h3>
          <MetricList metrics={timings} />
        </>
      ) : null}
      {audit.facts.length ? <FactList facts={audit.facts} /> : null}
      {audit.field && audit.field_metrics.length ? <FieldData label={audit.field.label} metrics={audit.field_metrics} /> : null}
    </>
  );
}

function Shot({ path, kind, caption }: { path: string | null; kind: 'phone' | 'desktop'; caption: string }) {
  const url = useScreenshot(path);
  let inside;
  if (!path) inside = <span className="audit-shot-empty">No screenshot</span>;
  else if (url === 'failed') inside = <span className="audit-shot-empty">Could not load the screenshot</span>;
  else if (url === null) inside = <span className="audit-shot-empty" aria-busy="true" />;
  else
    inside = (
      <a href={url} target="_blank" rel="noopener noreferrer" title="Open the full screenshot">
        <img src={url} alt={`The site ${caption.toLowerCase()}`} />
      </a>
    );
  return (
    <figure className={`audit-shot is-${kind}`} data-kind={kind}>
      <div className="audit-shot-frame">{inside}</div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

function BandTag({ band }: { band: Band }) {
  return <span className={`audit-band band-${band}`}>{BAND_LABELS[band]}</span>;
}

function ScoreTile({ metric }: { metric: AuditMetricView }) {
  return (
    <li className={`audit-score band-${metric.band}`} data-metric={metric.metric} data-band={metric.band} title={metric.sentence}>
      <span className="audit-score-value">{Math.round(metric.value)}</span>
      <span className="audit-score-name">{SCORE_NAMES[metric.metric] ?? metric.label}</span>
      <a className="audit-source" href={metric.source} target="_blank" rel="noopener noreferrer" title={`Lighthouse's bands: ${metric.threshold}`}>
        {BAND_LABELS[metric.band]}
      </a>
    </li>
  );
}

function MetricList({ metrics }: { metrics: AuditMetricView[] }) {
  return (
    <ul className="audit-metrics">
      {metrics.map((m) => (
        <li key={m.metric} className="audit-metric" data-metric={m.metric} data-band={m.band} title={m.sentence}>
          <span className="audit-metric-name">{m.label}</span>
          <span className={`audit-metric-value band-${m.band}`}>{m.display}</span>
          <BandTag band={m.band} />
          <a className="audit-source" href={m.source} target="_blank" rel="noopener noreferrer">
            {m.threshold}
          </a>
        </li>
      ))}
    </ul>
  );
}

function FactList({ facts }: { facts: AuditFactView[] }) {
  return (
    <dl className="audit-facts">
      {facts.map((f) => (
        <div key={f.id} className="audit-fact" data-fact={f.id} data-ok={f.ok === null ? undefined : String(f.ok)}>
          <dt>{f.label}</dt>
          <dd>{f.display}</dd>
        </div>
      ))}
    </dl>
  );
}

function FieldData({ label, metrics }: { label: string; metrics: FieldMetricView[] }) {
  const titleId = useId();
  return (
    <section className="audit-field" aria-labelledby={titleId}>
      <h3 className="audit-subtitle" id={titleId}>
        Real Chrome users, last 28 days
      </h3>
      <p className="audit-field-scope">
        {label.charAt(0).toUpperCase()}
        {label.slice(1)}: the 75th percentile of their visits, from Google's Chrome UX Report.
      </p>
      <ul className="audit-metrics">
        {metrics.map((m) => (
          <li key={m.metric} className="audit-metric" data-metric={m.metric} data-band={m.band}>
            <span className="audit-metric-name">{m.label}</span>
            <span className={`audit-metric-value band-${m.band}`}>{m.display}</span>
            <BandTag band={m.band} />
          </li>
        ))}
      </ul>
    </section>
  );
}
