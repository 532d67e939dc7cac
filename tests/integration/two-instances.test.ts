// Two `outreach serve` on one machine, each with its own data folder, both configured for the
// same sandbox ports (as two installs on their defaults 4100/4101 are; here a free pair the
// test picks). The first serves the sandbox web, the second shares it and says so. Each runs a
// sandbox campaign, as does a terminal `outreach run` with a third data folder, and no lead
// fails because a certificate is not trusted. When the first stops, the second serves the
// sandbox itself and its next campaign works.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import { apiLogin, type ApiClient } from '../e2e/support/api.ts';
import { fastCrawling, runCampaign } from '../e2e/support/campaign.ts';
import { startServer, type TestServer } from '../e2e/support/server.ts';
import { freePort } from '../support/ports.ts';

const ADMIN = { adminUsername: 'admin', adminPassword: 'two-instances-pass-1' };
// Shared by both servers, as the system's temporary folder is: the sandbox's certificate authority lives there.
const shared = mkdtempSync(join(tmpdir(), 'outreach-two-'));
let env: Record<string, string>;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(shared, { recursive: true, force: true });
});

async function serve(): Promise<{ server: TestServer; api: ApiClient }> {
  const server = await startServer({ ...ADMIN, env });
  servers.push(server);
  const api = await apiLogin(server.url, ADMIN.adminUsername, ADMIN.adminPassword);
  await fastCrawling(api);
  return { server, api };
}

interface Lead {
  id: number;
  url: string;
}
interface Activity {
  lead_id: number | null;
  activity_type: string;
  status: string;
  message: string;
  details?: { website?: string };
}

/** Warnings and errors that blame a certificate or TLS (a site's own missing https is no failure). */
const tlsFailures = (activity: Activity[]) =>
  activity.filter((a) => (a.status === 'warning' || a.status === 'error') && /certificate|signature|self[- ]signed|EPROTO|SSL|TLS|trusted/i.test(a.message)).map((a) => a.message);

/** Runs a campaign; checks that no lead failed over a certificate and that https sites were analysed. */
async function campaignWorks(api: ApiClient, query: string): Promise<void> {
  const done: Campaign = await runCampaign(api, { name: query, search_query: query, max_results: 10 });
  expect(done.status).toBe('COMPLETED');
  const leads = (await api.call<{ items: Lead[] }>('GET', `/api/leads?campaign_id=${done.id}&limit=100`)).items;
  const activity = await api.call<Activity[]>('GET', `/api/activity?campaign_id=${done.id}&limit=500`);
  expect(tlsFailures(activity), query).toEqual([]);
  const https = leads.filter((l) => l.url.startsWith('https:'));
  const analysed = new Set(activity.filter((a) => a.activity_type === 'analysis_complete').map((a) => a.lead_id));
  expect(https.length, `${query}: no https site among ${leads.map((l) => l.url).join(' ')}`).toBeGreaterThan(0);
  expect(https.filter((l) => analysed.has(l.id)).length, query).toBeGreaterThan(0);
}

beforeAll(async () => {
  env = {
    OUTREACH_SANDBOX_PORT: String(await freePort()),
    OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()),
    TMPDIR: shared,
  };
});

describe('two outreach serve on one machine', () => {
  it('each completes a sandbox campaign, and one goes on when the other stops', async () => {
    const first = await serve();
    const where = `Sandbox web on http://localhost:${env.OUTREACH_SANDBOX_PORT}/`;
    expect(first.server.output()).toContain(`${where} (240 generated test sites; not real businesses)`);
    expect(first.server.output()).not.toContain('served by');

    const second = await serve();
    expect(second.server.output()).toContain(`${where} (240 generated test sites; not real businesses)`);
    expect(second.server.output()).toMatch(/ {2}served by outreach process \d+, which this one shares: its https sites are trusted through the certificate authority all outreach processes of this user share; if it stops, this process serves the sandbox itself\./);

    await Promise.all([campaignWorks(first.api, 'dentists in Denver'), campaignWorks(second.api, 'plumbers in Austin')]);

    // A terminal run with a third data folder uses the same sandbox, trusted too.
    const runDir = join(shared, 'cli-run');
    const runEnv = { ...env, OUTREACH_DATA_DIR: runDir, OUTREACH_DB_URL: `file:${join(runDir, 'run.db')}` };
    const fast = await execa('node', ['bin/outreach.js', 'settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false'], { env: runEnv, reject: false });
    expect(fast.exitCode, fast.stderr).toBe(0);
    const run = await execa('node', ['bin/outreach.js', 'run', 'dentists in Denver', '--json', '--max-results', '8'], { env: runEnv, reject: false });
    expect(run.exitCode, run.stderr).toBe(0);
    const ran = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Activity & { type: string });
    const ranActivity = ran.filter((o) => o.type === 'activity');
    expect(tlsFailures(ranActivity)).toEqual([]);
    expect(ranActivity.filter((a) => a.activity_type === 'analysis_complete' && a.details?.website?.startsWith('https:')).length).toBeGreaterThan(0);

    // The first stops: the second serves the sandbox itself, and its next campaign still works.
    await first.server.stop();
    servers.splice(servers.indexOf(first.server), 1);
    for (const deadline = Date.now() + 15_000; !second.server.output().includes('this one serves it now') && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    expect(second.server.output()).toContain(`${where}: the process that served it stopped; this one serves it now.`);
    await campaignWorks(second.api, 'roofers in Phoenix');
  }, 420_000);
});
