import { successRateTone } from '../campaigns/phase.ts';
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

/** Email success rate colour: the one rule of the Campaigns screen (70 green, 50 yellow, else red). */
export const successRateColour = (rate: number) => {
  const tone = successRateTone(rate);
  return tone === 'warning' ? 'has-text-warning-dark' : `has-text-${tone}`;
};

export function formatRate(rate: number): string {
  return `${rate.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
