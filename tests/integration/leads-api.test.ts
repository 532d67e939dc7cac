// The leads browser, lead detail, activity feed, dashboard and CSV exports over real leads:
// one sandbox campaign ('plumbers in Austin') run by a real worker, plus a few hand-made leads.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../../src/core/model/lead.ts';
import { leads, type NewLeadRow } from '../../src/db/schema/leads.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string; // a regular user: none of these calls needs an administrator
let campaignId: number;

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const sql = async (query: string, args: (string | number)[] = []) => (await h.ctx.db.$client.execute({ sql: query, args })).rows;
const one = async (query: string, args: (string | number)[] = []) => Number(Object.values((await sql(query, args))[0])[0]);
const insertLeads = async (rows: Omit<NewLeadRow, 'hostname'>[]) =>
  h.ctx.db.insert(leads).values(rows.map((r) => ({ ...r, hostname: new URL(r.url).hostname }))).returning({ id: leads.id });

/** Every page of a listing, following next_cursor. */
async function allPages(query: string) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await api('GET', `/api/leads?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.items.map((l: { id: number }) => l.id));
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids, pages };
}

beforeAll(async () => {
  h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  const admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'olivia', email: 'olivia@example.com', password: 'olivia-pass-1', role: 'user' });
  token = await h.login('olivia', 'olivia-pass-1');
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
  const created = await api('POST', '/api/campaigns', { name: 'Austin plumbers', search_query: 'plumbers', location: 'Austin' });
  campaignId = created.body.id;
  await api('POST', `/api/campaigns/${campaignId}/start`);
  const done = await h.runToEnd(campaignId, { ms: 150_000 });
  if (done.status !== 'COMPLETED' || done.total_leads < 6) throw new Error(`campaign did not complete: ${JSON.stringify(done)}`);
}, 180_000);
afterAll(() => h?.close());

describe('signed-in users only', () => {
  it('answers 401 without a token on every lead, activity, dashboard and export call', async () => {
    const calls = ['GET /api/leads', 'GET /api/leads/1', 'DELETE /api/leads/1', 'GET /api/leads/1/history', 'PATCH /api/leads/1/status', 'DELETE /api/leads/bulk/without-contact', 'GET /api/activity', 'GET /api/dashboard', 'GET /api/export/leads', 'GET /api/campaigns/1/export'];
    for (const [method, path] of calls.map((c) => c.split(' '))) {
      const res = await h.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.detail).toBeTruthy();
    }
  });
});

describe('GET /api/leads', () => {
  it("lists the campaign's leads newest first with the spec's fields", async () => {
    const res = await api('GET', `/api/leads?campaign_id=${campaignId}&limit=200`);
    expect(res.status).toBe(200);
    const total = await one('SELECT count(*) FROM leads WHERE campaign_id = ?', [campaignId]);
    expect(res.body.total).toBe(total);
    expect(res.body.items).toHaveLength(total);
    expect(res.body.next_cursor).toBeNull();
    const times = res.body.items.map((l: { discovered_at: string }) => l.discovered_at);
    expect([...times].sort().reverse()).toEqual(times);
    const analysed = res.body.items.find((l: { status: string }) => l.status !== 'NEW');
    expect(analysed).toMatchObject({ campaign_id: campaignId, hostname: expect.any(String), priority: expect.stringMatching(/^(High|Medium|Low)$/) });
    expect(analysed.sales_intelligence).toMatchObject({ urgency_level: expect.any(String), pain_points: expect.any(Array), decision_makers: expect.any(Array) });
    expect(Array.isArray(analysed.technology_stack)).toBe(true);
  });

  it('filters by status, category, search text, campaign and contact email', async () => {
    const byStatus = (await api('GET', '/api/leads?status=EMAIL_GENERATED&limit=200')).body;
    expect(byStatus.total).toBe(await one("SELECT count(*) FROM leads WHERE status = 'EMAIL_GENERATED'"));
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.items.every((l: { status: string }) => l.status === 'EMAIL_GENERATED')).toBe(true);

    const [{ business_category: category }] = await sql('SELECT business_category FROM leads WHERE business_category IS NOT NULL LIMIT 1');
    const byCategory = (await api('GET', `/api/leads?business_category=${encodeURIComponent(String(category))}&limit=200`)).body;
    expect(byCategory.total).toBe(await one('SELECT count(*) FROM leads WHERE business_category = ?', [String(category)]));
    expect(byCategory.items.every((l: { business_category: string }) => l.business_category === category)).toBe(true);

    const [target] = await sql('SELECT id, hostname, contact_email FROM leads WHERE contact_email IS NOT NULL LIMIT 1');
    const byHost = (await api('GET', `/api/leads?search=${encodeURIComponent(String(target.hostname).toUpperCase())}`)).body;
    expect(byHost.items.map((l: { id: number }) => l.id)).toEqual([Number(target.id)]);
    const byEmail = (await api('GET', `/api/leads?search=${encodeURIComponent(String(target.contact_email))}`)).body;
    expect(byEmail.items.map((l: { id: number }) => l.id)).toContain(Number(target.id));
    expect((await api('GET', '/api/leads?search=%25')).body.total).toBe(0); // a LIKE wildcard is plain text

    const other = (await api('POST', '/api/campaigns', { name: 'Empty', search_query: 'nothing' })).body;
    expect((await api('GET', `/api/leads?campaign_id=${other.id}`)).body).toEqual({ items: [], next_cursor: null, total: 0, total_exact: true });

    const withEmail = (await api('GET', `/api/leads?campaign_id=${campaignId}&has_email=true&limit=200`)).body;
    expect(withEmail.total).toBe(await one("SELECT count(*) FROM leads WHERE campaign_id = ? AND contact_email <> ''", [campaignId]));
    expect(withEmail.items.every((l: { contact_email: string | null }) => l.contact_email)).toBe(true);
  });

  it('sorts by opportunity, urgency, industry and location', async () => {
    const list = async (sort: string) => (await api('GET', `/api/leads?campaign_id=${campaignId}&sort=${sort}&limit=200`)).body.items as any[];
    const desc = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);
    const asc = (values: string[]) => values.every((v, i) => i === 0 || values[i - 1] <= v);
    expect(desc((await list('opportunity')).map((l) => l.market_opportunity_score ?? -1))).toBe(true);
    expect(desc((await list('urgency')).map((l) => l.urgency_score ?? -1))).toBe(true);
    const byIndustry = await list('industry');
    const filled = byIndustry.filter((l) => l.industry).map((l) => l.industry.toLowerCase());
    expect(asc(filled)).toBe(true);
    expect(byIndustry.slice(filled.length).every((l) => !l.industry)).toBe(true); // missing values last
    expect(asc((await list('location')).filter((l) => l.city).map((l) => l.city.toLowerCase()))).toBe(true);
  });

  it('pages with a keyset cursor: every lead exactly once, ties included, stable under inserts', async () => {
    const tied = new Date('2020-05-05T05:05:05Z');
    await insertLeads(
      Array.from({ length: 9 }, (_, i) => ({ url: `https://tie-${i}.example/`, title: `Tie ${i}`, discoveredAt: tied, marketOpportunityScore: 55, urgencyScore: 40, industry: 'Plumbing', city: 'Austin' })),
    );
    const total = await one('SELECT count(*) FROM leads');
    for (const sort of ['discovered_at', 'opportunity', 'urgency', 'industry', 'location']) {
      const whole = (await api('GET', `/api/leads?sort=${sort}&limit=200`)).body;
      expect(whole.total).toBe(total);
      const paged = await allPages(`sort=${sort}&limit=4`);
      expect(paged.pages, sort).toBe(Math.ceil(total / 4));
      expect(paged.ids, sort).toEqual(whole.items.map((l: { id: number }) => l.id));
    }

    // A lead discovered while someone pages does not shift the next page.
    const first = (await api('GET', '/api/leads?limit=3')).body;
    await insertLeads([{ url: 'https://late-arrival.example/', title: 'Late arrival' }]);
    const second = (await api('GET', `/api/leads?limit=3&cursor=${first.next_cursor}`)).body;
    const before = (await api('GET', '/api/leads?limit=7')).body.items.map((l: { id: number }) => l.id);
    expect([...first.items, ...second.items].map((l: { id: number }) => l.id)).toEqual(before.slice(1));
  });

  it('explains a bad query', async () => {
    const bad = await api('GET', '/api/leads?sort=price&limit=500&status=LOST');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('sort must be one of discovered_at, opportunity, urgency, industry, location');
    expect(bad.body.detail).toContain('limit must be between 1 and 200');
    expect(bad.body.detail).toContain('status must be one of NEW,');
    const page = (await api('GET', '/api/leads?limit=2&sort=urgency')).body;
    const wrongSort = await api('GET', `/api/leads?limit=2&sort=industry&cursor=${page.next_cursor}`);
    expect(wrongSort.status).toBe(400);
    expect(wrongSort.body.detail).toBe('cursor is not valid for this list (start again without a cursor)');
    expect((await api('GET', '/api/leads?cursor=garbage')).status).toBe(400);
  });
});

