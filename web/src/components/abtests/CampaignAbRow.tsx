// The row under a campaign on the Campaigns screen when it runs a subject A/B test.
import type { Campaign } from '../../api/campaigns.ts';
import { VariantResults } from './VariantResults.tsx';
import './abtests.css';

export function CampaignAbRow({ campaign, columns }: { campaign: Campaign; columns: number }) {
  if (!campaign.ab_test) return null;
  return (
    <tr className="campaign-ab-row" data-ab-campaign-id={campaign.id}>
      <td colSpan={columns}>
        <div className="ab-results-wrap">
          <p className="is-size-7 has-text-weight-semibold mb-1">Subject A/B test</p>
          <VariantResults ab={campaign.ab_test} />
        </div>
      </td>
    </tr>
  );
}
