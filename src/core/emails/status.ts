// How an email's status moves as things happen to it: engagement only moves forward (a
// late open never undoes a click). The lead's status follows in src/core/leads/lifecycle.ts.

export type EmailStatus = 'DRAFT' | 'QUEUED' | 'SENDING' | 'SENT' | 'OPENED' | 'CLICKED' | 'REPLIED' | 'BOUNCED' | 'FAILED' | 'PAUSED' | 'CANCELLED';
export type EngagementEvent = 'SENT' | 'OPENED' | 'CLICKED' | 'REPLIED';
/** An email in one of these has left the building (the campaign stats count the same ones). */
export const SENT_EMAIL_STATUSES = ['SENT', 'OPENED', 'CLICKED', 'REPLIED'] as const satisfies readonly EmailStatus[];

const ENGAGEMENT_RANK: Partial<Record<EmailStatus, number>> = { SENT: 1, OPENED: 2, CLICKED: 3, REPLIED: 4 };

/** The email's status after an engagement event, or undefined when it does not change. */
export function emailStatusAfter(current: EmailStatus, event: EngagementEvent): EmailStatus | undefined {
  const rank = ENGAGEMENT_RANK[current];
  if (rank === undefined) return undefined; // not sent, bounced, ...: engagement cannot apply
  return ENGAGEMENT_RANK[event]! > rank ? event : undefined;
}
