// Quota status → label and Bulma colour (spec: ok green, warning yellow, exceeded red).
import type { QuotaStatus } from '../../api/usage.ts';

export const QUOTA_STATUS: Record<QuotaStatus, { label: string; color: 'is-success' | 'is-warning' | 'is-danger' }> = {
  ok: { label: 'OK', color: 'is-success' },
  warning: { label: 'Warning', color: 'is-warning' },
  exceeded: { label: 'Exceeded', color: 'is-danger' },
};

export function StatusBadge({ status }: { status: QuotaStatus }) {
  const { label, color } = QUOTA_STATUS[status] ?? QUOTA_STATUS.ok;
  return <span className={`tag ${color} is-light status-badge`} data-status={status}>{label}</span>;
}

/** The service names of the usage summary, as the screen shows them. */
export const SERVICE_LABELS: Record<string, string> = {
  email: 'Email',
  serpapi: 'SerpApi',
  google_custom_search: 'Google Custom Search',
  gemini: 'Gemini',
  pagespeed: 'PageSpeed Insights',
};
