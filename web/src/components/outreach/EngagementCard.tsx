// Opens and clicks of one email. Opened details only once it was sent and opened; opens
// and clicks by security scanners are counted apart (they are not people).
import type { EmailItem } from '../../api/emails.ts';
import { formatDateTime } from '../../format.ts';
import { isSentStatus, times } from './emailFormat.ts';

export function EngagementCard({ email }: { email: EmailItem }) {
  const sent = isSentStatus(email.status) || Boolean(email.sent_at);
  const machineViews = email.machine_report_view_count ?? 0;
  const machine = email.machine_open_count + email.machine_click_count + machineViews;
  return (
    <section className="card email-engagement" aria-label="Engagement">
      <div className="card-content">
        <h3 className="title is-6 mb-3">Engagement</h3>
        {sent && email.opened_at ? <p className="email-opened">Opened {formatDateTime(email.opened_at)}</p> : null}
        {email.replied_at ? <p className="email-replied">Replied {formatDateTime(email.replied_at)}</p> : null}
        <dl className="email-meta">
          <div className="email-meta-item">
            <dt>Opens</dt>
            <dd className="email-open-count">{times(email.open_count)}</dd>
          </div>
          <div className="email-meta-item">
            <dt>Clicks</dt>
            <dd className="email-click-count">{times(email.click_count)}</dd>
          </div>
          <div className="email-meta-item">
            <dt>Report page views</dt>
            <dd className="email-report-view-count">{times(email.report_view_count ?? 0)}</dd>
          </div>
        </dl>
        {machine ? (
          <p className="is-size-7 has-text-grey mt-2 email-machine">
            Not counted: {email.machine_open_count} opens{machineViews ? `, ${email.machine_click_count} clicks and ${machineViews} report page view${machineViews === 1 ? '' : 's'}` : ` and ${email.machine_click_count} clicks`} by security scanners or privacy proxies.
          </p>
        ) : null}
      </div>
    </section>
  );
}
