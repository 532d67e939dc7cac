// Progress of a RUNNING campaign: leads found over max_results (when limited), the phase
// text and the website being worked on.
import type { Campaign } from '../../api/campaigns.ts';
import { phaseText, progressPercent } from './phase.ts';

export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const percent = progressPercent(campaign);
  return (
    <div className="campaign-progress" data-testid="campaign-progress">
      {percent !== null && campaign.max_results ? (
        <>
          <progress
            className="progress is-success is-small mb-1"
            value={campaign.total_leads}
            max={campaign.max_results}
            aria-label="Leads found"
          >
            {percent}%
          </progress>
          <p className="is-size-7 has-text-grey">
            {campaign.total_leads} / {campaign.max_results} leads
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
