// A campaign from the API to COMPLETED against the sandbox web: search, crawl, analyse,
// contacts, drafts — with the durable job queue and real workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundTruth } from '../../src/sandbox/truth.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  token = await h.login(ADMIN.username, ADMIN.password);
  // Tests run jobs quickly: no politeness delay between pages of one site.
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
});
afterAll(() => h.close());

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });

async function expectedSites(query: string) {
  const web = await h.ctx.sandbox.start();
  const search = await h.ctx.sandbox.search();
  const hits = [];
  for (let page = 0; ; page++) {
    const result = await search.search({ query, page, pageSize: 10 });
    hits.push(...result.hits);
    if (!result.hasMore) break;
  }
  const bySlug = new Map(web.sites.map((s) => [s.slug, s]));
  return hits.map((hit) => groundTruth(bySlug.get(new URL(hit.url).hostname.split('.')[0])!));
}

describe('a campaign end to end', () => {
  it('shares one crawler across jobs, so the global scraping rate and per-host delays hold for the whole process', async () => {
    const first = await h.ctx.providers.crawler();
    expect(await h.ctx.providers.crawler()).toBe(first);
  });

  it('refuses what the state machine does not allow, with 409 and a detail', async () => {
    const created = await api('POST', '/api/campaigns', { name: 'Transitions', search_query: 'florists in Boise' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'DRAFT', mode: 'test', max_results: null });
    const pause = await api('POST', `/api/campaigns/${created.body.id}/pause`);
    expect(pause.status).toBe(409);
    expect(pause.body.detail).toBe('Cannot pause a campaign that is DRAFT (allowed when RUNNING)');
    const resume = await api('POST', `/api/campaigns/${created.body.id}/resume`);
    expect(resume.status).toBe(409);
    expect((await api('DELETE', `/api/campaigns/${created.body.id}`)).status).toBe(200);
    expect((await api('GET', `/api/campaigns/${created.body.id}`)).status).toBe(404);
  });

  it('validates a new campaign', async () => {
    const res = await api('POST', '/api/campaigns', { name: ' ', search_query: 'x', max_results: 0, mode: 'loud' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('Campaign Name is required');
    expect(res.body.detail).toContain('Max Results must be between 1 and 1,000');
    expect(res.body.detail).toContain("mode must be 'test' or 'live'");
  });

  it('finds, analyses and drafts for every sandbox business of the query, then completes', async () => {
    const truth = await expectedSites('plumbers in Austin');
    expect(truth.length).toBeGreaterThan(5);

    const created = (await api('POST', '/api/campaigns', { name: 'Austin plumbers', search_query: 'plumbers', location: 'Austin' })).body;
    const started = await api('POST', `/api/campaigns/${created.id}/start`);
    expect(started.body.status).toBe('RUNNING');
    expect((await api('POST', `/api/campaigns/${created.id}/start`)).status).toBe(409);

    const done = await h.runToEnd(created.id, { workers: 1 });
    expect(done.status).toBe('COMPLETED');
    expect(done.total_leads).toBe(truth.length);
    expect(done.processed_leads).toBe(truth.length);
    const withEmail = truth.filter((t) => t.primary_email).length;
    expect(done.leads_with_email).toBeGreaterThanOrEqual(Math.floor(withEmail * 0.95));
    // Every lead with an email is written to, or not, with the reason in its history (nothing worth saying, an agency).
    const notWritten = await h.ctx.db.$client.execute({ sql: "SELECT lead_id, message FROM activity WHERE campaign_id = ? AND message LIKE 'Not writing to %'", args: [created.id] });
    for (const r of notWritten.rows) expect(String(r.message)).toMatch(/^Not writing to .+: (nothing worth saying|the site is itself a web or marketing agency)/);
    expect(done.emails_generated).toBeGreaterThan(0);
    expect(done.emails_generated + notWritten.rows.length).toBe(done.leads_with_email);

    const drafts = await h.ctx.db.$client.execute({ sql: 'SELECT status, recipient_email, quality_score FROM emails WHERE campaign_id = ?', args: [created.id] });
    expect(drafts.rows.every((r) => r.status === 'DRAFT')).toBe(true);
    expect(new Set(drafts.rows.map((r) => r.recipient_email)).size).toBe(drafts.rows.length);

    const feed = await h.ctx.db.$client.execute({ sql: 'SELECT activity_type FROM activity WHERE campaign_id = ? ORDER BY id', args: [created.id] });
    const types = feed.rows.map((r) => String(r.activity_type));
    const firstOf = (t: string) => types.indexOf(t);
    for (const t of ['search', 'discover', 'scrape', 'analyze', 'analysis_complete', 'generate', 'email_generated']) expect(types, t).toContain(t);
    expect(firstOf('search')).toBeLessThan(firstOf('discover'));
    expect(firstOf('discover')).toBeLessThan(firstOf('scrape'));
    expect(firstOf('analysis_complete')).toBeLessThan(firstOf('email_generated'));

    const listed = (await api('GET', `/api/drafts?campaign_id=${created.id}`)).body;
    expect(listed.count).toBe(done.emails_generated);
    expect(listed.drafts.map((d: { quality_score: number }) => d.quality_score)).toEqual(
      [...listed.drafts.map((d: { quality_score: number }) => d.quality_score)].sort((a, b) => b - a),
    );
    const one = listed.drafts[0];
    expect((await api('GET', `/api/drafts?search=${encodeURIComponent(one.lead_hostname)}`)).body.drafts.map((d: { id: number }) => d.id)).toEqual([one.id]);
    const good = (await api('GET', '/api/drafts?min_quality=0.6')).body;
    expect(good.drafts.every((d: { quality_score: number }) => d.quality_score >= 0.6)).toBe(true);
    expect((await api('GET', '/api/drafts?min_quality=2')).status).toBe(422);

    const progress = (await api('GET', `/api/campaigns/${created.id}/progress`)).body;
    expect(progress).toMatchObject({ status: 'COMPLETED', total_leads: truth.length, jobs: { queued: 0, running: 0 } });

    // The same businesses are not new leads for a second campaign.
    const again = (await api('POST', '/api/campaigns', { name: 'Again', search_query: 'plumbers', location: 'Austin' })).body;
    await api('POST', `/api/campaigns/${again.id}/start`);
    const second = await h.runToEnd(again.id);
    expect(second).toMatchObject({ status: 'COMPLETED', total_leads: 0 });
  }, 180_000);

  it('pauses and resumes; two workers never process the same job', async () => {
    const created = (await api('POST', '/api/campaigns', { name: 'Denver dentists', search_query: 'dentists in Denver', max_emails: 3 })).body;
    await api('POST', `/api/campaigns/${created.id}/start`);
    const worker = h.ctx.worker({ id: 'solo', concurrency: 1 });
    expect(await worker.runOnce()).toBe(true); // the search
    await api('POST', `/api/campaigns/${created.id}/pause`);
    expect(await worker.runOnce()).toBe(false); // a paused campaign's jobs wait
    expect((await api('GET', `/api/campaigns/${created.id}`)).body.status).toBe('PAUSED');
    await api('POST', `/api/campaigns/${created.id}/resume`);

    const done = await h.runToEnd(created.id, { workers: 2 });
    expect(done.status).toBe('COMPLETED');
    expect(done.emails_generated).toBe(3); // max_emails
    const jobs = await h.ctx.db.$client.execute({ sql: 'SELECT attempts, status FROM jobs WHERE campaign_id = ?', args: [created.id] });
    expect(jobs.rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  }, 180_000);
});
