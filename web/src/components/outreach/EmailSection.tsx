// One of the four lists (Queued, Sent, Failed, Other): a title with its count (of the emails
// loaded so far) and a scrolling list of fixed maximum height; scrolling it to its end loads
// the next page of emails. In bulk mode each email has a checkbox.
import { RecipientCheckTag } from '../verification/RecipientCheck.tsx';
import type { EmailItem } from '../../api/emails.ts';
import { formatDateTime } from '../../format.ts';
import { useLoadMoreSentinel } from '../useLoadMoreSentinel.ts';
import { EmailStatusBadge } from './EmailStatusBadge.tsx';
import { emailSendTime } from './sendTime.ts';

interface EmailSectionProps {
  title: string;
  emails: EmailItem[];
  activeId: number | null;
  bulkMode: boolean;
  selected: ReadonlySet<number>;
  onOpen: (email: EmailItem) => void;
  onToggle: (id: number) => void;
  /** True when another page can be loaded now (there is one, and none is loading). */
  canLoadMore: boolean;
  onLoadMore: () => void;
}

function when(email: EmailItem): string {
  const goes = emailSendTime(email);
  if (goes) return `Goes ${goes}`;
  if (email.sent_at) return `Sent ${formatDateTime(email.sent_at)}`;
  return email.generated_at ? `Generated ${formatDateTime(email.generated_at)}` : '';
}

export function EmailSection({ title, emails, activeId, bulkMode, selected, onOpen, onToggle, canLoadMore, onLoadMore }: EmailSectionProps) {
  const sentinel = useLoadMoreSentinel(onLoadMore, canLoadMore);
  return (
    <section className="box email-section" aria-label={title}>
      <h2 className="email-section-title">
        <span>{title}</span>
        <span className="tag is-rounded email-section-count">{emails.length}</span>
      </h2>
      {emails.length ? (
        <ul className="email-list">
          {emails.map((email) => (
            <li key={email.id}>
              <div
                role="button"
                tabIndex={0}
                className={`email-item ${activeId === email.id ? 'is-active' : ''} ${selected.has(email.id) ? 'is-selected' : ''}`}
                data-email-id={email.id}
                aria-current={activeId === email.id ? 'true' : undefined}
                onClick={() => (bulkMode ? onToggle(email.id) : onOpen(email))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    if (bulkMode) onToggle(email.id);
                    else onOpen(email);
                  }
                }}
              >
                {bulkMode ? (
                  <input
                    type="checkbox"
                    className="email-check"
                    checked={selected.has(email.id)}
                    aria-label={`Select email to ${email.recipient_email || email.lead.hostname}`}
                    onClick={(event) => event.stopPropagation()}
                    onChange={() => onToggle(email.id)}
                  />
                ) : null}
                <div className="email-item-main">
                  <div className="email-item-line">
                    <span className="email-item-subject">
                      {email.step > 1 ? <span className="tag is-info is-light is-rounded email-item-step">Step {email.step}</span> : null}
                      {email.subject || 'No Subject'}
                    </span>
                    <EmailStatusBadge status={email.status} />
                  </div>
                  <div className="email-item-line is-size-7 has-text-grey">
                    <span className="email-item-to">
                      {email.recipient_email || 'No email address'} <RecipientCheckTag check={email.recipient_check} />
                    </span>
                    <span className="email-item-when">{when(email)}</span>
                  </div>
                </div>
              </div>
            </li>
          ))}
          <li ref={sentinel} className="email-list-end" aria-hidden="true" />
        </ul>
      ) : (
        <p className="is-size-7 has-text-grey">None</p>
      )}
    </section>
  );
}
