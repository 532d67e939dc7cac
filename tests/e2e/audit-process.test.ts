// serve's site audits run in a child `outreach worker --stages audit` (each audit forks Chromium
// and the Lighthouse CLI, which would block serve's event loop): the compiled server starts it,
// the sandbox campaign's audits are measured by it, serve starts it again when it dies, and it
// stops when serve stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/core/model/lead.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-21' };
const WORKER = /Audit worker: Worker \S+?\/(\d+)\/\S+ running \(\d+ at a time, audit jobs only\); it stops with serve\./g;

let server: TestServer;
let api: ApiClient;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`${what} within ${ms} ms\n--- server output ---\n${server.output()}`);
}

/** The pids of the audit workers serve started so far, in order. */
function auditWorkers(): number[] {
  return [...server.output().matchAll(WORKER)].map((m) => Number(m[1]));
}

beforeAll(async () => {
  // The test host's Chromium (campaign tests elsewhere run "without" it).
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password, env: { CHROME_PATH: '/usr/bin/chromium' } });
  api = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(api);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("serve's audit process", () => {
  it('measures the campaign’s sites in a child worker, which serve restarts when it dies and stops with itself', async () => {
    const first = await until('the audit worker started', () => auditWorkers()[0]);

    await runCampaign(api, { name: 'Audited apart', search_query: 'plumbers', location: 'Denver, CO', max_results: 3 });
    const leads = await api.call<{ items: Lead[] }>('GET', '/api/leads?limit=10');
    const audits = await Promise.all(leads.items.map((lead) => api.call<{ measured: boolean } | null>('GET', `/api/leads/${lead.id}/audit`).catch(() => null)));
    expect(audits.filter((audit) => audit?.measured).length).toBeGreaterThan(0);

    process.kill(first, 'SIGKILL');
    await until('serve said the audit worker stopped', () => (/Audit worker stopped \(SIGKILL\); starting it again in 1 s\./.test(server.output()) ? true : undefined));
    const second = await until('a second audit worker', () => auditWorkers()[1]);
    expect(second).not.toBe(first);
    expect(alive(second)).toBe(true);

    await server.stop();
    await until('the audit worker stopped with serve', () => (alive(second) ? undefined : true), 15_000);
  }, 180_000);
});
