// The lead life cycle: every automatic change of a lead's status (the pipeline's steps and
// what happens to the lead's emails) goes through `advanceLead`, which asks `leadStatusAfter`
// and writes with a compare and set, so two writers can never undo each other's move.
// No automatic move reaches or leaves CONVERTED: that is an operator's, and it moves the deal
// with it (won is CONVERTED; the rule is src/core/deals/stages.ts).
import type { EngagementEvent } from '../emails/status.ts';
import { conflict } from '../errors.ts';
import type { LeadStatus } from '../model/lead.ts';

export type PipelineEvent = 'scraping' | 'analysed' | 'analysis_failed' | 'drafted';
export type LeadEvent = PipelineEvent | EngagementEvent | 'BOUNCED' | 'UNSUBSCRIBED';

// Each pipeline step moves only the statuses listed: a lead further along (a draft written,
// an email sent, bounced) keeps its status when it is analysed again.
const PIPELINE: Record<PipelineEvent, { from: LeadStatus[]; to: LeadStatus }> = {
  scraping: { from: ['NEW', 'ANALYZED'], to: 'SCRAPING' },
  analysed: { from: ['NEW', 'SCRAPING'], to: 'ANALYZED' },
  analysis_failed: { from: ['SCRAPING'], to: 'NEW' },
  drafted: { from: ['ANALYZED'], to: 'EMAIL_GENERATED' },
};

// Engagement only moves forward (a late open never undoes a click); no rank: it stays.
const ENGAGEMENT_RANK: Partial<Record<LeadStatus, number>> = {
  NEW: 0, SCRAPING: 0, ANALYZED: 0, EMAIL_GENERATED: 0, EMAIL_SENT: 1, OPENED: 2, CLICKED: 3, REPLIED: 4, CONVERTED: 5,
};
const ENGAGED: Record<EngagementEvent, LeadStatus> = { SENT: 'EMAIL_SENT', OPENED: 'OPENED', CLICKED: 'CLICKED', REPLIED: 'REPLIED' };

const isPipeline = (event: LeadEvent): event is PipelineEvent => event in PIPELINE;

/** The lead's status after `event`, or undefined when it stays. */
export function leadStatusAfter(current: LeadStatus, event: LeadEvent): LeadStatus | undefined {
  if (event === 'BOUNCED' || event === 'UNSUBSCRIBED') return current === event || current === 'CONVERTED' ? undefined : event;
  if (isPipeline(event)) return PIPELINE[event].from.includes(current) ? PIPELINE[event].to : undefined;
  const rank = ENGAGEMENT_RANK[current];
  if (rank === undefined) return undefined; // bounced or unsubscribed leads stay so
  const next = ENGAGED[event];
  return ENGAGEMENT_RANK[next]! > rank ? next : undefined;
}

export interface LeadStatusRepo {
  status(leadId: number): Promise<LeadStatus | undefined>;
  /** Sets `to` only if the status is still `from`; false when it was not. */
  compareAndSetStatus(leadId: number, from: LeadStatus, to: LeadStatus): Promise<boolean>;
}

// Each lost race means another writer moved the lead meanwhile; a handful is plenty.
const ATTEMPTS = 5;

/** Moves the lead on after `event`; returns the new status, or undefined when it stays (or the lead is gone). */
export async function advanceLead(repo: LeadStatusRepo, leadId: number, event: LeadEvent): Promise<LeadStatus | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await repo.status(leadId);
    const next = current && leadStatusAfter(current, event);
    if (!next) return undefined;
    if (await repo.compareAndSetStatus(leadId, current, next)) return next;
  }
  throw conflict(`Lead ${leadId} kept changing status while applying "${event}"`);
}
