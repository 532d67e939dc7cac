// A real app over a real libSQL file in a temp directory, driven through app.request.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildContext, type Context, type ContextOptions } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { createApp } from '../../../src/server/app.ts';
import type { Campaign } from '../../../src/core/model/campaign.ts';
import type { Clock } from '../../../src/core/resilience/clock.ts';
import { startDnsStub, type DnsStub } from '../../support/dns-stub.ts';
import { NO_CHROMIUM } from '../../support/no-chromium.ts';
import { ADMIN } from './template-db.ts';

export { ADMIN };

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export interface Harness {
  ctx: Context;
  app: ReturnType<typeof createApp>;
  dir: string;
  /** The DNS server recipient checks ask (host:port): pass it on to CLI processes that send. */
  dnsServer: string;
  call(method: string, path: string, opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Answer>;
  login(username: string, password: string): Promise<string>;
  createUser(adminToken: string, fields: Record<string, unknown>): Promise<any>;
  /** Runs in-process workers until the campaign leaves RUNNING (or `ms` pass); returns it as the API shows it. */
  runToEnd(id: number, options?: { workers?: number; ms?: number }): Promise<Campaign>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}, options: ContextOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-it-'));
  // Recipient checks ask DNS: a loopback stub where every domain has an MX, unless a test brings its own.
  const dns: DnsStub | undefined = env.OUTREACH_DNS_SERVER ? undefined : await startDnsStub({}, { fallback: 'mx' });
  const config = loadConfig({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'test.db')}`, ...(dns && { OUTREACH_DNS_SERVER: dns.server }), ...NO_CHROMIUM, ...env });
  config.webDist = join(dir, 'web-dist');
  // A copy of the run's migrated database with the admin in it (template-db.ts), unless the test
  // brings its own database or a clock (the admin's dates would not be its time).
  const template = env.OUTREACH_DB_URL === undefined && env.OUTREACH_DATA_DIR === undefined && !options.clock ? inject('harnessTemplateDb') : undefined;
  if (template) copyFileSync(template, join(dir, 'test.db'));
  const ctx = await buildContext(config, options);
  await ctx.users.bootstrapAdmin(ADMIN); // finds the admin already there in a copy
  const app = createApp(ctx);

  const call: Harness['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  const login = async (username: string, password: string) => {
    const res = await call('POST', '/api/auth/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };

  const createUser = async (adminToken: string, fields: Record<string, unknown>) => {
    const res = await call('POST', '/api/users', { token: adminToken, body: fields });
    if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const runToEnd: Harness['runToEnd'] = async (id, { workers = 1, ms = 120_000 } = {}) => {
    const pool = Array.from({ length: workers }, (_, i) => ctx.worker({ id: `test-${i}`, concurrency: 3, pollMs: 20 }));
    pool.forEach((w) => w.start());
    let campaign = await ctx.campaigns.get(id);
    for (const deadline = Date.now() + ms; campaign.status === 'RUNNING' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      campaign = await ctx.campaigns.get(id);
    }
    await Promise.all(pool.map((w) => w.stop()));
    return campaign;
  };

  return {
    ctx,
    app,
    dir,
    dnsServer: config.dnsServer!,
    call,
    login,
    createUser,
    runToEnd,
    close: async () => {
      await ctx.close();
      await dns?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
