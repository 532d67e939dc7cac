// The lead page's Emails and Interactions sections.
import type { Interaction, LeadEmail } from '../../api/leads.ts';
import { StatusBadge } from './LeadBadges.tsx';
import { QualityBreakdown, QualityScore } from './QualityBreakdown.tsx';
import { formatWhen, statusLabel } from './leadFormat.ts';

export function EmailsPanel({ emails }: { emails: LeadEmail[] | undefined }) {
  return (
    <section className="box" aria-label="Emails">
      <h2 className="title is-5">Emails</h2>
      {!emails ? <p className="has-text-grey">Loading emails...</p> : null}
      {emails && !emails.length ? <p className="has-text-grey">No emails for this lead yet.</p> : null}
      <ul className="history-list">
        {emails?.map((email) => (
          <li key={email.id} className="history-item">
            <div className="history-line">
              <StatusBadge status={email.status} />
              <QualityScore score={email.quality_score} />
              <span className="is-size-7 has-text-grey ml-auto">{formatWhen(email.sent_at ?? email.generated_at ?? email.created_at)}</span>
            </div>
            <p className="has-text-weight-semibold">{email.subject}</p>
            <p className="is-size-7 has-text-grey">To: {email.recipient_email}</p>
            <pre className="email-body">{email.body}</pre>
            <QualityBreakdown breakdown={email.quality_breakdown} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InteractionsPanel({ interactions }: { interactions: Interaction[] | undefined }) {
  return (
    <section className="box" aria-label="Interactions">
      <h2 className="title is-5">Interactions</h2>
      {!interactions ? <p className="has-text-grey">Loading interactions...</p> : null}
      {interactions && !interactions.length ? <p className="has-text-grey">No interactions yet.</p> : null}
      <ul className="history-list">
        {interactions?.map((item) => (
          <li key={item.id} className="history-item">
            <div className="history-line">
              <span className="tag is-white">{statusLabel(item.interaction_type)}</span>
              <span className="is-size-7 has-text-grey ml-auto">{formatWhen(item.created_at)}</span>
            </div>
            {item.description ? <p>{item.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
