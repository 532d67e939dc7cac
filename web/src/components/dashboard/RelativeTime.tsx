// A relative time with suffix ('5 minutes ago') that keeps itself current; the full date
// ('MMM d, yyyy h:mm a') shows on hover.
import { formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../format.ts';

const TICK_MS = 30_000;

export function RelativeTime({ value }: { value: string | null | undefined }) {
  const [, setNow] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(value)}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
