import type { EmailStatus } from '../../api/emails.ts';
import { emailStatusColour } from './emailFormat.ts';

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <span className={`tag email-status ${emailStatusColour(status)} is-light`} data-status={status}>
      {status}
    </span>
  );
}
