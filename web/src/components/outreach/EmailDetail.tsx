// The sticky right-hand panel: the selected email in full (as plain text), its lead,
// times, engagement and — for a queued email — Send Now and the Smart Scheduling box.
import { RecipientCheckTag } from '../verification/RecipientCheck.tsx';
import { Link } from 'react-router';
import type { Campaign } from '../../api/campaigns.ts';
import type { EmailItem } from '../../api/emails.ts';
import { formatDateTime } from '../../format.ts';
import { EmailStatusBadge } from './EmailStatusBadge.tsx';
import { EmailThread, stepLabel } from './EmailThread.tsx';
import { EngagementCard } from './EngagementCard.tsx';
import { SmartSchedulingBox } from './SmartSchedulingBox.tsx';

interface EmailDetailProps {
  email: EmailItem | null;
  campaign: Campaign | undefined;
  sending: boolean;
  onSendNow: (email: EmailItem) => void;
}

export function EmailDetail({ email, campaign, sending, onSendNow }: EmailDetailProps) {
  return (
    <aside className="email-detail" aria-label="Email details">
      <p className="is-size-7 has-text-grey mb-2 email-detail-hint">Email content follows your scroll</p>
      {email ? (
        <SelectedEmail email={email} campaign={campaign} sending={sending} onSendNow={onSendNow} />
      ) : (
        <div className="box has-text-centered py-6 email-detail-empty">
          <p className="title is-5">Select an email to view</p>
          <p className="has-text-grey">Choose an email from the list to see its full content</p>
        </div>
      )}
    </aside>
  );
}

function Meta({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`email-meta-item${wide ? ' is-wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

function SelectedEmail({ email, campaign, sending, onSendNow }: { email: EmailItem; campaign: Campaign | undefined; sending: boolean; onSendNow: (email: EmailItem) => void }) {
  const showError = (email.status === 'FAILED' || email.status === 'CANCELLED' || email.status === 'BOUNCED') && email.last_error;
  return (
    <div className="box email-detail-box" data-email-id={email.id}>
      <header className="email-detail-head">
        <h2 className="title is-5 email-detail-subject">{email.subject || 'No Subject'}</h2>
        <EmailStatusBadge status={email.status} />
      </header>
      <Link to={`/leads/${email.lead.id}`} className="email-detail-lead">
        {email.lead.company_name || email.lead.hostname}
      </Link>
      <dl className="email-meta">
        <Meta label="To" value={email.recipient_email || 'No email address'} wide />
        <div className="email-meta-item is-wide">
          <dt>Address check</dt>
          <dd>
            <RecipientCheckTag check={email.recipient_check} /> {email.recipient_check ? <span className="is-size-7">{email.recipient_check.reason}</span> : null}
          </dd>
        </div>
        <Meta label="Campaign" value={campaign?.name ?? (email.campaign_id ? `#${email.campaign_id}` : 'No campaign')} />
        <Meta label="Step" value={stepLabel(email.step, campaign?.sequence.steps)} />
        <Meta label="Generated" value={formatDateTime(email.generated_at)} />
        <Meta label="Sent" value={formatDateTime(email.sent_at)} />
        {email.scheduled_send_time && !email.sent_at && email.status !== 'QUEUED' ? <Meta label="Scheduled send time" value={formatDateTime(email.scheduled_send_time)} wide /> : null}
      </dl>
      {showError ? (
        <div className="notification is-danger is-light email-detail-error" role="note">
          <strong>Last error:</strong> {email.last_error}
        </div>
      ) : null}
      {email.status === 'QUEUED' ? (
        <div className="email-detail-queued">
          <button type="button" className={`button is-primary ${sending ? 'is-loading' : ''}`} onClick={() => onSendNow(email)} disabled={sending}>
            Send Now
          </button>
          <SmartSchedulingBox email={email} />
        </div>
      ) : null}
      <EmailThread id={email.id} step={email.step} />
      <pre className="email-detail-body">{email.body}</pre>
      <EngagementCard email={email} />
    </div>
  );
}
