// A status badge in the spec's colours: green for running, opened, converted, delivered;
// yellow for paused, queued; red for failed, bounced; blue for completed, sent; else gray.
const COLOURS: Record<string, string> = {
  running: 'is-success',
  opened: 'is-success',
  converted: 'is-success',
  delivered: 'is-success',
  paused: 'is-warning',
  queued: 'is-warning',
  failed: 'is-danger',
  bounced: 'is-danger',
  completed: 'is-info',
  sent: 'is-info',
};

/** Lead statuses carry an EMAIL_ prefix (EMAIL_SENT counts as sent). */
export function statusColour(status: string): string {
  return COLOURS[status.toLowerCase().replace(/^email_/, '')] ?? '';
}

export function StatusTag({ status }: { status: string }) {
  const colour = statusColour(status);
  return (
    <span className={`tag is-light status-tag ${colour}`} data-status={status}>
      {status.replace(/_/g, ' ').toLowerCase()}
    </span>
  );
}
