// When a queued email goes, on the recipient's clock and this browser's: one time per email,
// the server's (send_at: its scheduled time, else its recipient's next window).
import type { EmailItem } from '../../api/emails.ts';
import { twoZoneTime } from '../../../../src/core/scheduling/send-time-text.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tue 10:00 in Denver · 18:00 your time", or null when the email is not waiting to go. */
export function emailSendTime(email: EmailItem, now = Date.now()): string | null {
  if (email.status !== 'QUEUED' || !email.send_at) return null;
  if (Date.parse(email.send_at) <= now) return `now (its window is open in ${email.recipient_timezone.split('/').pop()!.replace(/_/g, ' ')})`;
  return twoZoneTime(email.send_at, email.recipient_timezone, browserZone(), now);
}
