// Progress of a RUNNING campaign: the sites read (analysed or failed) over the leads found,
// so a search that found 25 shows 0 / 25 until the first site is read, the phase text and
// the website being worked on.
import type { Campaign } from '../../api/campaigns.ts';
import { readProgress } from '../../../../src/core/model/campaign-outcome.ts';
import { phaseText, progressPercent } from './phase.ts';

export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const percent = progressPercent(campaign);
  const read = readProgress(campaign);
  return (
    <div className="campaign-progress" data-testid="campaign-progress">
      {percent !== null ? (
        <>
          <progress
            className="progress is-success is-small mb-1"
            value={read.done}
            max={read.total}
            aria-label="Sites read"
          >
            {percent}%
          </progress>
          <p className="is-size-7 has-text-grey campaign-read">
            {read.done} / {read.total} sites read
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
