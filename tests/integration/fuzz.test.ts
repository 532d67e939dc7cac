// Thousands of malformed requests generated from the app's own OpenAPI document: none may get a
// 5xx, every 4xx names the problem in `detail`, a refused request writes nothing, and the
// connection that carried an error still serves the next request.
// Reproduce a failure with OUTREACH_FUZZ_SEED=<seed printed below>; OUTREACH_FUZZ_RUNS sets the count.
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type Client } from '@libsql/client';
import fc from 'fast-check';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/db/schema/index.ts';
import { createApp } from '../../src/server/app.ts';
import { malformed, operations, type FuzzRequest, type Operation } from './support/openapi-fuzz.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const SEED = Number(process.env.OUTREACH_FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.OUTREACH_FUZZ_RUNS ?? 4000);
/** Every this-many requests goes over a real port on a keep-alive agent instead of app.request. */
const OVER_PORT_EVERY = 4;
/** Operations that reach a mail server, a search API or Google when a body is valid: only malformed ones go out signed in. */
const REACHES_OUT = /validate-key|google-ads\/exchange|email-config|reply-detection|replies\/check|send-now|bulk-send|^POST \/api\/settings$|change-password/;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

let h: Harness;
let doc: any;
let ops: Operation[];
let token: string;
let ids: Record<string, string>;
let observer: Client;
let server: ServerType;
let port: number;
let agent: Agent;

