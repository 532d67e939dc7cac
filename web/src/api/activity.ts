// The activity feed: GET /api/activity?limit=&campaign_id=, newest first. Every feed reads
// an SWR key from activityKey(), so items from outside (the live channel) can be put at
// the top of every open feed with prependActivity() without a refetch.
import useSWR, { mutate } from 'swr';
import defaults from '../../../config/default.json';
import type { ActivityItem } from '../../../src/core/activity/feed.ts';
import { fetcher } from './client.ts';

export type { ActivityItem };

export const ACTIVITY_KEY = '/api/activity';
export const DEFAULT_ACTIVITY_LIMIT = defaults.ui.activity_default_limit;
export const DASHBOARD_FEED_LIMIT = defaults.ui.dashboard_feed_items;
/** Fallback refresh while no live channel feeds the list. */
export const ACTIVITY_REFRESH_MS = 5000;
/** The server's largest page; a cached list never grows past it. */
const MAX_CACHED = 500;

export function activityKey(limit: number, campaignId?: number | null): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (campaignId) query.set('campaign_id', String(campaignId));
  return `${ACTIVITY_KEY}?${query}`;
}

export function useActivity(limit = DEFAULT_ACTIVITY_LIMIT, campaignId?: number | null, refreshInterval = ACTIVITY_REFRESH_MS) {
  return useSWR<ActivityItem[]>(activityKey(limit, campaignId), fetcher, { refreshInterval });
}

/** The campaign filter of a feed key: null for the all-campaigns feed, undefined for another key. */
function feedCampaign(key: unknown): number | null | undefined {
  if (typeof key !== 'string' || !key.startsWith(`${ACTIVITY_KEY}?`)) return undefined;
  const campaign = new URLSearchParams(key.slice(ACTIVITY_KEY.length + 1)).get('campaign_id');
  return campaign ? Number(campaign) : null;
}

/** Newest first, one entry per id. */
export function mergeActivity(list: ActivityItem[] | undefined, items: ActivityItem[]): ActivityItem[] {
  const byId = new Map<number, ActivityItem>();
  for (const item of [...items, ...(list ?? [])]) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, MAX_CACHED);
}

/**
 * Puts live items at the top of every cached feed they belong to (the all-campaigns feeds
 * and the feeds of their campaign), deduplicated by id, without asking the server again.
 * Each feed shows only its own `limit` newest items.
 */
export function prependActivity(...items: ActivityItem[]): Promise<unknown> {
  if (items.length === 0) return Promise.resolve();
  const add = (matches: (campaign: number | null) => boolean, added: ActivityItem[]) =>
    mutate<ActivityItem[]>(
      (key) => {
        const campaign = feedCampaign(key);
        return campaign !== undefined && matches(campaign);
      },
      (list) => (list ? mergeActivity(list, added) : list),
      { revalidate: false },
    );
  const campaigns = new Set(items.map((item) => item.campaign_id).filter((id): id is number => id !== null));
  return Promise.all([
    add((campaign) => campaign === null, items),
    ...[...campaigns].map((id) => add((campaign) => campaign === id, items.filter((item) => item.campaign_id === id))),
  ]);
}
