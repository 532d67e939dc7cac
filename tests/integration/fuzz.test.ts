// Thousands of malformed requests generated from the app's own OpenAPI document: none may get a
// 5xx, every 4xx names the problem in `detail`, a refused request writes nothing, and the
// connection that carried an error still serves the next request.
// Reproduce a failure with OUTREACH_FUZZ_SEED=<seed printed below>; OUTREACH_FUZZ_RUNS sets the count.
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type Client } from '@libsql/client';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { fuzzOperations, keepAliveClient, seedTargets, writeDetector, type Answer } from './support/fuzz-run.ts';
import { operations, type FuzzRequest, type Operation } from './support/openapi-fuzz.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const SEED = Number(process.env.OUTREACH_FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.OUTREACH_FUZZ_RUNS ?? 4000);
/** Every this-many requests goes over a real port on a keep-alive agent instead of app.request. */
const OVER_PORT_EVERY = 4;

let h: Harness;
let doc: any;
let ops: Operation[];
let token: string;
let ids: Record<string, string>;
let observer: Client;
let writes: ReturnType<typeof writeDetector>;
let server: ServerType;
let client: ReturnType<typeof keepAliveClient>;

async function inProcess(r: FuzzRequest): Promise<Answer> {
  const res = await h.app.request(r.path, { method: r.method, headers: r.headers, body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  doc = (await h.call('GET', '/api/openapi.json')).body;
  ops = operations(doc);

  observer = createClient({ url: h.ctx.config.dbUrl });
  writes = writeDetector(observer);
  ids = await seedTargets((method, path, opts) => h.call(method, path, opts), observer, token);
  server = serve({ fetch: createApp(h.ctx).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  client = keepAliveClient((server.address() as AddressInfo).port);
});

afterAll(async () => {
  client?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  observer?.close();
  await h?.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('has operations to fuzz, and a write detector that sees writes', async () => {
    expect(ops.length).toBeGreaterThan(60);
    const before = await writes.dataVersion();
    expect((await h.call('POST', '/api/campaigns', { token, body: { name: 'Seen by the detector', search_query: 'x' } })).status).toBe(201);
    expect(await writes.dataVersion()).not.toBe(before);
  });

  it(`answers ${RUNS} malformed requests with a 4xx and a detail, writes nothing for them, keeps connections usable`, { timeout: 120_000 }, async () => {
    const me = () => client.send('GET', '/api/auth/me', { authorization: `Bearer ${token}` });
    const tally = await fuzzOperations({
      label: 'sources',
      seed: SEED,
      runs: RUNS,
      doc,
      ops,
      token,
      ids,
      writes,
      me,
      send: async (r, n) => {
        const overConnection = n % OVER_PORT_EVERY === 0;
        return { answer: overConnection ? await client.send(r.method, r.path, r.headers, r.body) : await inProcess(r), overConnection };
      },
      checkConnection: () => true,
    });
    expect(tally.sent).toBeGreaterThanOrEqual(Math.min(RUNS, 2000));
  });

  it('closes the connection after an oversized body, and the next request on the same agent works', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(h.ctx.config.bodyLimitBytes + 10), search_query: 'y' });
    for (const [method, path] of [['POST', '/api/campaigns'], ['PATCH', `/api/campaigns/${ids.campaigns}`], ['POST', '/api/auth/login']]) {
      const before = await writes.mark();
      const res = await client.send(method, path, { 'content-type': 'application/json', authorization: `Bearer ${token}` }, big);
      expect(res.status, path).toBe(413);
      expect(res.headers.connection, path).toBe('close');
      expect(typeof JSON.parse(res.text).detail).toBe('string');
      expect(await writes.changedSince(before)).toEqual([]);
      expect((await client.send('GET', '/api/auth/me', { authorization: `Bearer ${token}` })).status).toBe(200);
    }
  });
});
