// Counts that tell the truth: a lead whose site could not be read is counted as failed, with a
// reason a person reads, and never as analysed; the campaign that completes with failures says
// so, a requeue that fails again says that, and a search that finds fewer than asked says why.
// The SerpApi contract fake answers the search (8 places: 2 without a website, 2 listings of one
// site, and one directory link); its .example websites never resolve, so every site fails.
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import { startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let serp: SerpApiFake;
let token: string;
let campaign: Campaign;

/** What a name lookup of a .example host fails with here: no such domain, or no DNS at all. */
const NOT_FOUND = /^(the address does not exist|the address could not be looked up \(the name server did not answer\))$/;
/** What users used to see. */
const RAW = /getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|EPROTO|SSL routines/;

beforeAll(async () => {
  serp = await startSerpApiFake({ apiKey: 'serp-key' });
  h = await startHarness({ OUTREACH_SERPAPI_KEY: 'serp-key', OUTREACH_SERPAPI_BASE_URL: serp.baseUrl, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false, dlq_max_retries: 0 }, null);
}, 60_000);
afterAll(async () => {
  await h.close();
  await serp.stop();
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const feed = async (id: number) =>
  (await h.ctx.db.$client.execute({ sql: 'SELECT message, status FROM activity WHERE campaign_id = ? ORDER BY id', args: [id] })).rows.map((r) => ({ message: String(r.message), status: String(r.status) }));

describe('a campaign whose sites cannot be read', () => {
  it('says why the search found fewer businesses than asked for, from what SerpApi answered', async () => {
    const created = (await api('POST', '/api/campaigns', { name: 'Austin plumbers', search_query: 'plumbers', location: 'Austin, TX', max_results: 10 })).body;
    await api('POST', `/api/campaigns/${created.id}/start`);
    campaign = await h.runToEnd(created.id);
    expect(campaign.total_leads).toBe(6);
    const note = 'Found 6 businesses (asked for 10): the search returned only 9 results; of those, 2 had no website and 1 was a second listing of a website already found';
    expect(campaign.search_note).toBe(note);
    expect((await feed(campaign.id)).find((e) => e.message.startsWith('Found '))).toEqual({ message: `${note}: 6 new`, status: 'warning' });
  }, 120_000);

  it('counts the leads whose site could not be read as failed, not analysed, with a readable reason', async () => {
    expect(campaign).toMatchObject({ status: 'COMPLETED', total_leads: 6, leads_analysed: 0, leads_failed: 6, processed_leads: 6 });
    const listed = (await api('GET', '/api/campaigns')).body.find((c: Campaign) => c.id === campaign.id);
    expect(listed).toMatchObject({ total_leads: 6, leads_analysed: 0, leads_failed: 6 });
    expect((await api('GET', `/api/campaigns/${campaign.id}/progress`)).body).toMatchObject({ total_leads: 6, processed_leads: 6, leads_analysed: 0, leads_failed: 6 });

    const errors = (await h.ctx.db.$client.execute({ sql: 'SELECT last_error FROM leads WHERE campaign_id = ?', args: [campaign.id] })).rows.map((r) => String(r.last_error));
    expect(errors).toHaveLength(6);
    for (const error of errors) {
      expect(error).not.toMatch(RAW);
      expect(error.replace('Website not analysed: ', '')).toMatch(NOT_FOUND);
    }
    const failures = (await api('GET', `/api/campaigns/${campaign.id}/failures`)).body;
    expect(failures.leads_failed).toBe(6);
    expect(failures.reasons.reduce((n: number, r: { leads: number }) => n + r.leads, 0)).toBe(6);
    for (const r of failures.reasons) expect(r.reason).toMatch(NOT_FOUND);
    // The raw error stays for operators: in the failed event's details.
    const details = (await h.ctx.db.$client.execute({ sql: "SELECT details FROM activity WHERE campaign_id = ? AND activity_type = 'error' LIMIT 1", args: [campaign.id] })).rows[0].details;
    expect(String(details)).toMatch(/error_detail/);
  });

  it('completes saying how many sites could not be read, and why', async () => {
    const done = (await feed(campaign.id)).filter((e) => e.message.startsWith(`Campaign "Austin plumbers" completed`));
    expect(done).toHaveLength(1);
    expect(done[0].status).toBe('warning');
    expect(done[0].message).toMatch(/^Campaign "Austin plumbers" completed — 6 of 6 sites could not be read: (6 × )?the address /);
    expect(done[0].message).toContain('(6 found, 0 analysed, 6 failed, 0 with a contact email, 0 emails drafted)');
    expect(done[0].message).not.toMatch(RAW);
  });

  it('says the requeued leads failed again', async () => {
    const res = await api('POST', `/api/campaigns/${campaign.id}/requeue-leads`);
    expect(res.body).toMatchObject({ leads_requeued: 6, campaign: { status: 'RUNNING', requeued_leads: 6 } });
    const after = await h.runToEnd(campaign.id);
    expect(after).toMatchObject({ status: 'COMPLETED', leads_analysed: 0, leads_failed: 6, requeued_leads: null });
    const last = (await feed(campaign.id)).at(-1)!;
    expect(last.status).toBe('warning');
    expect(last.message).toMatch(/^Campaign "Austin plumbers" completed — 6 leads failed again: (6 × )?the address /);
  }, 120_000);

  it('shows found / analysed / failed and the reasons in the terminal', async () => {
    const env = { ...process.env, OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0', NO_COLOR: '1' };
    const show = await execa('node', ['bin/outreach.js', 'campaign', 'show', String(campaign.id)], { env, reject: false });
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/Status\s+Completed — 6 of 6 sites could not be read/);
    expect(show.stdout).toMatch(/Leads\s+6 found, 0 analysed, 6 failed, 0 with a contact email/);
    expect(show.stdout).toMatch(/Found fewer\s+Found 6 businesses \(asked for 10\): the search returned only 9 results/);
    expect(show.stdout).toMatch(/Not read\s+(6 × )?the address /);
    expect(show.stdout).not.toMatch(RAW);
    const list = await execa('node', ['bin/outreach.js', 'campaign', 'list'], { env, reject: false });
    const [header, row] = list.stdout.split('\n');
    expect(header).toMatch(/FOUND\s+ANALYSED\s+FAILED/);
    expect(row).toMatch(/COMPLETED\s+6\s+0\s+6\s/);
  }, 60_000);
});
