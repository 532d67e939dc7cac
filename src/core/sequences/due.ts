// THE answer to "when is step N due": the step before's sent time plus its delay in business
// days, then moved into the sending window. Every caller (the sender recording a send, the
// follow-up writer, Lead detail, the CLI) asks this one function, so where windows are read
// (the operator's zone today; the recipient's zone later) changes in one place.
import { localTimezone, nextWindowStart, type SendingWindow } from '../scheduling/windows.ts';
import { addBusinessDays } from './business-days.ts';

export interface DueInput {
  /** When the step before this one was sent. */
  previousSentAt: Date;
  /** This step's delay, in business days. */
  businessDays: number;
  windows: SendingWindow[];
  timezone?: string;
}

export function stepDueAt({ previousSentAt, businessDays, windows, timezone = localTimezone() }: DueInput): Date {
  return nextWindowStart(addBusinessDays(previousSentAt, businessDays, timezone), windows, timezone);
}
