// Progress of a RUNNING campaign: the sites read (analysed or failed) over the leads found,
// so a search that found 25 shows 0 / 25 until the first site is read, the phase text and
// the website being worked on.
import type { Campaign } from '../../api/campaigns.ts';
import { phaseText, progressPercent } from './phase.ts';

export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const percent = progressPercent(campaign);
  return (
    <div className="campaign-progress" data-testid="campaign-progress">
      {percent !== null ? (
        <>
          <progress
            className="progress is-success is-small mb-1"
            value={campaign.leads_analysed + campaign.leads_failed}
            max={campaign.total_leads}
            aria-label="Sites read"
          >
            {percent}%
          </progress>
          <p className="is-size-7 has-text-grey campaign-read">
            {campaign.leads_analysed + campaign.leads_failed} / {campaign.total_leads} sites read
            {campaign.leads_failed ? ` · ${campaign.leads_failed} could not be read` : ''}
          </p>
        </>
      ) : null}
      <p className="is-size-7 campaign-phase">
        <span className="loader-dot" aria-hidden="true" />
        {phaseText(campaign)}
      </p>
      {campaign.current_website_url ? (
        <p className="is-size-7 has-text-grey campaign-current-url" title={campaign.current_website_url}>
          {campaign.current_website_url}
        </p>
      ) : null}
    </div>
  );
}
