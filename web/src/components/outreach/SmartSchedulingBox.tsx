// For a queued email: it waits for the optimal delivery time, shown as the campaign's next
// optimal send time when known.
import { format, isValid, parseISO } from 'date-fns';
import { useCampaignSendTime, type EmailItem } from '../../api/emails.ts';

function dateAndTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? `${format(date, 'EEEE, MMM d, yyyy')} at ${format(date, 'h:mm a')}` : null;
}

export function SmartSchedulingBox({ email }: { email: EmailItem }) {
  const { data } = useCampaignSendTime(email.campaign_id);
  const next = dateAndTime(data?.next_send_time);
  return (
    <div className="notification is-info is-light smart-scheduling">
      <p className="has-text-weight-semibold">Smart Scheduling</p>
      <p>This email is queued for optimal delivery time.</p>
      <p className="smart-next">{next ? `Campaign's next optimal send time: ${next}` : 'Will be sent at the next optimal time'}</p>
      {data ? (
        <p className="is-size-7 has-text-grey">
          {data.day}s at {data.time} ({data.timezone}) · {Math.round(data.confidence * 100)}% confidence · {data.reasoning}
        </p>
      ) : null}
    </div>
  );
}
