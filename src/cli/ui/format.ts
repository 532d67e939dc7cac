// Shared by the Ink view and the plain-text lines: times, icons and colours of activity.
import type { ActivityItem } from '../../core/activity/feed.ts';
import type { ActivityStatus } from '../../core/events.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:MM:SS in local time. */
export function clock(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const STATUS_COLOR: Record<ActivityStatus, string> = { info: 'cyan', success: 'green', warning: 'yellow', error: 'red' };

const TYPE_ICON: Record<string, string> = {
  search: '⌕',
  discover: '+',
  scrape: '↓',
  contact_found: '@',
  contact_not_found: '∅',
  analyze: '≈',
  analysis_complete: '✓',
  audit: '◷',
  generate: '✎',
  email_generated: '✉',
  sending: '→',
  email_sent: '✈',
  error: '✗',
};

export function eventIcon(item: Pick<ActivityItem, 'activity_type' | 'status'>): string {
  if (item.status === 'error') return '✗';
  if (item.status === 'warning') return '!';
  return TYPE_ICON[item.activity_type] ?? '•';
}

/** One plain-text line per activity event: `HH:MM:SS  status  message`. */
export const plainEvent = (item: ActivityItem) => `${clock(item.timestamp)}  ${item.status.padEnd(7)}  ${item.message}`;
