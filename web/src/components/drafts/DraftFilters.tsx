// The Drafts filter row: search (debounced by the screen), Group by Website, campaign and
// minimum quality.
import { useId } from 'react';
import type { Campaign } from '../../api/campaigns.ts';
import { CampaignFilter } from '../CampaignFilter.tsx';

interface DraftFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  grouped: boolean;
  onGrouped: (value: boolean) => void;
  campaignId: string;
  onCampaignId: (value: string) => void;
  minQuality: string;
  onMinQuality: (value: string) => void;
  campaigns: Campaign[] | undefined;
}

export const MIN_QUALITY_OPTIONS = [
  { value: '', label: 'All' },
  { value: '0.6', label: 'Good (60%+)' },
  { value: '0.8', label: 'Excellent (80%+)' },
] as const;

export function DraftFilters(props: DraftFiltersProps) {
  const id = useId();
  return (
    <div className="box draft-filters">
      <div className="field">
        <label className="label is-small" htmlFor={`${id}-search`}>
          Search
        </label>
        <div className="control">
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            placeholder="Search emails, websites, or recipients..."
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
          />
        </div>
      </div>
      <CampaignFilter id={`${id}-campaign`} value={props.campaignId} onChange={props.onCampaignId} campaigns={props.campaigns} />
      <div className="field">
        <label className="label is-small" htmlFor={`${id}-quality`}>
          Min Quality
        </label>
        <div className="control">
          <div className="select is-fullwidth">
            <select id={`${id}-quality`} value={props.minQuality} onChange={(event) => props.onMinQuality(event.target.value)}>
              {MIN_QUALITY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="field draft-group-toggle">
        <label className="checkbox">
          <input type="checkbox" checked={props.grouped} onChange={(event) => props.onGrouped(event.target.checked)} /> Group by Website
        </label>
      </div>
    </div>
  );
}
