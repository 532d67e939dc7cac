// The System Configuration fields, grouped, with labels; bounds, steps, units and defaults
// come from config/default.json `system`.
import defaults from '../../../../config/default.json';
import type { SystemConfig } from '../../api/settings.ts';
import { SYSTEM_LABELS } from '../../../../src/core/model/labels.ts';

export type SystemKey = keyof SystemConfig;
type Spec = { default: number | boolean; min?: number; max?: number; step?: number; unit?: string };

export const SYSTEM_SPECS = defaults.system as Record<SystemKey, Spec>;

/** The form's labels are the API's words for these fields (core/model/labels.ts). */
const LABELS: Record<SystemKey, string> = SYSTEM_LABELS;

/** Units for the fields config/default.json leaves without one. */
const UNITS: Partial<Record<SystemKey, string>> = {
  serpapi_rate_limit: 'per minute',
  gemini_rate_limit: 'per minute',
  scraping_rate_limit: 'per minute',
  scraping_delay: 'seconds',
  retry_initial_delay: 'seconds',
  retry_max_delay: 'seconds',
  target_emails_per_day: 'emails',
};

/** The group that also says whether this host can run audits (Chromium). */
export const SITE_AUDITS_GROUP = 'Site audits';

export const SYSTEM_GROUPS: { title: string; keys: SystemKey[] }[] = [
  { title: 'Email sending', keys: ['email_send_rate_limit', 'email_send_delay', 'target_emails_per_day'] },
  { title: 'Rate limits', keys: ['enable_rate_limiting', 'serpapi_rate_limit', 'gemini_rate_limit', 'scraping_rate_limit', 'scraping_delay'] },
  { title: 'Retries', keys: ['max_retries', 'retry_initial_delay', 'retry_max_delay', 'retry_exponential_base'] },
  { title: 'Circuit breaker', keys: ['enable_circuit_breaker', 'circuit_breaker_failure_threshold', 'circuit_breaker_recovery_timeout'] },
  { title: 'Dead-letter queue', keys: ['dlq_enabled', 'dlq_max_retries'] },
  { title: 'Budget', keys: ['serpapi_monthly_budget'] },
  { title: SITE_AUDITS_GROUP, keys: ['audit_every_lead', 'audit_runs', 'recheck_after_days'] },
  { title: 'Report pages', keys: ['report_expiry_days'] },
];

export const isSwitch = (key: SystemKey) => typeof SYSTEM_SPECS[key].default === 'boolean';

export function fieldLabel(key: SystemKey): string {
  const unit = SYSTEM_SPECS[key].unit ?? UNITS[key];
  return unit ? `${LABELS[key]} (${unit})` : LABELS[key];
}

/** 'Min 1 · Max 60 · Step 0.5 · Default 2' */
export function boundsHelp(key: SystemKey): string {
  const spec = SYSTEM_SPECS[key];
  const parts = [`Min ${spec.min}`, `Max ${spec.max}`];
  if (spec.step !== undefined) parts.push(`Step ${spec.step}`);
  parts.push(`Default ${String(spec.default)}`);
  return parts.join(' · ');
}

export const switchLabel = (key: SystemKey) => `Enable ${LABELS[key].toLowerCase()}`;
