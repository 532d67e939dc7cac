// Display rules of the leads screens: status colours, priority, option lists and dates.
import defaults from '../../../../config/default.json';
import type { Lead, LeadSort, LeadStatus } from '../../api/leads.ts';

export const LEAD_STATUS_OPTIONS: readonly LeadStatus[] = [
  'NEW', 'SCRAPING', 'ANALYZED', 'EMAIL_GENERATED', 'EMAIL_SENT', 'OPENED',
  'CLICKED', 'REPLIED', 'CONVERTED', 'BOUNCED', 'UNSUBSCRIBED',
];

export const CATEGORY_OPTIONS = ['Product-Based', 'Service-Based', 'Informational/Other'] as const;

export const SORT_OPTIONS: ReadonlyArray<{ value: LeadSort; label: string }> = [
  { value: 'discovered_at', label: 'Newest first' },
  { value: 'opportunity', label: 'Opportunity score' },
  { value: 'urgency', label: 'Urgency score' },
  { value: 'industry', label: 'Industry' },
  { value: 'location', label: 'Location' },
];

/** 'EMAIL_SENT' → 'Email Sent'. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Green: running, opened, converted, delivered; yellow: paused, queued; red: failed, bounced; blue: completed, sent; else gray. */
export function statusColorClass(status: string): string {
  const key = status.toLowerCase();
  if (['running', 'opened', 'converted', 'delivered'].includes(key)) return 'is-success';
  if (['paused', 'queued'].includes(key)) return 'is-warning';
  if (['failed', 'bounced'].includes(key)) return 'is-danger';
  if (['completed', 'sent', 'email_sent'].includes(key)) return 'is-info';
  return 'is-light';
}

export type Priority = 'High' | 'Medium' | 'Low';

/** The lead's priority, else derived from market_opportunity_score (70+ High, 50-69 Medium, else Low). */
export function leadPriority(lead: Pick<Lead, 'priority' | 'market_opportunity_score'>): Priority | null {
  if (lead.priority) return lead.priority;
  const score = lead.market_opportunity_score;
  if (score === null || score === undefined) return null;
  if (score >= defaults.leads.priority_high_min) return 'High';
  if (score >= defaults.leads.priority_medium_min) return 'Medium';
  return 'Low';
}

export const PRIORITY_CLASS: Record<Priority, string> = { High: 'is-danger', Medium: 'is-warning', Low: 'is-light' };

export const URGENCY_CLASS: Record<string, string> = { critical: 'is-danger', high: 'is-warning', medium: 'is-info', low: 'is-light' };

export { formatDateTime as formatWhen, relativeTime as formatAgo } from '../../format.ts';

export const leadName = (lead: Pick<Lead, 'company_name' | 'title' | 'hostname'>) => lead.company_name || lead.title || lead.hostname;

export const leadLocation = (lead: Pick<Lead, 'city' | 'state_province' | 'location'>) =>
  [lead.city, lead.state_province].filter(Boolean).join(', ') || lead.location || '';

export const scoreText = (value: number | null | undefined) => (value === null || value === undefined ? '—' : String(Math.round(value)));
