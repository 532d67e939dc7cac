// The Analytics screen's formulas (spec section 9), with the constants from config/default.json.
// Click rate, the funnel's Analyzed and Clicked steps and the sentiment split are the spec's
// stand-ins, not measurements: the screen labels them as estimates or illustrative.
import defaults from '../../../../config/default.json';
import type { Campaign } from '../../api/campaigns.ts';
import type { DashboardStats } from '../../api/dashboard.ts';

const A = defaults.analytics;
export const CHART_HEIGHT = A.chart_height;
export const SENTIMENT = A.sentiment_placeholder;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A campaign's open (or reply) rate: part / sent × 100 to 1 decimal; 0 when nothing was sent. */
export function rateOf(part: number, sent: number): number {
  return sent > 0 ? oneDecimal((part / sent) * 100) : 0;
}

/** Click rate is shown as 30 percent of the open rate (not measured). */
export function clickRate(openRate: number): number {
  return oneDecimal(openRate * A.click_rate_share_of_open_rate);
}

/** A campaign name cut to 20 characters for a chart axis. */
export function shortName(name: string): string {
  return Array.from(name).slice(0, A.campaign_name_max_chars).join('');
}

export interface FunnelStep {
  label: string;
  value: number;
  /** True where the spec derives the step from a fixed share instead of a count. */
  estimate: boolean;
}

/** Leads → Analyzed (80 % of leads) → Sent → Opened → Clicked (40 % of opens) → Replied. */
export function funnel(stats: Pick<DashboardStats, 'total_leads' | 'emails_sent' | 'open_rate' | 'reply_rate'>): FunnelStep[] {
  const sent = stats.emails_sent;
  const opened = Math.round((sent * stats.open_rate) / 100);
  return [
    { label: 'Leads', value: stats.total_leads, estimate: false },
    { label: 'Analyzed', value: Math.round(stats.total_leads * A.funnel_analyzed_share_of_leads), estimate: true },
    { label: 'Sent', value: sent, estimate: false },
    { label: 'Opened', value: opened, estimate: false },
    { label: 'Clicked', value: Math.round(opened * A.funnel_clicked_share_of_opens), estimate: true },
    { label: 'Replied', value: Math.round((sent * stats.reply_rate) / 100), estimate: false },
  ];
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
