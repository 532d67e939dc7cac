// How an email's and its lead's status move as things happen to the email. Engagement
// only moves forward (a late open never undoes a click); bounces and unsubscribes win.
import type { LeadStatus } from '../model/lead.ts';

export type EmailStatus = 'DRAFT' | 'QUEUED' | 'SENDING' | 'SENT' | 'OPENED' | 'CLICKED' | 'REPLIED' | 'BOUNCED' | 'FAILED' | 'PAUSED' | 'CANCELLED';
export type EngagementEvent = 'SENT' | 'OPENED' | 'CLICKED' | 'REPLIED';

const ENGAGEMENT_RANK: Partial<Record<EmailStatus, number>> = { SENT: 1, OPENED: 2, CLICKED: 3, REPLIED: 4 };

/** The email's status after an engagement event, or undefined when it does not change. */
export function emailStatusAfter(current: EmailStatus, event: EngagementEvent): EmailStatus | undefined {
  const rank = ENGAGEMENT_RANK[current];
  if (rank === undefined) return undefined; // not sent, bounced, ...: engagement cannot apply
  return ENGAGEMENT_RANK[event]! > rank ? event : undefined;
}

const LEAD_RANK: Partial<Record<LeadStatus, number>> = {
  NEW: 0, SCRAPING: 0, ANALYZED: 0, EMAIL_GENERATED: 0, EMAIL_SENT: 1, OPENED: 2, CLICKED: 3, REPLIED: 4, CONVERTED: 5,
};
const LEAD_EVENT: Record<EngagementEvent, LeadStatus> = { SENT: 'EMAIL_SENT', OPENED: 'OPENED', CLICKED: 'CLICKED', REPLIED: 'REPLIED' };

/** The lead's status after something happened to one of its emails, or undefined when it stays. */
export function leadStatusAfter(current: LeadStatus, event: EngagementEvent | 'BOUNCED' | 'UNSUBSCRIBED'): LeadStatus | undefined {
  if (event === 'BOUNCED' || event === 'UNSUBSCRIBED') return current === event || current === 'CONVERTED' ? undefined : event;
  const rank = LEAD_RANK[current];
  if (rank === undefined) return undefined; // bounced or unsubscribed leads stay so
  const next = LEAD_EVENT[event];
  return LEAD_RANK[next]! > rank ? next : undefined;
}

export interface LeadStatusPort {
  leadStatus(leadId: number): Promise<LeadStatus | undefined>;
  setLeadStatus(leadId: number, status: LeadStatus): Promise<void>;
}

/** Moves the lead on after something happened to one of its emails (never backwards). */
export async function advanceLead(port: LeadStatusPort, leadId: number, event: EngagementEvent | 'BOUNCED' | 'UNSUBSCRIBED'): Promise<LeadStatus | undefined> {
  const current = await port.leadStatus(leadId);
  const next = current && leadStatusAfter(current, event);
  if (next) await port.setLeadStatus(leadId, next);
  return next;
}
