// The fuzz suite's run, shared by its two targets (the sources in process, the compiled server
// over a port): thousands of malformed requests from the OpenAPI document, each answered below
// 500, every 4xx with a `detail`, none writing to the database (where that can be seen), and the
// connection that carried an error still serving the next request.
import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import fc from 'fast-check';
import { Agent, request } from 'node:http';
import { expect } from 'vitest';
import { leads } from '../../../src/db/schema/index.ts';
import { malformed, type FuzzRequest, type Operation } from './openapi-fuzz.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Operations that reach a mail server, a search API or Google when a body is valid: only malformed ones go out signed in. */
export const REACHES_OUT = /validate-key|google-ads\/exchange|email-config|reply-detection|replies\/check|send-now|bulk-send|^POST \/api\/settings$|change-password/;

/** Requests over one keep-alive connection to a server on 127.0.0.1. */
export function keepAliveClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Sees whether a request wrote to the database, through a connection of its own to the same file. */
export function writeDetector(observer: Client) {
  /** Changes whenever another connection commits a write transaction, even one that changed nothing. */
  const dataVersion = async () => Number((await observer.execute('PRAGMA data_version')).rows[0][0]);
  /** Every row of every table, as text: read only when dataVersion says something was committed. */
  const contents = async (): Promise<string> => {
    const tables = (await observer.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows.map((r) => String(r.name));
    const parts: string[] = [];
    for (const t of tables) parts.push(`${t}:${JSON.stringify((await observer.execute(`SELECT * FROM "${t}"`)).rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
    return parts.join('\n');
  };
  /** The database as last seen, and the data_version it was seen at. */
  const seen = { version: -1, contents: '' };
  const changedTables = (a: string, b: string) => {
    const before = new Map(a.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l]));
    return b.split('\n').filter((l) => before.get(l.slice(0, l.indexOf(':'))) !== l).map((l) => l.slice(0, l.indexOf(':')));
  };
  return {
    dataVersion,
    /** Takes the database's state before a request; returns its version. */
    async mark(): Promise<number> {
      const version = await dataVersion();
      if (version !== seen.version) Object.assign(seen, { version, contents: await contents() });
      return version;
    },
    /** The tables whose rows differ from the state taken by mark() (none when nothing was committed). */
    async changedSince(version: number): Promise<string[]> {
      if ((await dataVersion()) === version) return [];
      return changedTables(seen.contents, await contents());
    },
  };
}

/** A JSON call to the server under test: its status and parsed body. */
export type Call = (method: string, path: string, opts: { token?: string; body?: unknown }) => Promise<{ status: number; body: any }>;

/** One record of each kind, so a malformed body next to a valid id reaches the deepest checks.
 * The API makes what it can; the lead and the draft (which only a campaign's run makes) go in through `db`. */
export async function seedTargets(call: Call, db: Client, token: string): Promise<Record<string, string>> {
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token, body });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const campaign = await made('/api/campaigns', { name: 'Fuzz target', search_query: 'bakers' });
  const [lead] = await drizzle(db).insert(leads).values({ campaignId: campaign, url: 'https://fuzz-bakery.example/', hostname: 'fuzz-bakery.example', title: 'Fuzz Bakery' }).returning({ id: leads.id });
  const now = Date.now();
  const draft = Number(
    (
      await db.execute({
        sql: "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, created_at, updated_at) VALUES (?, ?, 'Hello', 'Body', 'owner@fuzz-bakery.example', 'DRAFT', 0.7, 0, 0, ?, ?) RETURNING id",
        args: [campaign, lead.id, now, now],
      })
    ).rows[0].id,
  );
  const user = await made('/api/users', { username: 'fuzzuser', email: 'fuzz@example.com', password: 'fuzz-password-1' });
  return { campaigns: String(campaign), leads: String(lead.id), drafts: String(draft), emails: String(draft), users: String(user) };
}

/** A detail names the problem, briefly: the checks every 4xx of the suite passes. */
export function expectDetail(res: Answer, where: string): void {
  expect(String(res.headers['content-type']), where).toMatch(/application\/json/);
  const detail = JSON.parse(res.text).detail;
  expect(typeof detail, where).toBe('string');
  expect(detail.length, where).toBeGreaterThan(0);
  expect(detail.length, where).toBeLessThan(600);
  // A detail quotes at most ~100 characters of what was sent (the long inputs repeat one character).
  expect(detail, `${where}: the detail echoes a long input`).not.toMatch(/(.)\1{120}/su);
}

export interface FuzzRun {
  label: string;
  seed: number;
  runs: number;
  doc: any;
  ops: Operation[];
  token: string;
  /** A valid id per path prefix (campaigns, leads, drafts, emails, users). */
  ids: Record<string, string>;
  /** Sends request number n; says whether it went over the keep-alive connection that `me` uses. */
  send(r: FuzzRequest, n: number): Promise<{ answer: Answer; overConnection: boolean }>;
  /** GET /api/auth/me, signed in, over that same connection. */
  me(): Promise<Answer>;
  /** Whether to check, after request n, that its connection still serves the next request. */
  checkConnection(n: number): boolean;
  /** Checks that a refused request wrote nothing: only where nothing else writes (no background loops). */
  writes?: ReturnType<typeof writeDetector>;
}

export async function fuzzOperations(run: FuzzRun): Promise<{ sent: number; byStatus: Record<number, number> }> {
  const { label, seed, runs, doc, ops, token, ids } = run;
  console.log(`[fuzz ${label}] seed=${seed} runs=${runs} operations=${ops.length} (reproduce: OUTREACH_FUZZ_SEED=${seed})`);
  const fixtures = { token, idFor: (path: string) => ids[path.split('/')[2]] ?? ids.campaigns };
  // Operations with parameters or a body have more ways to be wrong: they are drawn more often.
  const arb = fc.oneof(...ops.map((op) => ({ arbitrary: malformed(doc, op, fixtures), weight: op.params.length || op.body ? 3 : 1 })));
  const tally = { sent: 0, connectionChecks: 0, docValid: 0, byStatus: {} as Record<number, number> };

  await fc.assert(
    fc.asyncProperty(arb, async (r) => {
      const req = { ...r, headers: { ...r.headers }, faults: [...r.faults] };
      if (!req.mustReject && REACHES_OUT.test(req.op)) {
        delete req.headers.authorization;
        req.faults.push('auth (signed out: the body is valid and this call reaches out)');
        req.mustReject = true;
      }
      if (!req.mustReject) tally.docValid++;
      const n = tally.sent++;
      const before = await run.writes?.mark();
      const { answer: res, overConnection } = await run.send(req, n);
      tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
      const where = `${req.method} ${req.path.slice(0, 120)} [${req.faults.join('; ')}] → ${res.status} ${res.text.slice(0, 200)}`;

      expect(res.status, where).toBeLessThan(500);
      if (req.mustReject) expect(res.status, where).toBeGreaterThanOrEqual(400);
      if (res.status >= 400) {
        expectDetail(res, where);
        if (run.writes) expect(await run.writes.changedSince(before!), `${where}: a refused request wrote to the database`).toEqual([]);
      }
      if (overConnection && run.checkConnection(n)) {
        tally.connectionChecks++;
        const me = await run.me();
        expect(me.status, `${where}: the next request on the same connection`).toBe(200);
      }
    }),
    { seed, numRuns: runs, endOnFailure: true },
  );
  console.log(`[fuzz ${label}] sent=${tally.sent} connection-checks=${tally.connectionChecks} doc-valid=${tally.docValid} statuses=${JSON.stringify(tally.byStatus)}`);
  return tally;
}