describe('one lead', () => {
  it("reads a lead and says 'Lead not found' for an unknown id", async () => {
    const id = await one('SELECT min(id) FROM leads WHERE campaign_id = ?', [campaignId]);
    expect((await api('GET', `/api/leads/${id}`)).body).toMatchObject({ id, campaign_id: campaignId });
    for (const path of ['', '/analysis', '/emails', '/interactions', '/history']) {
      const res = await api('GET', `/api/leads/999999${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe('Lead not found');
    }
    expect((await api('GET', '/api/leads/abc')).status).toBe(422);
  });

  it("answers the analysis, or 'No analysis data available' for a NEW lead", async () => {
    const id = await one("SELECT min(id) FROM leads WHERE campaign_id = ? AND analyzed_at IS NOT NULL", [campaignId]);
    const analysis = await api('GET', `/api/leads/${id}/analysis`);
    expect(analysis.status).toBe(200);
    expect(analysis.body).toMatchObject({ lead_id: id, has_ssl: expect.any(Boolean), technical_issues: expect.any(Array) });
    expect(analysis.body.crawl_log.length).toBeGreaterThan(0);
    const [fresh] = await insertLeads([{ url: 'https://brand-new.example/', title: 'Brand new' }]);
    const none = await api('GET', `/api/leads/${fresh.id}/analysis`);
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe('No analysis data available');
  });

  it('gives the history with counts, the draft with its quality breakdown, and records manual status changes', async () => {
    const id = await one("SELECT lead_id FROM emails WHERE campaign_id = ? AND status = 'DRAFT' LIMIT 1", [campaignId]);
    const before = (await api('GET', `/api/leads/${id}/history`)).body;
    expect(before.summary).toEqual({ total_emails: 1, draft_emails: 1, sent_emails: 0, total_interactions: 0 });
    expect(before.analysis.lead_id).toBe(id);
    const [email] = before.activities;
    expect(email).toMatchObject({ type: 'email', status: 'DRAFT', recipient_email: expect.stringContaining('@'), quality_score: expect.any(Number) });
    expect(email.quality_breakdown.parts.map((p: { name: string }) => p.name)).toContain('claims_verified');
    expect(email.quality_breakdown.claims).toMatchObject({ ok: true, stated: expect.any(Array) });
    const listed = (await api('GET', `/api/leads/${id}/emails`)).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: email.id, body: expect.any(String), lead_id: id });

    const bad = await api('PATCH', `/api/leads/${id}/status`, { status: 'WON' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe(`status must be one of ${LEAD_STATUSES.join(', ')}`);
    expect((await api('PATCH', `/api/leads/${id}/status`, { status: 'REPLIED', note: 'x' })).status).toBe(422);

    const updated = await api('PATCH', `/api/leads/${id}/status`, { status: 'REPLIED' });
    expect(updated.status).toBe(200);
    expect(updated.body.status).toBe('REPLIED');
    expect((await api('PATCH', `/api/leads/${id}/status`, { status: 'REPLIED' })).status).toBe(200); // no change, nothing recorded
    const interactions = (await api('GET', `/api/leads/${id}/interactions`)).body;
    expect(interactions).toEqual([
      expect.objectContaining({ interaction_type: 'status_change', description: 'Status changed from EMAIL_GENERATED to REPLIED by olivia', metadata: expect.objectContaining({ from: 'EMAIL_GENERATED', to: 'REPLIED' }) }),
    ]);
    const after = (await api('GET', `/api/leads/${id}/history`)).body;
    expect(after.summary).toEqual({ total_emails: 1, draft_emails: 1, sent_emails: 0, total_interactions: 1 });
    expect(after.activities.map((a: { type: string }) => a.type)).toEqual(['interaction', 'email']); // newest first
    const feed = (await api('GET', `/api/activity?campaign_id=${campaignId}&limit=1`)).body;
    expect(feed[0]).toMatchObject({ type: 'activity', activity_type: 'status_change', lead_id: id, campaign_id: campaignId });
    expect(feed[0].message).toContain('to REPLIED');
  });

  it('deletes a lead with its emails and interactions', async () => {
    const id = await one("SELECT lead_id FROM interactions WHERE interaction_type = 'status_change' LIMIT 1");
    const res = await api('DELETE', `/api/leads/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Lead deleted' });
    expect((await api('GET', `/api/leads/${id}`)).status).toBe(404);
    expect(await one('SELECT count(*) FROM emails WHERE lead_id = ?', [id])).toBe(0);
    expect(await one('SELECT count(*) FROM interactions WHERE lead_id = ?', [id])).toBe(0);
    expect(await one('SELECT count(*) FROM lead_analyses WHERE lead_id = ?', [id])).toBe(0);
    expect((await api('DELETE', `/api/leads/${id}`)).body.detail).toBe('Lead not found');
  });
});

describe('GET /api/activity', () => {
  it('answers the newest first, 50 by default, up to the limit, for one campaign', async () => {
    const total = await one('SELECT count(*) FROM activity');
    expect(total).toBeGreaterThan(50);
    const feed = (await api('GET', '/api/activity')).body;
    expect(feed).toHaveLength(50);
    const ids = feed.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe(await one('SELECT max(id) FROM activity'));
    expect(feed[0]).toEqual(expect.objectContaining({ type: 'activity', activity_type: expect.any(String), status: expect.any(String), message: expect.any(String), timestamp: expect.any(String), details: expect.any(Object) }));
    expect((await api('GET', '/api/activity?limit=5')).body.map((a: { id: number }) => a.id)).toEqual(ids.slice(0, 5));
    const other = (await api('POST', '/api/campaigns', { name: 'Quiet', search_query: 'quiet' })).body;
    expect((await api('GET', `/api/activity?campaign_id=${other.id}`)).body).toEqual([]);
    const mine = (await api('GET', `/api/activity?campaign_id=${campaignId}&limit=500`)).body;
    expect(mine.length).toBe(Math.min(500, await one('SELECT count(*) FROM activity WHERE campaign_id = ?', [campaignId])));
    expect(mine.every((a: { campaign_id: number }) => a.campaign_id === campaignId)).toBe(true);
    expect((await api('GET', '/api/activity?limit=501')).body.detail).toBe('limit must be between 1 and 500');
  });
});

describe('GET /api/dashboard', () => {
  it('counts what the database holds, with rates in percent to one decimal', async () => {
    // Mark three drafts as sent: one opened, one opened and replied; that lead converted.
    const drafts = await sql("SELECT id, lead_id FROM emails WHERE status = 'DRAFT' ORDER BY id LIMIT 3");
    const now = Date.now();
    await h.ctx.db.$client.execute({ sql: "UPDATE emails SET status = 'SENT', sent_at = ? WHERE id IN (?, ?, ?)", args: [now, ...drafts.map((d) => Number(d.id))] });
    await h.ctx.db.$client.execute({ sql: "UPDATE emails SET status = 'OPENED', opened_at = ? WHERE id = ?", args: [now, Number(drafts[0].id)] });
    await h.ctx.db.$client.execute({ sql: "UPDATE emails SET status = 'REPLIED', opened_at = ?, replied_at = ? WHERE id = ?", args: [now, now, Number(drafts[1].id)] });
    await api('PATCH', `/api/leads/${drafts[1].lead_id}/status`, { status: 'CONVERTED' });
    const running = (await api('POST', '/api/campaigns', { name: 'Running', search_query: 'roofers in Boise' })).body;
    await api('POST', `/api/campaigns/${running.id}/start`); // no worker runs here: it stays RUNNING

    const stats = (await api('GET', '/api/dashboard')).body;
    expect(stats).toMatchObject({
      total_campaigns: await one('SELECT count(*) FROM campaigns'),
      active_campaigns: 1,
      total_leads: await one('SELECT count(*) FROM leads'),
      emails_generated: await one('SELECT count(*) FROM emails'),
      emails_sent: 3,
      open_rate: 66.7,
      reply_rate: 33.3,
      conversion_rate: 33.3,
    });
    const newest = await sql('SELECT id FROM leads ORDER BY discovered_at DESC, id DESC LIMIT 10');
    expect(stats.recent_leads.map((l: { id: number }) => l.id)).toEqual(newest.map((r) => Number(r.id)));
    expect(Object.keys(stats.recent_leads[0]).sort()).toEqual(['business_category', 'company_name', 'discovered_at', 'id', 'status', 'title', 'url']);
  });
});

describe('CSV exports', () => {
  const rowsOf = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

  it('exports exactly the selected leads, formula-safe, as leads.csv', async () => {
    const [evil] = await insertLeads([{ url: 'https://formula.example/', title: '=HYPERLINK("https://evil.example","Click me")', companyName: '+Acme', campaignId }]);
    const other = await one('SELECT min(id) FROM leads WHERE campaign_id = ? AND contact_email IS NOT NULL', [campaignId]);
    const res = await api('GET', `/api/export/leads?ids=${evil.id},${other}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads.csv"');
    const rows = rowsOf(res.body);
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([other, evil.id].sort((a, b) => a - b));
    const formula = rows.find((r) => Number(r.id) === evil.id)!;
    expect(formula.title).toBe(`'=HYPERLINK("https://evil.example","Click me")`);
    expect(formula.company_name).toBe("'+Acme");
    const analysed = rows.find((r) => Number(r.id) === other)!;
    const issues = JSON.parse(String((await sql('SELECT technical_issues FROM lead_analyses WHERE lead_id = ?', [other]))[0].technical_issues));
    expect(analysed.technical_issues).toBe(issues.join('; '));
    expect(analysed.contact_email).toContain('@');

    const filtered = rowsOf((await api('GET', '/api/export/leads?status=ANALYZED')).body);
    expect(filtered.length).toBe(await one("SELECT count(*) FROM leads WHERE status = 'ANALYZED'"));
    expect((await api('GET', '/api/export/leads?ids=1,x')).body.detail).toBe('ids must be a comma-separated list of lead ids, e.g. 1,2,3');
  });

  it("exports a campaign's leads as campaign-{id}-leads.csv, streamed in pages", async () => {
    const res = await api('GET', `/api/campaigns/${campaignId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="campaign-${campaignId}-leads.csv"`);
    expect(rowsOf(res.body).length).toBe(await one('SELECT count(*) FROM leads WHERE campaign_id = ?', [campaignId]));
    expect((await api('GET', '/api/campaigns/999999/export')).body).toEqual({ detail: 'Campaign not found' });

    const big = (await api('POST', '/api/campaigns', { name: 'Imported', search_query: 'imported' })).body;
    await insertLeads(Array.from({ length: 1203 }, (_, i) => ({ url: `https://bulk-${i}.example/`, title: `Bulk ${i}`, campaignId: big.id, discoveredAt: new Date(Date.UTC(2021, 0, 1, 0, 0, i % 7)) })));
    const bulk = await api('GET', `/api/campaigns/${big.id}/export`);
    expect(bulk.headers.get('x-total-count')).toBe('1203');
    const ids = rowsOf(bulk.body).map((r) => r.id);
    expect(ids).toHaveLength(1203);
    expect(new Set(ids).size).toBe(1203);
  });
});

describe('DELETE /api/leads/bulk/without-contact', () => {
  it('deletes processed leads without an email, keeps the rest, and is not read as a lead id', async () => {
    const withEmail = await one("SELECT count(*) FROM leads WHERE contact_email <> ''");
    const unprocessed = await one("SELECT count(*) FROM leads WHERE analyzed_at IS NULL AND last_error IS NULL");
    const doomed = await one("SELECT count(*) FROM leads WHERE (contact_email IS NULL OR contact_email = '') AND (analyzed_at IS NOT NULL OR last_error IS NOT NULL)");
    expect(doomed).toBeGreaterThan(0);
    const res = await api('DELETE', '/api/leads/bulk/without-contact');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted_count: doomed });
    expect(await one("SELECT count(*) FROM leads WHERE contact_email <> ''")).toBe(withEmail);
    expect(await one('SELECT count(*) FROM leads WHERE analyzed_at IS NULL AND last_error IS NULL')).toBe(unprocessed);
    expect((await api('DELETE', '/api/leads/bulk/without-contact')).body).toEqual({ deleted_count: 0 });
  });
});