function overPort(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function inProcess(r: FuzzRequest): Promise<Answer> {
  const res = await h.app.request(r.path, { method: r.method, headers: r.headers, body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

/** Changes whenever another connection (the app's) commits a write transaction, even one that changed nothing. */
const dataVersion = async () => Number((await observer.execute('PRAGMA data_version')).rows[0][0]);

/** Every row of every table, as text: read only when dataVersion says something was committed. */
async function contents(): Promise<string> {
  const tables = (await observer.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows.map((r) => String(r.name));
  const parts: string[] = [];
  for (const t of tables) parts.push(`${t}:${JSON.stringify((await observer.execute(`SELECT * FROM "${t}"`)).rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
  return parts.join('\n');
}

/** The database as last seen, and the data_version it was seen at. */
const seen = { version: -1, contents: '' };
async function refreshSeen(): Promise<number> {
  const version = await dataVersion();
  if (version !== seen.version) Object.assign(seen, { version, contents: await contents() });
  return version;
}

/** Which tables differ between two contents() texts. */
const changedTables = (a: string, b: string) => {
  const before = new Map(a.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l]));
  return b.split('\n').filter((l) => before.get(l.slice(0, l.indexOf(':'))) !== l).map((l) => l.slice(0, l.indexOf(':')));
};

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  doc = (await h.call('GET', '/api/openapi.json')).body;
  ops = operations(doc);

  // One record of each kind, so a malformed body next to a valid id reaches the deepest checks.
  const campaign = (await h.call('POST', '/api/campaigns', { token, body: { name: 'Fuzz target', search_query: 'bakers' } })).body.id;
  const [lead] = await h.ctx.db.insert(leads).values({ campaignId: campaign, url: 'https://fuzz-bakery.example/', hostname: 'fuzz-bakery.example', title: 'Fuzz Bakery' }).returning({ id: leads.id });
  const now = Date.now();
  const draft = Number(
    (
      await h.ctx.db.$client.execute({
        sql: "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, created_at, updated_at) VALUES (?, ?, 'Hello', 'Body', 'owner@fuzz-bakery.example', 'DRAFT', 0.7, 0, 0, ?, ?) RETURNING id",
        args: [campaign, lead.id, now, now],
      })
    ).rows[0].id,
  );
  const user = (await h.createUser(token, { username: 'fuzzuser', email: 'fuzz@example.com', password: 'fuzz-password-1' })).id;
  ids = { campaigns: String(campaign), leads: String(lead.id), drafts: String(draft), emails: String(draft), users: String(user) };

  observer = createClient({ url: h.ctx.config.dbUrl });
  server = serve({ fetch: createApp(h.ctx).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
});

afterAll(async () => {
  agent?.destroy();
  if (server) await new Promise((resolve) => server.close(resolve));
  observer?.close();
  await h?.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('has operations to fuzz, and a write detector that sees writes', async () => {
    expect(ops.length).toBeGreaterThan(60);
    const before = await dataVersion();
    expect((await h.call('POST', '/api/campaigns', { token, body: { name: 'Seen by the detector', search_query: 'x' } })).status).toBe(201);
    expect(await dataVersion()).not.toBe(before);
  });

  it(`answers ${RUNS} malformed requests with a 4xx and a detail, writes nothing for them, keeps connections usable`, { timeout: 120_000 }, async () => {
    console.log(`[fuzz] seed=${SEED} runs=${RUNS} operations=${ops.length} (reproduce: OUTREACH_FUZZ_SEED=${SEED})`);
    const fixtures = {
      token,
      idFor: (path: string) => ids[path.split('/')[2]] ?? ids.campaigns,
    };
    // Operations with parameters or a body have more ways to be wrong: they are drawn more often.
    const arb = fc.oneof(...ops.map((op) => ({ arbitrary: malformed(doc, op, fixtures), weight: op.params.length || op.body ? 3 : 1 })));
    const tally = { sent: 0, overPort: 0, docValid: 0, byStatus: {} as Record<number, number> };

    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        const req = { ...r, headers: { ...r.headers } };
        if (!req.mustReject && REACHES_OUT.test(req.op)) {
          delete req.headers.authorization;
          req.faults.push('auth (signed out: the body is valid and this call reaches out)');
          req.mustReject = true;
        }
        if (!req.mustReject) tally.docValid++;
        const useAgent = tally.sent++ % OVER_PORT_EVERY === 0;
        const before = await refreshSeen();
        const res = useAgent ? await overPort(req.method, req.path, req.headers, req.body) : await inProcess(req);
        tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
        const where = `${req.method} ${req.path.slice(0, 120)} [${req.faults.join('; ')}] → ${res.status} ${res.text.slice(0, 200)}`;

        expect(res.status, where).toBeLessThan(500);
        if (req.mustReject) expect(res.status, where).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) {
          expect(String(res.headers['content-type']), where).toMatch(/application\/json/);
          const detail = JSON.parse(res.text).detail;
          expect(typeof detail, where).toBe('string');
          expect(detail.length, where).toBeGreaterThan(0);
          expect(detail.length, where).toBeLessThan(600);
          // A detail quotes at most ~100 characters of what was sent (the long inputs repeat one character).
          expect(detail, `${where}: the detail echoes a long input`).not.toMatch(/(.)\1{120}/su);
          if ((await dataVersion()) !== before) {
            const after = await contents();
            expect(changedTables(seen.contents, after), `${where}: a refused request wrote to the database`).toEqual([]);
          }
        }
        if (useAgent) {
          tally.overPort++;
          const me = await overPort('GET', '/api/auth/me', { authorization: `Bearer ${token}` });
          expect(me.status, `${where}: the next request on the same agent`).toBe(200);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`[fuzz] sent=${tally.sent} over-port=${tally.overPort} doc-valid=${tally.docValid} statuses=${JSON.stringify(tally.byStatus)}`);
    expect(tally.sent).toBeGreaterThanOrEqual(2000);
  });

  it('closes the connection after an oversized body, and the next request on the same agent works', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(h.ctx.config.bodyLimitBytes + 10), search_query: 'y' });
    for (const [method, path] of [['POST', '/api/campaigns'], ['PATCH', `/api/campaigns/${ids.campaigns}`], ['POST', '/api/auth/login']]) {
      const before = await refreshSeen();
      const res = await overPort(method, path, { 'content-type': 'application/json', authorization: `Bearer ${token}` }, big);
      expect(res.status, path).toBe(413);
      expect(res.headers.connection, path).toBe('close');
      expect(typeof JSON.parse(res.text).detail).toBe('string');
      if ((await dataVersion()) !== before) expect(changedTables(seen.contents, await contents())).toEqual([]);
      expect((await overPort('GET', '/api/auth/me', { authorization: `Bearer ${token}` })).status).toBe(200);
    }
  });
});
