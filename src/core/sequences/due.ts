// THE answer to "when is step N due": the step before's sent time plus its delay in business
// days, then moved into the sending window, both on the recipient's clock (the lead's zone,
// else the server's: nextSendTime). Every caller (the sender recording a send, the follow-up
// writer, Lead detail, the CLI) asks this one function.
import { nextSendTime, zoneOrServer, type SendingWindow } from '../scheduling/windows.ts';
import { addBusinessDays } from './business-days.ts';

export interface DueInput {
  /** When the step before this one was sent. */
  previousSentAt: Date;
  /** This step's delay, in business days. */
  businessDays: number;
  windows: SendingWindow[];
  /** The recipient's zone; null or absent: the server's. */
  timezone?: string | null;
}

export function stepDueAt({ previousSentAt, businessDays, windows, timezone = null }: DueInput): Date {
  return nextSendTime(addBusinessDays(previousSentAt, businessDays, zoneOrServer(timezone)), windows, timezone);
}
