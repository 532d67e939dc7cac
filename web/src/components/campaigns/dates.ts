// Campaign dates through date-fns: 'MMM d, yyyy h:mm a' and relative time with a suffix.
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import defaults from '../../../../config/default.json';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, defaults.ui.date_format) : '';
}

/** e.g. '5 minutes ago'. */
export function relativeTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '';
}
