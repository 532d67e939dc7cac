// Pure display rules for a campaign row (spec §2 and §4): the phase text of a RUNNING
// campaign, the email-success-rate colour and the status colours.
import defaults from '../../../../config/default.json';
import type { Campaign } from '../../api/campaigns.ts';
import { readProgress } from '../../../../src/core/model/campaign-outcome.ts';

type PhaseCounts = Pick<Campaign, 'total_leads' | 'processed_leads' | 'emails_sent' | 'audits' | 'audits_finished'>;

/**
 * 'analysing website N+1' while processed_leads is below total_leads (N = processed_leads),
 * 'auditing website N+1' while audits_finished is below audits,
 * 'generating email drafts' while emails_sent is below processed_leads,
 * otherwise 'discovering leads'.
 */
export function phaseText({ total_leads, processed_leads, emails_sent, audits, audits_finished }: PhaseCounts): string {
  if (processed_leads < total_leads) return `analysing website ${processed_leads + 1}`;
  if (audits_finished < audits) return `auditing website ${audits_finished + 1}`;
  if (emails_sent < processed_leads) return 'generating email drafts';
  return 'discovering leads';
}

export type Tone = 'success' | 'warning' | 'danger';

const GREEN_MIN = defaults.ui.success_rate_green_min;
const YELLOW_MIN = defaults.ui.success_rate_yellow_min;

/** Email success rate colour: 70 or more green, 50 or more yellow, else red. */
export function successRateTone(rate: number): Tone {
  if (rate >= GREEN_MIN) return 'success';
  if (rate >= YELLOW_MIN) return 'warning';
  return 'danger';
}

/** Status colours: green running, yellow paused, blue completed, red failed, gray otherwise. */
export const STATUS_TONES: Record<Campaign['status'], 'success' | 'warning' | 'link' | 'danger' | 'grey'> = {
  RUNNING: 'success',
  PAUSED: 'warning',
  COMPLETED: 'link',
  FAILED: 'danger',
  DRAFT: 'grey',
};

/**
 * The share of the leads found whose site has been read (analysed or failed), 0-100; null
 * before the search has found any. Not the leads found over max_results: that showed 25 / 25
 * before the first site was read.
 */
export function progressPercent(c: Pick<Campaign, 'total_leads' | 'leads_analysed' | 'leads_failed'>): number | null {
  const { done, total } = readProgress(c);
  if (total <= 0) return null;
  return Math.min(100, Math.round((done / total) * 100));
}
