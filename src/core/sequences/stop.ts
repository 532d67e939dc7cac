// THE rule for when a lead's sequence stops: checked before a follow-up is written, again
// right after the sender claims one (so a reply that arrives first always wins), and for the
// follow-ups waiting in Drafts or the queue. Each answer says why, in words an operator reads.
import type { EmailStatus } from '../emails/status.ts';
import type { SuppressionReason } from '../emails/suppression.ts';
import type { LeadStatus } from '../model/lead.ts';

export interface StopFacts {
  leadStatus: LeadStatus;
  /** A stop recorded on the lead (its status changed by hand, an auto-reply saying the person left). */
  leadStopReason: string | null;
  /** The recipient's suppression, if the address (or its domain) is on the list. */
  suppression: SuppressionReason | null;
  /** The statuses of the lead's emails in this campaign, every step. */
  stepStatuses: EmailStatus[];
  /** The campaign's setting: a click stops the sequence too. */
  stopOnClick: boolean;
  /** The campaign's setting: a person viewing the lead's report page stops it too. */
  stopOnReportView?: boolean;
  /** A person viewed the lead's report page (scanners and prefetchers never count). */
  reportViewed?: boolean;
}

const SUPPRESSED: Record<SuppressionReason, string> = {
  unsubscribed: 'the address unsubscribed',
  bounced: 'the address bounced',
  complained: 'the recipient complained (marked an email as spam)',
  manual: 'the address is on the suppression list',
};

/** What always stops a sequence, for screens and the CLI ("stops on reply, bounce, ..."). */
export const ALWAYS_STOPS_ON = ['reply', 'bounce', 'unsubscribe', 'complaint', 'suppression', 'converted', 'status changed by hand'];
export const stopsOn = (stopOnClick: boolean, stopOnReportView = false) => [...ALWAYS_STOPS_ON, ...(stopOnClick ? ['click'] : []), ...(stopOnReportView ? ['report page viewed'] : [])];

/** Why the sequence must stop, or undefined while it may go on. */
export function sequenceStopReason(f: StopFacts): string | undefined {
  if (f.leadStatus === 'REPLIED' || f.stepStatuses.includes('REPLIED')) return 'the lead replied';
  if (f.leadStatus === 'BOUNCED' || f.stepStatuses.includes('BOUNCED')) return 'an email to the lead bounced';
  if (f.leadStatus === 'UNSUBSCRIBED') return 'the lead unsubscribed';
  if (f.suppression) return SUPPRESSED[f.suppression];
  if (f.leadStatus === 'CONVERTED') return 'the lead was marked converted';
  if (f.leadStopReason) return f.leadStopReason;
  if (f.stopOnClick && (f.leadStatus === 'CLICKED' || f.stepStatuses.includes('CLICKED'))) return 'the lead clicked a link (this campaign stops on click)';
  if (f.stopOnReportView && f.reportViewed) return 'the lead viewed its report page (this campaign stops on a report view)';
  return undefined;
}

/** The stop recorded on a lead when an operator sets its status by hand. */
export const STATUS_CHANGED_BY_HAND = 'its status was changed by hand';
/** The stop recorded on a lead when an automatic reply says the person is no longer there. */
export const PERSON_LEFT = 'an automatic reply said the person has left';
