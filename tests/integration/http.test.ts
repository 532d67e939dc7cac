import { serve, type ServerType } from '@hono/node-server';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe('bad requests never answer 500', () => {
  it('answers 400 with a detail for malformed JSON', async () => {
    const res = await h.call('POST', '/api/auth/login', { raw: '{"username": "admin",', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Malformed JSON in request body');
  });

  it('answers 415 when the body is not JSON', async () => {
    const res = await h.call('POST', '/api/auth/login', { raw: 'username=admin', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toContain('application/json');
  });

  it('answers 413 for an oversized body', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const huge = { email: 'a@b.co', full_name: 'x'.repeat(2 * 1024 * 1024) };
    const res = await h.call('PATCH', '/api/auth/profile', { token, body: huge });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/larger than/);
  });

  it('closes the connection cleanly when it answers before reading the body (413, 401), so the next request on a keep-alive agent works', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const server: ServerType = serve({ fetch: createApp(h.ctx).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; connection: string | undefined; detail: unknown }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, detail: JSON.parse(text).detail }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const me = () => send('GET', '/api/auth/me', { authorization: `Bearer ${token}` });
    try {
      const json = { 'content-type': 'application/json' };
      const tooBig = await send('PATCH', '/api/auth/profile', { ...json, authorization: `Bearer ${token}` }, JSON.stringify({ full_name: 'x'.repeat(2 * 1024 * 1024) }));
      expect(tooBig).toMatchObject({ status: 413, connection: 'close', detail: expect.stringMatching(/larger than/) });
      expect((await me()).status).toBe(200);
      // Signed out with a large body: refused before the body is read, so that connection ends too.
      const signedOut = await send('POST', '/api/campaigns', json, JSON.stringify({ name: 'x'.repeat(600_000), search_query: 'y' }));
      expect(signedOut).toMatchObject({ status: 401, connection: 'close' });
      expect((await me()).status).toBe(200);
      // A body that was read keeps its connection.
      const invalid = await send('POST', '/api/campaigns', { ...json, authorization: `Bearer ${token}` }, JSON.stringify({ name: '' }));
      expect(invalid).toMatchObject({ status: 422, connection: 'keep-alive' });
      expect((await me()).status).toBe(200);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a JSON 404 for unknown API routes', async () => {
    const res = await h.call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('No such API route: GET /api/nope');
  });

  it('answers 422 when a body is a JSON array instead of an object', async () => {
    const res = await h.call('POST', '/api/auth/login', { body: ['admin'] });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
  });
});

describe('OpenAPI document', () => {
  it('describes every API route the server answers, with its request schemas', async () => {
    const res = await h.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(res.body.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const served = h.app.routes
      .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.path !== '/api/openapi.json' && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(30);
    for (const route of served) expect(documented, route).toContain(route);
    for (const route of ['POST /api/auth/login', 'DELETE /api/users/{id}', 'GET /api/usage/summary', 'POST /api/campaigns/{id}/restart']) {
      expect(documented).toContain(route);
    }
    expect(res.body.components.schemas.CreateUserInput.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
  });
});

describe('dashboard', () => {
  it('serves index.html for every client route (SPA fallback) but not for /api', async () => {
    const dist = h.ctx.config.webDist;
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Outreach</title><div id="root"></div>');
    for (const route of ['/', '/login', '/dashboard', '/users', '/leads/42', '/oauth2/google-ads/callback']) {
      const res = await h.call('GET', route);
      expect(res.status, route).toBe(200);
      expect(res.body, route).toContain('<div id="root">');
    }
    expect((await h.call('GET', '/api/users')).status).toBe(401);
  });

  it('says how to build the dashboard when it is missing', async () => {
    const res = await h.call('GET', '/dashboard');
    expect(res.status).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('OAuth2 callback page', () => {
  it('keeps its link to the opener window (no opener isolation), unlike other pages', async () => {
    const dist = h.ctx.config.webDist;
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const callback = await h.call('GET', '/oauth2/google-ads/callback?code=x&state=y');
    expect(callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const other = await h.call('GET', '/settings');
    expect(other.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
