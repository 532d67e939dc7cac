// Dates, status colours and rates as the Campaign History screen shows them.
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import defaults from '../../../../config/default.json';
import type { Campaign } from '../../api/campaigns.ts';

type Status = Campaign['status'];

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** 'MMM d, yyyy h:mm a' in local time; '' for a missing or bad date. */
export function formatWhen(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, defaults.ui.date_format) : '';
}

/** '5 minutes ago'; '' for a missing or bad date. */
export function formatAgo(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '';
}

/** Spec colours: green running, yellow paused, blue completed, red failed, gray otherwise. */
export const STATUS_COLOUR: Record<Status, string> = {
  RUNNING: 'is-success',
  PAUSED: 'is-warning',
  COMPLETED: 'is-info',
  FAILED: 'is-danger',
  DRAFT: 'is-light',
};

/** Email success rate: 70 or more green, 50 or more yellow, else red. */
export function successRateColour(rate: number): string {
  if (rate >= defaults.ui.success_rate_green_min) return 'has-text-success';
  if (rate >= defaults.ui.success_rate_yellow_min) return 'has-text-warning-dark';
  return 'has-text-danger';
}

export function formatRate(rate: number): string {
  return `${rate.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
