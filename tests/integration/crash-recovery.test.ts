// What a crash can leave behind, and how the product picks it up: a search that died after
// inserting its leads, leads that nothing would ever analyse, and jobs still leased to a
// process that is gone. In-process, over a real libSQL file and the sandbox web.
import { execa } from 'execa';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SqlCampaignRepo } from '../../src/db/repos/campaigns.ts';
import { holderIsGone, leaseHolder } from '../../src/core/pipeline/worker-id.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
  await h.ctx.sandbox.start();
});
afterAll(() => h.close());

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number)[] = []) => h.ctx.db.$client.execute({ sql, args });
const scalar = async (sql: string, args: (string | number)[] = []) => Number((await exec(sql, args)).rows[0].n);

async function started(query: string, maxResults = 4): Promise<number> {
  const created = await api('POST', '/api/campaigns', { name: query, search_query: query, max_results: maxResults });
  expect((await api('POST', `/api/campaigns/${created.body.id}/start`)).status).toBe(200);
  return created.body.id;
}

/** A NEW lead of the campaign, inserted as the search stage inserts one; returns its id. */
async function insertLead(campaignId: number, url: string): Promise<number> {
  const now = Date.now();
  const result = await exec(
    "INSERT INTO leads (url, hostname, status, campaign_id, lead_source, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'NEW', ?, 'sandbox', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [url, new URL(url).hostname.replace(/^www\./, ''), campaignId, now, now, now],
  );
  return Number(result.rows[0].id);
}

/** A pid that is certainly not running: a process that has just exited. */
async function deadPid(): Promise<number> {
  const child = execa('node', ['-e', '']);
  const pid = child.pid!;
  await child;
  return pid;
}

/** What a search attempt did before its process died: results kept, leads inserted, nothing queued. */
async function searchDiedAfterInserting(id: number, owner: string) {
  const hits = (await (await h.ctx.sandbox.search()).search({ query: (await h.ctx.campaigns.get(id)).search_query, page: 0, pageSize: 10 })).hits.slice(0, 4);
  await new SqlCampaignRepo(h.ctx.db).update(id, { searchResults: hits });
  for (const hit of hits) await insertLead(id, hit.url);
  await exec("UPDATE jobs SET status = 'running', attempts = 1, lease_owner = ?, lease_expires_at = ? WHERE campaign_id = ? AND stage = 'search'", [owner, Date.now() + 120_000, id]);
}

