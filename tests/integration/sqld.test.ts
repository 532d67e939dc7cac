// Scale-out on a real libSQL server (sqld): migrations apply over HTTP, a campaign started
// through `outreach serve` is worked by serve's own worker plus two `outreach worker`
// processes (each its own connection and data directory, as on separate hosts, sharing
// only OUTREACH_DB_URL and OUTREACH_SECRET_KEY) without a job done twice, and a worker
// killed with -9 mid-campaign costs nothing but a retry. Audits, the slowest stage, are taken
// by two `outreach worker --stages audit` hosts with Chromium while serve takes the rest.
import { createClient, type Client } from '@libsql/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqld, type SqldServer } from '../support/sqld.ts';
import { freePort } from '../support/ports.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { username: 'admin', password: 'admin-password-1' };

let sqld: SqldServer;
let db: Client;
let root: string;
let env: Record<string, string>;
const running = new Set<Outreach>();

interface Outreach {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

/** `node bin/outreach.js ARGS` as a "host" of its own: its own data directory, the shared env. */
function outreach(host: string, args: string[], hostEnv: Record<string, string> = {}): Outreach {
  const child = spawn(process.execPath, ['bin/outreach.js', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ...hostEnv, OUTREACH_DATA_DIR: join(root, host) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const proc: Outreach = { child, output: () => output, exited: new Promise((done) => child.once('close', (code) => done(code))) };
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** Waits for a line of the process's output; fails with everything it printed. */
async function waitFor(proc: Outreach, pattern: RegExp, ms = 60_000): Promise<RegExpExecArray> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const match = pattern.exec(proc.output());
    if (match) return match;
    if (proc.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${pattern} from \`outreach ${proc.child.spawnargs.slice(2).join(' ')}\`:\n${proc.output()}`);
}

async function stop(proc: Outreach, signal: NodeJS.Signals = 'SIGTERM') {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

/** An `outreach worker`; resolves once it runs, with its id (the prefix of its lease owners). */
async function startWorker(host: string, leaseSeconds: number, extra: string[] = [], hostEnv: Record<string, string> = {}) {
  const proc = outreach(host, ['worker', '--concurrency', '2', '--lease', String(leaseSeconds), ...extra], hostEnv);
  const [, id] = await waitFor(proc, /Worker (\S+) running/);
  return { proc, id };
}

const scalar = async (sql: string, args: (string | number)[] = []) => Number((await db.execute({ sql, args })).rows[0].n);
/** Leads with an email a campaign did not write to, the reason in their history (nothing worth saying). */
const notWrittenTo = (id: number) => scalar("SELECT count(DISTINCT lead_id) AS n FROM activity WHERE campaign_id = ? AND message LIKE 'Not writing to %'", [id]);
const campaignIs = async (id: number, status: string) => (await scalar('SELECT count(*) AS n FROM campaigns WHERE id = ? AND status = ?', [id, status])) === 1;

async function until(check: () => Promise<boolean>, what: string, ms = 90_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let api: (method: string, path: string, body?: unknown) => Promise<any>;
let server: Outreach;

/** Signs in to the server at `url`; `api` calls it from then on. */
async function signIn(url: string) {
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  api = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

async function startCampaign(query: string): Promise<number> {
  const created = await api('POST', '/api/campaigns', { name: query, search_query: query });
  await api('POST', `/api/campaigns/${created.id}/start`);
  return created.id as number;
}

/** Every lead analysed or with its error, one email per lead with an address, no job left. */
async function expectCleanFinish(id: number) {
  expect(await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ?', [id])).toBeGreaterThan(5);
  expect(await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND analyzed_at IS NULL AND last_error IS NULL', [id])).toBe(0);
  const withEmail = await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND contact_email IS NOT NULL', [id]);
  expect(await scalar('SELECT count(*) AS n FROM emails WHERE campaign_id = ?', [id]) + (await notWrittenTo(id))).toBe(withEmail);
  expect(await scalar('SELECT count(*) AS n FROM (SELECT lead_id FROM emails WHERE campaign_id = ? GROUP BY lead_id HAVING count(*) > 1)', [id])).toBe(0);
  expect(await scalar('SELECT count(*) AS n FROM (SELECT hostname FROM leads WHERE campaign_id = ? GROUP BY hostname HAVING count(*) > 1)', [id])).toBe(0);
  expect(await scalar("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND status <> 'done'", [id])).toBe(0);
}

beforeAll(async () => {
  sqld = await startSqld();
  db = createClient({ url: sqld.url });
  root = mkdtempSync(join(tmpdir(), 'outreach-sqld-hosts-'));
  // Fixed sandbox ports: serve hosts the sandbox web, the workers join it.
  const [http, https] = [await freePort(), await freePort()];
  env = {
    OUTREACH_DB_URL: sqld.url,
    // One master secret for every process: sessions and stored credentials read the same everywhere.
    OUTREACH_SECRET_KEY: randomBytes(32).toString('base64url'),
    OUTREACH_SANDBOX_PORT: String(http),
    OUTREACH_SANDBOX_HTTPS_PORT: String(https),
    OUTREACH_ADMIN_USERNAME: ADMIN.username,
    OUTREACH_ADMIN_PASSWORD: ADMIN.password,
    NO_COLOR: '1',
  };
}, 30_000);

afterAll(async () => {
  await Promise.all([...running].map((proc) => stop(proc, 'SIGKILL')));
  db?.close();
  await sqld?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
}, 30_000);

describe('outreach on a libSQL server (sqld)', () => {
  it('applies the migrations over HTTP once, with several hosts starting together', async () => {
    const journal = JSON.parse(readFileSync(join(REPO_ROOT, 'src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    // Three hosts' first start on the new server at once (they race to migrate), then a later one.
    for (const hosts of [['host-a', 'host-b', 'host-c'], ['host-d']]) {
      const runs = hosts.map((host) => outreach(host, ['db', 'migrate']));
      for (const run of runs) {
        expect(await run.exited, run.output()).toBe(0);
        expect(run.output()).toContain(`Database is up to date (${sqld.url}).`);
      }
      expect(await scalar('SELECT count(*) AS n FROM __drizzle_migrations')).toBe(journal.entries.length);
    }
    const tables = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['campaigns', 'leads', 'jobs', 'emails', 'activity', 'users']));
  }, 60_000);

  it('runs a campaign with serve and two worker processes, no job done twice', async () => {
    server = outreach('web', ['serve', '--port', '0']);
    const [, url] = await waitFor(server, /Outreach listening on (http:\/\/\S+)/, 90_000);
    await signIn(url);
    await api('POST', '/api/settings/system-config', { scraping_delay: 0.5, enable_rate_limiting: false });

    const workers = await Promise.all([startWorker('worker-1', 30), startWorker('worker-2', 30)]);
    const id = await startCampaign('dentists in Denver');
    // Who holds leases while it runs: the two worker processes, not only serve's own worker.
    const holders = new Set<string>();
    await until(async () => {
      const owners = await db.execute({ sql: "SELECT DISTINCT lease_owner AS o FROM jobs WHERE campaign_id = ? AND status = 'running'", args: [id] });
      for (const { o } of owners.rows) holders.add(String(o).replace(/#\d+$/, ''));
      return campaignIs(id, 'COMPLETED');
    }, 'the campaign to complete');
    expect(await Promise.all(workers.map((w) => stop(w.proc)))).toEqual([0, 0]);

    await expectCleanFinish(id);
    for (const w of workers) expect(holders, `worker ${w.id} never held a job`).toContain(w.id);
    // No job was taken from a live worker: a second attempt only ever follows a recorded failure,
    // and each lead was crawled once unless its job recorded one.
    expect(await scalar('SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND attempts > 1 AND last_error IS NULL', [id])).toBe(0);
    expect(
      await scalar(
        `SELECT count(*) AS n FROM (SELECT a.lead_id FROM activity a JOIN jobs j ON j.lead_id = a.lead_id AND j.campaign_id = a.campaign_id AND j.stage = 'analyze'
           WHERE a.campaign_id = ? AND a.activity_type = 'scrape' AND j.last_error IS NULL GROUP BY a.lead_id HAVING count(*) > 1)`,
        [id],
      ),
    ).toBe(0);
  }, 120_000);

  it('survives kill -9 of a worker mid-campaign', async () => {
    const id = await startCampaign('plumbers in Austin');
    // A short lease: the killed worker's jobs go back to the queue within seconds.
    const first = await startWorker('worker-3', 3);
    const heldBy = (owner: string) =>
      db.execute({ sql: "SELECT id FROM jobs WHERE campaign_id = ? AND status = 'running' AND lease_owner LIKE ?", args: [id, `${owner}#%`] });
    let held: number[] = [];
    await until(async () => {
      held = (await heldBy(first.id)).rows.map((r) => Number(r.id));
      return held.length > 0 && (await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND analyzed_at IS NOT NULL', [id])) >= 2;
    }, 'the worker to hold a job after two leads are analysed');
    first.proc.child.kill('SIGKILL');
    expect(await campaignIs(id, 'RUNNING')).toBe(true);
    expect(await first.proc.exited).toBeNull();

    const second = await startWorker('worker-4', 3);
    await until(() => campaignIs(id, 'COMPLETED'), 'the campaign to complete after the kill');
    expect(await stop(second.proc)).toBe(0);
    await expectCleanFinish(id);
    // What the dead worker held was done by another.
    const placeholders = held.map(() => '?').join(', ');
    expect(await scalar(`SELECT count(*) AS n FROM jobs WHERE id IN (${placeholders}) AND status = 'done'`, held)).toBe(held.length);
  }, 120_000);

  it('two audit workers on hosts with Chromium take every audit while serve takes the rest', async () => {
    // serve's host has no Chromium (the suite's default): it leaves the audits to the audit hosts.
    expect(await stop(server)).toBe(0);
    server = outreach('web', ['serve', '--port', '0', '--stages', 'search,analyze,draft']);
    const [, url] = await waitFor(server, /Outreach listening on (http:\/\/\S+)/, 90_000);
    await signIn(url);
    const chromium = { CHROME_PATH: '/usr/bin/chromium' };
    const auditors = await Promise.all([startWorker('audit-1', 60, ['--stages', 'audit'], chromium), startWorker('audit-2', 60, ['--stages', 'audit'], chromium)]);
    const created = await api('POST', '/api/campaigns', { name: 'Audited bakeries', search_query: 'bakeries in Portland', max_results: 4 });
    await api('POST', `/api/campaigns/${created.id}/start`);
    const id = created.id as number;
    const holders = new Map<number, string>();
    await until(async () => {
      const owners = await db.execute({ sql: "SELECT id, lease_owner AS o FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND status = 'running'", args: [id] });
      for (const { id: job, o } of owners.rows) holders.set(Number(job), String(o).replace(/#\d+$/, ''));
      return campaignIs(id, 'COMPLETED');
    }, 'the audited campaign to complete', 300_000);
    expect(await Promise.all(auditors.map((w) => stop(w.proc)))).toEqual([0, 0]);

    const audits = await scalar("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit'", [id]);
    expect(audits).toBeGreaterThan(1);
    expect(await scalar("SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND (status <> 'done' OR attempts <> 1)", [id])).toBe(0);
    // Each audit measured in a real browser by one of the two audit hosts, never by serve.
    expect(await scalar('SELECT count(*) AS n FROM site_audits a JOIN leads l ON l.id = a.lead_id WHERE l.campaign_id = ? AND a.measured = 1', [id])).toBe(audits);
    expect(new Set(holders.values())).toEqual(new Set(auditors.map((w) => w.id)));
    const withEmail = await scalar('SELECT count(*) AS n FROM leads WHERE campaign_id = ? AND contact_email IS NOT NULL', [id]);
    expect(await scalar('SELECT count(*) AS n FROM emails WHERE campaign_id = ?', [id]) + (await notWrittenTo(id))).toBe(withEmail);
  }, 360_000);
});
