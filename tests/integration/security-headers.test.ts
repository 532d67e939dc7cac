// Every answer carries the one Content-Security-Policy: dashboard HTML, API JSON, assets,
// errors and the public tracking pages, which must render without inline styles.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self' ws://localhost wss://localhost; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

let h: Harness;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  h = await startHarness();
  // A stand-in for the built dashboard (web/dist may be rebuilt by another run meanwhile).
  const dist = join(h.dir, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("dashboard")');
  h.ctx.config.webDist = dist;
  app = createApp(h.ctx);
});
afterAll(() => h.close());

const get = (path: string, init?: RequestInit) => app.request(path, init);

describe('Content-Security-Policy', () => {
  it('is the same strict policy on HTML, API answers, assets and errors', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const answers = {
      'dashboard index': await get('/'),
      'SPA route': await get('/leads'),
      'API answer': await get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }),
      'OpenAPI document': await get('/api/openapi.json'),
      asset: await get('/assets/index-abc.js'),
      'API 401': await get('/api/auth/me'),
      'API 404': await get('/api/no-such-thing'),
      'API 422': await get('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      'non-API 404': await get('/nothing-here', { method: 'POST' }),
      'tracking page 404': await get('/u/not-a-token'),
      'tracked link page': await get('/t/c/whatever/hp'),
      'tracking stylesheet': await get('/t/page.css'),
      pixel: await get('/t/o/whatever.gif'),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, `${res.status} ${res.headers.get('content-security-policy')}`]));
    const expected = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, `${res.status} ${POLICY}`]));
    expect(seen).toEqual(expected);
    expect(answers['dashboard index'].status).toBe(200);
    expect(answers.asset.status).toBe(200);
    expect(answers['API 404'].status).toBe(404);
    expect(answers['tracking page 404'].status).toBe(404);
    expect(answers['dashboard index'].headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps the OAuth callback page reachable by its opener, under the same policy', async () => {
    const res = await get('/oauth2/google-ads/callback?code=abc&state=xyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(res.headers.get('content-security-policy')).toBe(POLICY);
    expect(await res.text()).not.toMatch(/<script>|<script [^>]*>(?!<\/script>)[^<]/); // no inline script
  });

  it('lets the live channel connect to the host the page came from, and echoes no unsafe Host', async () => {
    const res = await get('http://outreach.example.com:8443/');
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' ws://outreach.example.com:8443 wss://outreach.example.com:8443;");
    // A Host header with a ';' would otherwise add a directive of the client's choosing.
    const odd = await get('http://evil.example;script-src/');
    expect(odd.headers.get('content-security-policy')).toContain("connect-src 'self' ;");
    expect(odd.headers.get('content-security-policy')).not.toMatch(/evil/);
  });

  it('serves tracking pages without any inline style or script: they link their stylesheet', async () => {
    const res = await get('/t/c/whatever/hp');
    const html = await res.text();
    expect(html).toContain('<link rel="stylesheet" href="/t/page.css">');
    expect(html).not.toMatch(/<style|<script|style=/);
    const css = await get('/t/page.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('font-family:system-ui');
  });
});
