// The Analytics screen's display rules (spec section 9), with the constants from config/default.json.
// Every figure shown is a count from the API, or a ratio of two counts.
import defaults from '../../../../config/default.json';
import type { Campaign } from '../../api/campaigns.ts';

const A = defaults.analytics;
export const CHART_HEIGHT = A.chart_height;
export const RANGE_DAYS: number[] = A.range_days;
export const DEFAULT_DAYS: number = A.default_days;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A campaign's open (or reply) rate: part / sent × 100 to 1 decimal; 0 when nothing was sent. */
export function rateOf(part: number, sent: number): number {
  return sent > 0 ? oneDecimal((part / sent) * 100) : 0;
}

/** A campaign name cut to 20 characters for a chart axis. */
export function shortName(name: string): string {
  return Array.from(name).slice(0, A.campaign_name_max_chars).join('');
}

export interface CampaignRow {
  id: number;
  name: string;
  query: string;
  leads: number;
  sent: number;
  opened: number;
  replied: number;
  conversions: number;
  openRate: number;
  replyRate: number;
}

export function campaignRow(c: Campaign): CampaignRow {
  return {
    id: c.id,
    name: c.name,
    query: c.search_query,
    leads: c.total_leads,
    sent: c.emails_sent,
    opened: c.emails_opened,
    replied: c.emails_replied,
    conversions: c.conversions,
    openRate: rateOf(c.emails_opened, c.emails_sent),
    replyRate: rateOf(c.emails_replied, c.emails_sent),
  };
}
