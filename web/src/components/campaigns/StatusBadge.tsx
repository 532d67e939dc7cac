// A campaign status as a coloured Bulma tag (spec §4 colours).
import type { Campaign } from '../../api/campaigns.ts';
import { STATUS_TONES } from './phase.ts';

export function CampaignStatusBadge({ status }: { status: Campaign['status'] }) {
  const tone = STATUS_TONES[status] ?? 'grey';
  const color = tone === 'grey' ? 'is-light' : `is-${tone} is-light`;
  return (
    <span className={`tag ${color} campaign-status status-badge`} data-status={status}>
      {status}
    </span>
  );
}
