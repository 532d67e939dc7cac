// One item of the activity feed: type icon, message, optional details (website, subject,
// preview, up to 3 issues), time and the contact tag. Crawled text and AI output are
// untrusted: everything here renders as text, the website is not made a link.
import type { ActivityItem } from '../../api/activity.ts';
import { ActivityIcon } from './ActivityIcon.tsx';
import { RelativeTime } from './RelativeTime.tsx';

const MAX_ISSUES = 3;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

function Details({ details }: { details: ActivityItem['details'] }) {
  const website = text(details.website);
  const subject = text(details.subject);
  const preview = text(details.preview);
  const issues = Array.isArray(details.issues) ? details.issues.filter((issue): issue is string => typeof issue === 'string').slice(0, MAX_ISSUES) : [];
  if (!website && !subject && !preview && issues.length === 0) return null;
  return (
    <div className="activity-details">
      {website ? <p className="activity-website">{website}</p> : null}
      {subject ? (
        <p className="activity-subject">
          <span className="has-text-grey">Subject:</span> {subject}
        </p>
      ) : null}
      {preview ? (
        <p className="activity-preview">
          <span>{preview.replace(/\s+/g, ' ')}</span>
        </p>
      ) : null}
      {issues.length ? (
        <div className="activity-issues">
          <span className="has-text-grey">Issues found:</span>
          <ul>
            {issues.map((issue, index) => (
              <li key={index}>{issue}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function ActivityEntry({ item }: { item: ActivityItem }) {
  const emailFound = typeof item.details?.email_found === 'boolean' ? item.details.email_found : null;
  return (
    <li className={`activity-entry is-${item.status}`} data-activity-id={item.id} data-activity-type={item.activity_type}>
      <ActivityIcon type={item.activity_type} status={item.status} />
      <div className="activity-body">
        <div className="activity-head">
          <p className="activity-message">{item.message}</p>
          {emailFound === null ? null : (
            <span className={`tag is-light contact-tag ${emailFound ? 'is-success' : 'is-warning'}`}>{emailFound ? 'Has Contact' : 'No Contact'}</span>
          )}
        </div>
        {item.details ? <Details details={item.details} /> : null}
        <p className="activity-time">
          <RelativeTime value={item.timestamp} />
        </p>
      </div>
    </li>
  );
}
