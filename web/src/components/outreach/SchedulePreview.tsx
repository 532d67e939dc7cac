// What 'Schedule Automatically' will do: the selected emails by campaign, each group for
// its industry's best hour tomorrow.
import { useTomorrowBest } from '../../api/emails.ts';
import { formatDateTime } from '../../format.ts';
import type { ScheduleGroup } from './emailFormat.ts';

function GroupLine({ group }: { group: ScheduleGroup }) {
  const { data } = useTomorrowBest(group.industry);
  const count = group.emailIds.length;
  return (
    <li className="schedule-group" data-campaign-id={group.campaignId}>
      <div>
        <span className="has-text-weight-semibold">{group.campaignName}</span>
        <span className="tag is-light ml-2">{count === 1 ? '1 email' : `${count} emails`}</span>
      </div>
      <p className="is-size-7">Will be scheduled at optimal time for {group.industry} industry</p>
      {data ? (
        <p className="is-size-7 has-text-grey">
          Tomorrow's best time: {formatDateTime(data.best_time)} ({Math.round(data.confidence * 100)}% confidence)
        </p>
      ) : null}
    </li>
  );
}

export function SchedulePreview({ groups }: { groups: ScheduleGroup[] }) {
  if (!groups.length) return null;
  return (
    <div className="schedule-preview" aria-label="Scheduling preview">
      <p className="is-size-7 has-text-weight-semibold mb-1">Scheduling preview</p>
      <ul>
        {groups.map((group) => (
          <GroupLine key={group.campaignId} group={group} />
        ))}
      </ul>
    </div>
  );
}
