// The first entries of a lead's crawl log: page, HTTP status, time and note.
import defaults from '../../../../config/default.json';
import type { LeadAnalysis } from '../../api/leads.ts';
import { pagePath } from './evidence.ts';

const PREVIEW = defaults.leads.crawl_log_preview_entries;

export function CrawlLog({ log: all }: { log: LeadAnalysis['crawl_log'] }) {
  const log = all.slice(0, PREVIEW);
  return (
    <>
      <h3 className="title is-6 mt-5">
        Crawl log <span className="has-text-grey is-size-7">(first {Math.min(PREVIEW, all.length)} of {all.length})</span>
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
