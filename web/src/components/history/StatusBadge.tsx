// A campaign status as a coloured tag (spec section 4 colours).
import type { Campaign } from '../../api/campaigns.ts';
import { STATUS_COLOUR } from './format.ts';

export function StatusBadge({ status }: { status: Campaign['status'] }) {
  const colour = STATUS_COLOUR[status] ?? 'is-light';
  return (
    <span className={`tag ${colour} status-badge`} data-status={status}>
      {status}
    </span>
  );
}
