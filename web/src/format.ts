// Display formats shared by the screens. Dates go through date-fns, in the spec's format.
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import defaults from '../../config/default.json';

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** 'MMM d, yyyy h:mm a' in local time, e.g. 'Mar 7, 2025 4:05 PM'; '' for a missing or bad date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? format(date, defaults.ui.date_format) : '';
}

/** Relative time with a suffix, e.g. '5 minutes ago'; '' for a missing or bad date. */
export function relativeTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '';
}

export const ROLE_LABELS = { admin: 'Administrator', user: 'User' } as const;

/** A whole number with thousands separators, e.g. '1,500,000'. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** US dollars with a fixed number of decimals, e.g. formatUsd(0.0123, 4) → '$0.0123'. */
export function formatUsd(value: number, decimals: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/** 'Resets in 5 hours' / 'Resets in 1 hour'. */
export function resetsIn(hours: number): string {
  const whole = Math.max(0, Math.round(hours));
  return `Resets in ${whole} ${whole === 1 ? 'hour' : 'hours'}`;
}
