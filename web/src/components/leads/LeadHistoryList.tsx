// A lead's history: emails (status, subject, recipient, quality and its parts) and
// interactions, newest first, with the summary counts.
import type { LeadHistory } from '../../api/leads.ts';
import { StatusBadge } from './LeadBadges.tsx';
import { QualityBreakdown, QualityScore } from './QualityBreakdown.tsx';
import { formatWhen, statusLabel } from './leadFormat.ts';

export function HistorySummary({ summary }: { summary: LeadHistory['summary'] }) {
  const items = [
    ['Total emails', summary.total_emails],
    ['Drafts', summary.draft_emails],
    ['Sent', summary.sent_emails],
    ['Interactions', summary.total_interactions],
  ] as const;
  return (
    <div className="history-summary">
      {items.map(([label, value]) => (
        <div key={label} className="history-count">
          <span className="lead-score-value">{value}</span>
          <span className="lead-score-label">{label}</span>
        </div>
      ))}
    </div>
  );
}

export function HistoryList({ activities }: { activities: LeadHistory['activities'] }) {
  if (!activities.length) return <p className="has-text-grey">No emails or interactions yet.</p>;
  return (
    <ul className="history-list">
      {activities.map((item) =>
        item.type === 'email' ? (
          <li key={`e${item.id}`} className="history-item history-email">
            <div className="history-line">
              <span className="tag is-white">Email</span>
              <StatusBadge status={item.status} />
              <QualityScore score={item.quality_score} />
              <span className="is-size-7 has-text-grey ml-auto">{formatWhen(item.sent_at ?? item.generated_at)}</span>
            </div>
            <p className="has-text-weight-semibold">{item.subject}</p>
            <p className="is-size-7 has-text-grey">To: {item.recipient_email}</p>
            <QualityBreakdown breakdown={item.quality_breakdown} />
          </li>
        ) : (
          <li key={`i${item.id}`} className="history-item history-interaction">
            <div className="history-line">
              <span className="tag is-white">{statusLabel(item.interaction_type)}</span>
              <span className="is-size-7 has-text-grey ml-auto">{formatWhen(item.created_at)}</span>
            </div>
            {item.description ? <p>{item.description}</p> : null}
          </li>
        ),
      )}
    </ul>
  );
}
