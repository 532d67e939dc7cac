// Live Activity Feed: the newest activity items (30 on the dashboard, 50 by default),
// optionally for one campaign. It reads the SWR key of api/activity.ts: prependActivity()
// puts live-channel items at the top without a refetch; until then it polls every 5 s.
import { useId } from 'react';
import defaults from '../../../../config/default.json';
import { ACTIVITY_REFRESH_MS, DEFAULT_ACTIVITY_LIMIT, useActivity } from '../../api/activity.ts';
import { errorText } from '../../api/client.ts';
import { ActivityEntry } from './ActivityEntry.tsx';

interface ActivityFeedProps {
  campaignId?: number | null;
  limit?: number;
  title?: string;
  /** Polling interval; 0 when the live channel keeps the list current. */
  refreshInterval?: number;
}

export function ActivityFeed({ campaignId, limit = DEFAULT_ACTIVITY_LIMIT, title = 'Live Activity Feed', refreshInterval = ACTIVITY_REFRESH_MS }: ActivityFeedProps) {
  const titleId = useId();
  const { data, error, isLoading } = useActivity(limit, campaignId, refreshInterval);
  const items = data?.slice(0, limit);

  return (
    <section className="box dashboard-panel activity-feed" aria-labelledby={titleId}>
      <div className="panel-head">
        <h2 id={titleId} className="title is-6">
          <span className="live-dot" aria-hidden="true" />
          {title}
        </h2>
        {items?.length ? <span className="tag is-light">{items.length}</span> : null}
      </div>
      {error && !items ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load activity')}
        </div>
      ) : null}
      {!items && isLoading ? <p className="has-text-grey">Loading activity...</p> : null}
      {items && items.length === 0 ? <p className="empty-text">No activity yet. Create a campaign to see real-time updates!</p> : null}
      {items?.length ? (
        <ul className="activity-list" style={{ maxHeight: defaults.ui.feed_max_height_px }} tabIndex={0} aria-label="Activity items">
          {items.map((item) => (
            <ActivityEntry key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      {items && items.length >= limit ? <p className="activity-footer">{`Showing latest ${limit} activities`}</p> : null}
    </section>
  );
}
