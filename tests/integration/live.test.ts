// The live channel over a real socket: authentication, Origin, ping/pong, and an event
// written by a separate CLI process reaching a connected client.
import { serve, type ServerType } from '@hono/node-server';
import { execa } from 'execa';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { TERMINAL_OPERATOR } from '../../src/core/users/access.ts';
import { createApp } from '../../src/server/app.ts';
import { LiveHub } from '../../src/server/live-hub.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let hub: LiveHub;
let server: ServerType;
let base: string;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  hub = new LiveHub(h.ctx.activity, 200);
  await hub.start();
  server = serve({ fetch: createApp(h.ctx, hub).fetch, port: 0, hostname: '127.0.0.1', websocket: { server: new WebSocketServer({ noServer: true }) } });
  await new Promise((r) => server.once('listening', r));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await h.login(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  hub.stop();
  server.close();
  await h.close();
});

function connect(query: string, origin?: string) {
  const ws = new WebSocket(`ws://${base}/ws${query}`, origin ? { headers: { origin } } : {});
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, messages, closed, opened };
}

async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not received in time');
}

describe('/ws', () => {
  it('closes with a policy violation without a valid token or from another origin', async () => {
    expect(await connect('').closed).toBe(1008);
    expect(await connect('?token=forged').closed).toBe(1008);
    expect(await connect(`?token=${token}`, 'http://evil.example').closed).toBe(1008);
  });

  it('answers ping with pong', async () => {
    const client = connect(`?token=${token}`, `http://${base}`);
    await client.opened;
    client.ws.send('ping');
    await waitFor(() => client.messages.find((m) => m.type === 'pong'));
    client.ws.close();
  });

  it('delivers an event written by a separate CLI process', async () => {
    const campaign = await h.ctx.campaigns.create(TERMINAL_OPERATOR, { name: 'Live one', search_query: 'florists in Boise', industry: undefined, location: undefined, mode: 'test' });
    const client = connect(`?token=${token}`);
    await client.opened;
    const cli = await execa('node', ['bin/outreach.js', 'campaign', 'start', String(campaign.id)], {
      env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${h.dir}/test.db` },
      reject: false,
    });
    expect(cli.exitCode).toBe(0);
    const event = await waitFor(() => client.messages.find((m) => m.type === 'activity' && m.campaign_id === campaign.id));
    expect(event.message).toContain('Live one');
    await waitFor(() => client.messages.find((m) => m.type === 'campaign_updated' && m.data.campaign_id === campaign.id));
    client.ws.close();
  });
});
