// Campaign Comparison (all time, from the campaign counters): per campaign its query, leads, sent, open and reply rates with their
// counts, and conversions. Names and queries are plain text.
import { useId } from 'react';
import { formatCount } from '../../format.ts';
import { formatPercent } from '../dashboard/percent.ts';
import type { CampaignRow } from './formulas.ts';

export function CampaignComparison({ rows }: { rows: CampaignRow[] }) {
  const titleId = useId();
  return (
    <section className="box analytics-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-6">
        Campaign Comparison
      </h2>
      <div className="table-container">
        <table className="table is-fullwidth is-hoverable comparison-table">
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col" className="has-text-right">Leads</th>
              <th scope="col" className="has-text-right">Sent</th>
              <th scope="col" className="has-text-right">Open Rate</th>
              <th scope="col" className="has-text-right">Reply Rate</th>
              <th scope="col" className="has-text-right">Conversions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-campaign-id={row.id}>
                <td data-col="campaign">
                  <span className="comparison-name">{row.name}</span>
                  <span className="comparison-query">{row.query}</span>
                </td>
                <td data-col="leads" className="has-text-right">{formatCount(row.leads)}</td>
                <td data-col="sent" className="has-text-right">{formatCount(row.sent)}</td>
                <td data-col="open-rate" className="has-text-right">
                  {formatPercent(row.openRate)}
                  <span className="comparison-count">{formatCount(row.opened)} opened</span>
                </td>
                <td data-col="reply-rate" className="has-text-right">
                  {formatPercent(row.replyRate)}
                  <span className="comparison-count">{formatCount(row.replied)} replied</span>
                </td>
                <td data-col="conversions" className="has-text-right">{formatCount(row.conversions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
