// Real data for screen tests: a sandbox campaign run by the server's own worker.
import type { Campaign } from '../../../src/core/model/campaign.ts';
import type { ApiClient } from './api.ts';

/** Makes crawling fast for tests (the defaults are polite to real websites). */
export async function fastCrawling(admin: ApiClient): Promise<void> {
  await admin.call('POST', '/api/settings/system-config', { scraping_delay: 0.5, enable_rate_limiting: false });
}

/** Creates and starts a sandbox campaign; with `wait`, resolves once it is COMPLETED. */
export async function runCampaign(api: ApiClient, input: { name: string; search_query: string; industry?: string; location?: string; max_results?: number; max_emails?: number; sequence?: { steps: number; follow_up_days?: number[] } }, wait = true): Promise<Campaign> {
  const campaign = await api.call<Campaign>('POST', '/api/campaigns', input);
  await api.call('POST', `/api/campaigns/${campaign.id}/start`);
  if (!wait) return campaign;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    const now = await api.call<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    if (now.status !== 'RUNNING') return now;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`campaign ${campaign.id} did not finish`);
}
