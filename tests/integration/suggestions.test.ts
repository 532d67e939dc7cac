// AI campaign suggestions over a real database: planned from history and the sandbox
// catalogue without spending search calls; starting one creates a running campaign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
});
afterAll(() => h.close());

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });

describe('campaign suggestions', () => {
  it('requires a signed-in user on every call', async () => {
    expect((await h.call('GET', '/api/campaigns/suggestions?count=3')).status).toBe(401);
    expect((await h.call('POST', '/api/campaigns/from-suggestion', { body: { name: 'x', query: 'y' } })).status).toBe(401);
    expect((await h.call('GET', '/api/planner/insights')).status).toBe(401);
  });

  it('accepts only the counts 3, 5, 7 and 10 (default 5)', async () => {
    const bad = await api('GET', '/api/campaigns/suggestions?count=4');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('count must be one of 3, 5, 7, 10');
    expect((await api('GET', '/api/campaigns/suggestions?count=abc')).status).toBe(422);
    expect((await api('GET', '/api/campaigns/suggestions')).body.suggestions).toHaveLength(5);
    expect((await api('GET', '/api/campaigns/suggestions?count=10')).body.suggestions).toHaveLength(10);
  });

  it('answers with honest sources and quota figures, and spends no search call', async () => {
    const res = await api('GET', '/api/campaigns/suggestions?count=3');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ serpapi_used_this_month: 0, serpapi_remaining: 100, serpapi_quota: 100 });
    for (const s of res.body.suggestions) {
      expect(s.query).toMatch(/^[a-z ]+ in [A-Z][a-z]+/);
      expect(['high', 'medium', 'low']).toContain(s.priority);
      expect(s.signals.opportunity_score).toBeGreaterThanOrEqual(0);
      expect(s.signals.opportunity_score).toBeLessThanOrEqual(1);
      // No history yet: the catalogue and the documented defaults, nothing else.
      expect(s.signals.sources).toEqual(['sandbox catalogue', 'conservative defaults']);
      expect(s.rationale).toContain('conservative defaults, not measurements');
      expect(s.signals.search_volume).toBe(s.expected_leads);
    }
    expect((await api('GET', '/api/usage/today')).body.serpapi_calls_this_month).toBe(0);
  });

  it('validates the start modal bounds with a clear detail', async () => {
    const base = { name: 'Dentists in Boise', query: 'dentists in Boise', industry: 'Dentists', location: 'Boise, ID', mode: 'test' };
    const tooMany = await api('POST', '/api/campaigns/from-suggestion', { ...base, max_emails: 501 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toContain('Max Emails must be between 1 and 500');
    const tooFew = await api('POST', '/api/campaigns/from-suggestion', { ...base, max_results: 5 });
    expect(tooFew.body.detail).toContain('Max Results must be between 10 and 200');
    const noQuery = await api('POST', '/api/campaigns/from-suggestion', { name: 'x' });
    expect(noQuery.status).toBe(422);
    expect(noQuery.body.detail).toContain('query is required');
    expect((await api('GET', '/api/campaigns')).body).toHaveLength(0);
  });

  it('creates and starts a campaign from a suggestion; its history then shapes insights and suggestions', async () => {
    const before = await api('GET', '/api/planner/insights');
    expect(before.body.insights).toEqual({ total_searches: 0, learnings: expect.stringContaining('No campaigns run yet') });

    const [pick] = (await api('GET', '/api/campaigns/suggestions?count=3')).body.suggestions;
    const created = await api('POST', '/api/campaigns/from-suggestion', { ...pick, mode: 'test', savedAt: '2025-01-01T00:00:00Z' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: pick.name, search_query: pick.query, location: pick.location, mode: 'test', status: 'RUNNING', max_emails: 50, max_results: 100 });
    const done = await h.runToEnd(created.body.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.total_leads).toBe(pick.expected_leads);

    const after = (await api('GET', '/api/planner/insights')).body.insights;
    expect(after.total_searches).toBe(1);
    expect(after.learnings).toContain(`From 1 campaign and ${done.total_leads} lead`);
    expect(after.learnings).toMatch(/% of analysed sites had a contact email/);

    // Every listing of that pair is now a lead: it is not suggested again; its industry now carries history.
    const again = (await api('GET', '/api/campaigns/suggestions?count=10')).body.suggestions;
    expect(again.map((s: any) => s.query)).not.toContain(pick.query);
    const sameIndustry = again.find((s: any) => s.industry === pick.industry);
    if (sameIndustry) expect(sameIndustry.signals.sources).toContain('your campaign history');
    expect((await api('GET', '/api/usage/today')).body.serpapi_calls_this_month).toBe(0);
  }, 150_000);
});

describe('with SerpApi configured', () => {
  let fake: SerpApiFake;
  let paid: Harness;
  beforeAll(async () => {
    fake = await startSerpApiFake({ apiKey: 'serp-key' });
    paid = await startHarness({ OUTREACH_SERPAPI_KEY: 'serp-key', OUTREACH_SERPAPI_BASE_URL: fake.baseUrl });
  });
  afterAll(async () => {
    await paid.close();
    await fake.stop();
  });

  it('sends no request to SerpApi and offers nothing it cannot back up', async () => {
    const t = await paid.login(ADMIN.username, ADMIN.password);
    const res = await paid.call('GET', '/api/campaigns/suggestions?count=5', { token: t });
    expect(res.status).toBe(200);
    // No history and no free catalogue for a paid provider: an empty list rather than guesses.
    expect(res.body.suggestions).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    expect(res.body.serpapi_used_this_month).toBe(0);
  });
});
