// 'Service Usage (Last 30 Days)': per service, total operations, cost and a count per operation.
import { useId } from 'react';
import type { UsageSummary } from '../../api/usage.ts';
import { formatCount, formatUsd } from '../../format.ts';
import { SERVICE_LABELS } from './status.tsx';

const ORDER = Object.keys(SERVICE_LABELS);
const rank = (service: string) => (ORDER.includes(service) ? ORDER.indexOf(service) : ORDER.length);

export function ServiceUsage({ summary, days }: { summary: UsageSummary | undefined; days: number }) {
  const titleId = useId();
  const services = summary ? Object.entries(summary.by_service).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)) : [];
  return (
    <section className="box usage-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Service Usage (Last {days} Days)
      </h2>
      {summary && services.length === 0 ? <p className="has-text-grey">No usage recorded in the last {days} days.</p> : null}
      {!summary ? <p className="has-text-grey">Loading usage...</p> : null}
      <div className="service-usage-list">
        {services.map(([service, usage]) => (
          <article key={service} className="service-usage" data-service={service}>
            <div className="service-usage-head">
              <span className="has-text-weight-semibold">{SERVICE_LABELS[service] ?? service}</span>
              <span className="is-size-7 has-text-grey">{service}</span>
            </div>
            <p className="service-usage-totals">
              <span>
                <strong data-testid="service-count">{formatCount(usage.count)}</strong> {usage.count === 1 ? 'operation' : 'operations'}
              </span>
              <span className="has-text-grey">{formatUsd(usage.cost, 4)}</span>
            </p>
            <div className="tags">
              {Object.entries(usage.operations).map(([operation, count]) => (
                <span key={operation} className="tag is-light" data-operation={operation}>
                  {operation}: {formatCount(count)}
                </span>
              ))}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
