// The campaign filter the list screens share: 'All Campaigns' or a campaign as 'name (status)'.
import type { Campaign } from '../api/campaigns.ts';

export function CampaignFilter({ id, value, onChange, campaigns }: { id: string; value: string; onChange: (value: string) => void; campaigns: Campaign[] | undefined }) {
  return (
    <div className="field">
      <label className="label is-small" htmlFor={id}>
        Campaign
      </label>
      <div className="control">
        <div className="select is-fullwidth">
          <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">All Campaigns</option>
            {campaigns?.map((campaign) => (
              <option key={campaign.id} value={String(campaign.id)}>
                {`${campaign.name} (${campaign.status})`}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
