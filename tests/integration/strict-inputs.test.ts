// Inputs that must never touch the wrong record or hang a connection: ids and numbers in plain
// digits only, a 413 that closes its connection cleanly, details that quote at most a little
// of the input, JSON in UTF-8 only, and search results without credentials in their URLs.
import { serve, type ServerType } from '@hono/node-server';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCredentials } from '../../src/core/pipeline/store.ts';
import { createApp } from '../../src/server/app.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;
let campaignId: number;

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  campaignId = (await h.call('POST', '/api/campaigns', { token, body: { name: 'Keep me', search_query: 'plumbers' } })).body.id;
});
afterAll(() => h.close());

describe('ids and numbers in plain digits', () => {
  it('never reads "0x1", "%201", "1.0" or "1e0" as record 1: 422 with a detail, and the record is untouched', async () => {
    for (const id of ['0x1', '%201', '0b1', '0o1', '1.0', '1e0', '+1', '01', '-1', '0', '9007199254740993', 'one']) {
      const res = await h.call('DELETE', `/api/campaigns/${id}`, { token });
      expect(res.status, id).toBe(422);
      expect(res.body.detail, id).toMatch(/^id must be/);
    }
    expect((await h.call('GET', `/api/campaigns/${campaignId}`, { token })).body.name).toBe('Keep me');
  });

  it('reads query numbers the same way', async () => {
    for (const path of ['/api/leads?limit=0x10', '/api/activity?limit=1e1', '/api/leads?campaign_id=1.0', '/api/drafts?min_quality=0x1', '/api/emails?campaign_id=%201', '/api/usage/summary?days=3e1']) {
      const res = await h.call('GET', path, { token });
      expect(res.status, path).toBe(422);
      expect(typeof res.body.detail, path).toBe('string');
    }
    expect((await h.call('GET', '/api/leads?limit=10', { token })).status).toBe(200);
    expect((await h.call('GET', '/api/drafts?min_quality=0.6', { token })).status).toBe(200);
  });
});

describe('what a bad request gets back', () => {
  it('quotes at most a few hundred characters of the input in a detail', async () => {
    const res = await h.call('POST', '/api/settings', { token, body: { key: 'k'.repeat(1_000_000), value: 'x' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.detail.length).toBeLessThan(200);
    expect(res.body.detail).toContain('…');
  });

  it('refuses JSON declared in another charset with 415', async () => {
    const res = await h.call('POST', '/api/auth/login', { raw: JSON.stringify(ADMIN), headers: { 'content-type': 'application/json; charset=utf-16' } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toMatch(/UTF-8/);
    expect((await h.call('POST', '/api/auth/login', { raw: JSON.stringify(ADMIN), headers: { 'content-type': 'application/json; charset=UTF-8' } })).status).toBe(200);
  });

  it('closes the connection after a 413, so the next request goes through', async () => {
    const server: ServerType = serve({ fetch: createApp(h.ctx).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const tooBig = await send('PATCH', '/api/auth/profile', JSON.stringify({ full_name: 'x'.repeat(2 * 1024 * 1024) }));
      expect(tooBig).toEqual({ status: 413, connection: 'close' });
      expect((await send('GET', '/api/auth/me')).status).toBe(200);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('search results', () => {
  it('lose user:password@ from their URLs', () => {
    expect(withoutCredentials('https://user:secret@shop.example/menu')).toBe('https://shop.example/menu');
    expect(withoutCredentials('https://shop.example/')).toBe('https://shop.example/');
  });
});
