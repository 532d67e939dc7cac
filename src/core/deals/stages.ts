// The deal's stage and the lead's status kept in step, in one place: won IS the status
// CONVERTED. Every writer (a deal moved on the board or in the CLI, a status set by hand with
// PATCH /api/leads/{id}/status, a reply classified) asks these functions what the other half
// becomes, and writes both with one compare-and-set.
import type { LeadStatus } from '../model/lead.ts';
import { DEAL_STAGES, type DealStage } from '../model/reply-classes.ts';

export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  interested: 'Interested',
  meeting_booked: 'Meeting booked',
  proposal_sent: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
};

/** The status of a lead whose deal left won (it had replied: deals start from a reply). */
export const UNCONVERTED_STATUS: LeadStatus = 'REPLIED';
/** The stage of a deal whose lead is no longer CONVERTED: the last stage before won. */
export const UNWON_STAGE: DealStage = 'proposal_sent';

export interface DealState {
  status: LeadStatus;
  stage: DealStage | null;
}

/** The lead after an operator moves its deal to `stage`: won converts, leaving won un-converts. */
export function afterDealMove(current: DealState, stage: DealStage): DealState {
  if (stage === 'won') return { status: 'CONVERTED', stage };
  return { status: current.status === 'CONVERTED' ? UNCONVERTED_STATUS : current.status, stage };
}

/** The lead after an operator sets its status by hand: CONVERTED wins the deal, leaving CONVERTED un-wins it. */
export function afterStatusSet(current: DealState, status: LeadStatus): DealState {
  if (status === 'CONVERTED') return { status, stage: 'won' };
  return { status, stage: current.stage === 'won' ? UNWON_STAGE : current.stage };
}

/** What a classified reply says about the deal (src/core/replies: interested, meeting request). */
export type ReplySignal = 'interested' | 'meeting_booked';

// A reply only moves a deal forward along this line; lost is the operator's call and stays.
const FORWARD: Partial<Record<DealStage, number>> = { interested: 1, meeting_booked: 2, proposal_sent: 3, won: 4 };

/** The deal's stage after a reply saying `signal`, or undefined when it stays (never back from a later stage). */
export function stageAfterReply(current: DealStage | null, signal: ReplySignal): DealStage | undefined {
  if (current === null) return signal;
  const rank = FORWARD[current];
  if (rank === undefined) return undefined; // lost
  return FORWARD[signal]! > rank ? signal : undefined;
}

export const isDealStage = (value: string): value is DealStage => (DEAL_STAGES as readonly string[]).includes(value);
