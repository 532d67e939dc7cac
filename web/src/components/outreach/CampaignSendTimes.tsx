// The best weekly sending slot of each campaign that has emails on screen.
import type { Campaign } from '../../api/campaigns.ts';
import { useCampaignSendTime } from '../../api/emails.ts';
import { formatDateTime } from '../../format.ts';

function CampaignSendTime({ campaign }: { campaign: Campaign }) {
  const { data, error } = useCampaignSendTime(campaign.id);
  return (
    <li className="campaign-send-time" data-campaign-id={campaign.id}>
      <span className="has-text-weight-semibold">{campaign.name}</span>
      <span className="has-text-grey">
        {data
          ? ` · ${data.day}s at ${data.time} (${data.timezone}) · next ${formatDateTime(data.next_send_time)} your time · ${Math.round(data.confidence * 100)}% confidence`
          : error
            ? ' · unavailable'
            : ' · ...'}
      </span>
    </li>
  );
}

export function CampaignSendTimes({ campaigns }: { campaigns: Campaign[] }) {
  if (!campaigns.length) return null;
  return (
    <section className="box campaign-send-times" aria-label="Optimal send times">
      <h2 className="title is-6 mb-2">Optimal Send Times</h2>
      <ul className="is-size-7">
        {campaigns.map((campaign) => (
          <CampaignSendTime key={campaign.id} campaign={campaign} />
        ))}
      </ul>
    </section>
  );
}
