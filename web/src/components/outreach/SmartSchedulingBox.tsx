// For a queued email: when it goes — one time, the server's: its scheduled time, else the next
// opening of its recipient's sending window — on the recipient's clock and the reader's, with
// what the recipient's time zone rests on.
import type { EmailItem } from '../../api/emails.ts';
import { emailSendTime } from './sendTime.ts';

export function SmartSchedulingBox({ email }: { email: EmailItem }) {
  const goes = emailSendTime(email);
  return (
    <div className="notification is-info is-light smart-scheduling">
      <p className="has-text-weight-semibold">Smart Scheduling</p>
      <p>This email is queued for optimal delivery time.</p>
      <p className="smart-next">{goes ? `Goes ${goes}` : 'Will be sent at the next optimal time'}</p>
      <p className="is-size-7 has-text-grey smart-zone">
        Recipient&apos;s time zone: {email.recipient_timezone} — {email.recipient_timezone_source}
      </p>
    </div>
  );
}