describe('a search that died after inserting its leads', () => {
  it('is taken over at once and queues every lead on its retry, without searching again', async () => {
    const id = await started('plumbers in Austin');
    await searchDiedAfterInserting(id, `${hostname()}/${await deadPid()}/deadbeef#0`);
    expect(await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ?', [id])).toBe(4);

    const taken = await h.ctx.campaigns.takeOver(id);
    expect(taken).toMatchObject({ released: 1, waiting: [] });
    const done = await h.runToEnd(id);
    expect(done).toMatchObject({ status: 'COMPLETED', total_leads: 4, processed_leads: 4, leads_not_analysed: 0 });
    expect(await scalar("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'analyze'", [id])).toBe(4);
    const said = (await exec("SELECT message FROM activity WHERE campaign_id = ? AND activity_type = 'search' AND status = 'success'", [id])).rows.map((r) => String(r.message));
    expect(said).toEqual(['Found 4 businesses (cached results, no search quota used): 0 new, 4 already known']);
  }, 120_000);
});

describe('leads nothing would analyse', () => {
  it('are queued before a running campaign may complete', async () => {
    const id = await started('dentists in Denver', 3);
    await h.runToEnd(id);
    // A lead inserted with no job (what the old search left behind after a crash), campaign back to RUNNING.
    const leadId = await insertLead(id, 'https://lost-lead.example/');
    await exec("UPDATE campaigns SET status = 'RUNNING' WHERE id = ?", [id]);
    expect(await scalar('SELECT count(*) AS n FROM jobs WHERE lead_id = ?', [leadId])).toBe(0);
    // A running campaign queues such leads itself before it completes: the API reports none lost,
    // without walking the campaign's pending leads to count them.
    const execute = vi.spyOn(h.ctx.db.$client, 'execute');
    try {
      expect((await api('GET', `/api/campaigns/${id}`)).body.leads_not_analysed).toBe(0);
      expect((await api('GET', '/api/campaigns')).body.find((c: { id: number }) => c.id === id).leads_not_analysed).toBe(0);
      expect(execute.mock.calls.map(([stmt]) => JSON.stringify(stmt)).filter((sql) => sql.includes("j.stage = 'analyze'"))).toEqual([]);
    } finally {
      execute.mockRestore();
    }

    expect(await h.ctx.campaigns.completeIfDone(id)).toBe(false);
    expect((await api('GET', `/api/campaigns/${id}`)).body).toMatchObject({ status: 'RUNNING', leads_not_analysed: 0 });
    expect(await scalar("SELECT count(*) AS n FROM jobs WHERE lead_id = ? AND stage = 'analyze' AND status = 'queued'", [leadId])).toBe(1);

    const done = await h.runToEnd(id);
    expect(done).toMatchObject({ status: 'COMPLETED', leads_not_analysed: 0 });
    // The made-up site cannot be crawled: the lead carries the reason instead of staying NEW.
    expect(String((await exec('SELECT last_error FROM leads WHERE id = ?', [leadId])).rows[0].last_error)).toMatch(/^Website not analysed/);
  }, 120_000);

  it('in a campaign that completed before this check are counted, and requeue analyses them', async () => {
    const id = await started('florists in Boise', 2);
    await h.runToEnd(id);
    await insertLead(id, 'https://another-lost-lead.example/');
    expect((await api('GET', `/api/campaigns/${id}`)).body).toMatchObject({ status: 'COMPLETED', leads_not_analysed: 1 });
    const requeued = await api('POST', `/api/campaigns/${id}/requeue-leads`);
    expect(requeued.body.leads_requeued).toBe(1);
    expect(await h.runToEnd(id)).toMatchObject({ status: 'COMPLETED', leads_not_analysed: 0 });
  }, 120_000);
});

describe('taking over a RUNNING campaign', () => {
  it('releases only the jobs of a process that is provably gone and says what it waits for', async () => {
    const id = await started('roofers in Austin', 3);
    await h.runToEnd(id);
    await exec("UPDATE campaigns SET status = 'RUNNING' WHERE id = ?", [id]);
    const leads = (await exec('SELECT id FROM leads WHERE campaign_id = ? ORDER BY id', [id])).rows.map((r) => Number(r.id));
    const dead = `${hostname()}/${await deadPid()}/aaaaaaaa#0`;
    const alive = `${hostname()}/${process.ppid}/bbbbbbbb#1`;
    const elsewhere = 'build-box-2/4242/cccccccc#0';
    const expires = Date.now() + 100_000;
    for (const [leadId, owner] of [[leads[0], dead], [leads[1], alive], [leads[2], elsewhere]] as const) {
      await exec("UPDATE jobs SET status = 'running', lease_owner = ?, lease_expires_at = ? WHERE lead_id = ? AND stage = 'analyze'", [owner, expires, leadId]);
    }
    const taken = await h.ctx.campaigns.takeOver(id);
    expect(taken.released).toBe(1);
    expect(taken.waiting.map((w) => w.owner).sort()).toEqual([alive, elsewhere].sort());
    expect(taken.waiting.every((w) => Math.abs(w.expiresAt.getTime() - expires) < 1000)).toBe(true);
    expect(await scalar("SELECT count(*) AS n FROM jobs WHERE lead_id = ? AND stage = 'analyze' AND status = 'queued' AND lease_owner IS NULL", [leads[0]])).toBe(1);
    await exec("UPDATE campaigns SET status = 'PAUSED' WHERE id = ?", [id]);
  });

  it('reads a lease owner and never takes a live or foreign holder for dead', async () => {
    expect(leaseHolder('my-host.local/1234/abcd1234#3')).toEqual({ host: 'my-host.local', pid: 1234 });
    expect(leaseHolder('solo')).toBeUndefined();
    expect(holderIsGone(`${hostname()}/${await deadPid()}/x#0`)).toBe(true);
    expect(holderIsGone(`${hostname()}/${process.ppid}/x#0`)).toBe(false);
    expect(holderIsGone(`${hostname()}/${process.pid}/x#0`)).toBe(false);
    expect(holderIsGone('another-host/999999/x#0')).toBe(false);
    expect(holderIsGone('test-0#1')).toBe(false);
  });
});
