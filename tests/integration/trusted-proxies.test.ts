// Login throttling behind a reverse proxy, through a real server socket: X-Forwarded-For
// names the client only when the connection comes from OUTREACH_TRUSTED_PROXIES, and one
// address's failed sign-ins slow that address down without locking anybody else out.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness | undefined;
let server: ServerType | undefined;

afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  await h?.close();
  server = h = undefined;
});

/** A server on 127.0.0.1 (our requests come from 127.0.0.1) trusting the given proxies. */
async function start(trustedProxies: string) {
  h = await startHarness({ OUTREACH_TRUSTED_PROXIES: trustedProxies });
  server = serve({ fetch: createApp(h.ctx).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server!.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (username: string, password: string, forwardedFor: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ username, password }),
    });
    return { status: res.status, body: (await res.json()) as { detail?: string; access_token?: string }, retryAfter: res.headers.get('retry-after') };
  };
}

/** 20 (the default per-address limit) failed sign-ins, one per made-up account. */
async function spray(login: Awaited<ReturnType<typeof start>>, forwardedFor: (i: number) => string) {
  for (let i = 0; i < 20; i++) expect((await login(`nobody-${i}`, 'wrong-password', forwardedFor(i))).status).toBe(401);
}

const SLOWED = /^Too many failed sign-in attempts from this network address\. Try again in \d+ seconds?\.$/;

/**
 * Two quick wrong guesses from a slowed address: the first may get the address's next slot
 * (if a second went by since the last failure), the second must then be refused.
 */
async function burst(login: Awaited<ReturnType<typeof start>>, forwardedFor: (i: number) => string) {
  await login('nobody-a', 'wrong-password', forwardedFor(0));
  return login('nobody-b', 'wrong-password', forwardedFor(1));
}

describe('login throttling behind a trusted proxy', () => {
  it('counts failures per forwarded client: the attacker is slowed, the administrator elsewhere signs in', async () => {
    const login = await start('127.0.0.1');
    // The attacker prepends addresses of his own; only the one our proxy appended counts.
    await spray(login, (i) => `203.0.113.${i}, 198.51.100.66`);

    const attacker = await burst(login, () => '198.51.100.66');
    expect(attacker.status).toBe(429);
    expect(attacker.body.detail).toMatch(SLOWED);
    expect(Number(attacker.retryAfter)).toBeGreaterThan(0);

    const elsewhere = await login('admin', ADMIN.password, '198.51.100.7');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.access_token).toBeTruthy();
  });

  it('keeps the per-account lock whatever address the guesses come from', async () => {
    const login = await start('127.0.0.1');
    for (let i = 0; i < 5; i++) expect((await login('admin', `wrong-${i}`, `198.51.100.${i}`)).status).toBe(401);
    const locked = await login('admin', ADMIN.password, '198.51.100.200');
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
  });
});

describe('login throttling from an untrusted peer', () => {
  it('ignores X-Forwarded-For: changing it does not escape the per-address slow-down', async () => {
    const login = await start('10.9.9.9, fd00::/8'); // some other proxy: 127.0.0.1 is not trusted
    await spray(login, (i) => `198.51.100.${i}`);
    const fresh = await burst(login, (i) => `198.51.100.${250 + i}`);
    expect(fresh.status).toBe(429);
    expect(fresh.body.detail).toMatch(SLOWED);
  });
});
