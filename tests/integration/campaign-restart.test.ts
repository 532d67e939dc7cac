// Restart re-uses the cached search results: the search service is not called again.
// The SerpApi contract fake answers the search; its .example websites never resolve,
// so those leads end as "not analysed" — which requeue-leads then picks up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let serp: SerpApiFake;
let token: string;

beforeAll(async () => {
  serp = await startSerpApiFake({ apiKey: 'serp-key' });
  h = await startHarness({ OUTREACH_SERPAPI_KEY: 'serp-key', OUTREACH_SERPAPI_BASE_URL: serp.baseUrl, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false, dlq_max_retries: 0 }, null);
});
afterAll(async () => {
  await h.close();
  await serp.stop();
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });

describe('restart, requeue and rerun', () => {
  it('restarts from the cache without using search quota, with the modal bounds', async () => {
    const created = (await api('POST', '/api/campaigns', { name: 'Austin', search_query: 'plumbers', location: 'Austin, TX', max_results: 3 })).body;
    expect((await api('POST', `/api/campaigns/${created.id}/restart`, {})).status).toBe(409); // DRAFT, and nothing cached yet
    await api('POST', `/api/campaigns/${created.id}/start`);
    const first = await h.runToEnd(created.id);
    expect(first).toMatchObject({ status: 'COMPLETED', total_leads: 3 });
    const searches = serp.requests.filter((r) => r.path === '/search.json').length;
    const quotaUsed = (await api('GET', '/api/usage/today')).body.serpapi_calls_this_month;
    expect(quotaUsed).toBe(searches);

    const tooMany = await api('POST', `/api/campaigns/${created.id}/restart`, { max_emails: 1001, max_results: 0 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toContain('Max Emails must be between 1 and 1,000');
    expect(tooMany.body.detail).toContain('Max Results must be between 1 and 500');

    const restarted = await api('POST', `/api/campaigns/${created.id}/restart`, { max_emails: 10, max_results: 5 });
    expect(restarted.body).toMatchObject({ status: 'RUNNING', max_results: 5, max_emails: 10 });
    const second = await h.runToEnd(created.id);
    expect(second.status).toBe('COMPLETED');
    expect(second.total_leads).toBe(5);
    expect(serp.requests.filter((r) => r.path === '/search.json').length).toBe(searches);
    expect((await api('GET', '/api/usage/today')).body.serpapi_calls_this_month).toBe(quotaUsed);

    const feed = await h.ctx.db.$client.execute({ sql: "SELECT message FROM activity WHERE campaign_id = ? AND message LIKE '%cached results%'", args: [created.id] });
    expect(feed.rows.length).toBeGreaterThan(0);
  });

  it('requeues the leads that could not be analysed', async () => {
    const [campaign] = (await api('GET', '/api/campaigns')).body;
    const unfinished = await h.ctx.db.$client.execute({ sql: 'SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND last_error IS NOT NULL', args: [campaign.id] });
    expect(Number(unfinished.rows[0].n)).toBeGreaterThan(0); // .example sites never resolve
    const res = await api('POST', `/api/campaigns/${campaign.id}/requeue-leads`);
    expect(res.status).toBe(200);
    expect(res.body.leads_requeued).toBe(Number(unfinished.rows[0].n));
    expect(res.body.campaign.status).toBe('RUNNING');
    expect((await h.runToEnd(campaign.id)).status).toBe('COMPLETED');
  });

  it('bulk-reruns the selected campaigns and refuses an empty selection', async () => {
    const empty = await api('POST', '/api/campaigns/bulk-rerun', { campaign_ids: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toContain('Please select campaigns to rerun');
    const [campaign] = (await api('GET', '/api/campaigns')).body;
    const res = await api('POST', '/api/campaigns/bulk-rerun', { campaign_ids: [campaign.id] });
    expect(res.body.campaigns_rerun).toBe(1);
    expect((await h.runToEnd(campaign.id)).status).toBe('COMPLETED');
    expect(serp.requests.filter((r) => r.path === '/search.json').length).toBeGreaterThan(0);
  });
});

describe('bulk rerun is all or nothing', () => {
  it('reruns none when one of the selection cannot be rerun', async () => {
    const [done] = (await api('GET', '/api/campaigns')).body;
    const draft = (await api('POST', '/api/campaigns', { name: 'Never started', search_query: 'x' })).body;
    const res = await api('POST', '/api/campaigns/bulk-rerun', { campaign_ids: [done.id, draft.id] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Cannot rerun a campaign that is DRAFT (allowed when COMPLETED or FAILED or PAUSED)');
    expect((await api('GET', `/api/campaigns/${done.id}`)).body.status).toBe('COMPLETED');
  });
});
