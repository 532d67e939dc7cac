// The campaign state machine. Every change of status goes through `transition`, which
// refuses what the current status does not allow with a conflict that says why.
import { conflict } from '../errors.ts';
import type { CampaignStatus } from '../model/campaign.ts';

export type CampaignAction = 'start' | 'pause' | 'resume' | 'restart' | 'rerun' | 'requeue' | 'complete' | 'fail';

const ALLOWED: Record<CampaignAction, { from: CampaignStatus[]; to: CampaignStatus }> = {
  start: { from: ['DRAFT'], to: 'RUNNING' },
  pause: { from: ['RUNNING'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'RUNNING' },
  // Work again on what the campaign has: cached search results, its leads.
  restart: { from: ['COMPLETED', 'FAILED', 'PAUSED'], to: 'RUNNING' },
  rerun: { from: ['COMPLETED', 'FAILED', 'PAUSED'], to: 'RUNNING' },
  requeue: { from: ['COMPLETED', 'FAILED', 'PAUSED'], to: 'RUNNING' },
  complete: { from: ['RUNNING'], to: 'COMPLETED' },
  fail: { from: ['RUNNING'], to: 'FAILED' },
};

const VERB: Record<CampaignAction, string> = {
  start: 'start',
  pause: 'pause',
  resume: 'resume',
  restart: 'restart',
  rerun: 'rerun',
  requeue: 'requeue leads of',
  complete: 'complete',
  fail: 'fail',
};

/** The status after `action`, or a conflict naming what is allowed instead. */
export function transition(current: CampaignStatus, action: CampaignAction): CampaignStatus {
  const rule = ALLOWED[action];
  if (rule.from.includes(current)) return rule.to;
  throw conflict(`Cannot ${VERB[action]} a campaign that is ${current} (allowed when ${rule.from.join(' or ')})`);
}

export const canTransition = (current: CampaignStatus, action: CampaignAction) => ALLOWED[action].from.includes(current);
