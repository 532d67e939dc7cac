// The Outreach filter panel: status, campaign and (with two or more mailboxes) mailbox.
import { useId } from 'react';
import type { Campaign } from '../../api/campaigns.ts';
import { CampaignFilter } from '../CampaignFilter.tsx';
import { MailboxFilter, useMailboxChoices } from '../MailboxFilter.tsx';
import { STATUS_FILTERS } from './emailFormat.ts';

interface OutreachFiltersProps {
  status: string;
  onStatus: (value: string) => void;
  campaignId: string;
  onCampaignId: (value: string) => void;
  campaigns: Campaign[] | undefined;
  mailboxId: string;
  onMailboxId: (value: string) => void;
}

export function OutreachFilters({ status, onStatus, campaignId, onCampaignId, campaigns, mailboxId, onMailboxId }: OutreachFiltersProps) {
  const id = useId();
  const mailboxes = useMailboxChoices();
  return (
    <div className="box outreach-filters">
      <div className="field">
        <label className="label is-small" htmlFor={`${id}-status`}>
          Status
        </label>
        <div className="control">
          <div className="select is-fullwidth">
            <select id={`${id}-status`} value={status} onChange={(event) => onStatus(event.target.value)}>
              <option value="">All Statuses</option>
              {STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <CampaignFilter id={`${id}-campaign`} value={campaignId} onChange={onCampaignId} campaigns={campaigns} />
      <MailboxFilter id={`${id}-mailbox`} value={mailboxId} onChange={onMailboxId} mailboxes={mailboxes} />
    </div>
  );
}
