// Display formats shared by the screens.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM d, yyyy h:mm a' in local time, e.g. 'Mar 7, 2025 4:05 PM'; '' for a missing or bad date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
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
