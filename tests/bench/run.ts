// Benchmarks: each figure is printed with its ratio to a bare baseline measured in the
// same process, so results compare across machines. Run with `npm run bench`.
import { Hono } from 'hono';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/server/app.ts';

async function measure(label: string, iterations: number, fn: () => unknown) {
  for (let i = 0; i < Math.min(50, iterations); i++) await fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  const perOp = (performance.now() - start) / iterations;
  return { label, perOp };
}

const dir = mkdtempSync(join(tmpdir(), 'outreach-bench-'));
try {
  const ctx = await buildContext(loadConfig({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'bench.db')}` }));
  await ctx.users.bootstrapAdmin({ username: 'admin', password: 'bench-password' });
  const app = createApp(ctx);
  const login = await ctx.users.login({ username: 'admin', password: 'bench-password' });
  const auth = { authorization: `Bearer ${login.access_token}` };

  const bare = new Hono().get('/ping', (c) => c.json({ ok: true }));
  const baseline = await measure('bare Hono GET (baseline)', 5000, () => bare.request('/ping'));
  const results = [
    await measure('GET /api/auth/me (token + user lookup)', 3000, () => app.request('/api/auth/me', { headers: auth })),
    await measure('GET /api/users (admin, list)', 2000, () => app.request('/api/users', { headers: auth })),
    await measure('POST /api/auth/login (argon2id verify)', 20, () =>
      app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
      }),
    ),
  ];

  const fmt = (ms: number) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);
  console.log(`${baseline.label.padEnd(44)} ${fmt(baseline.perOp).padStart(10)}   1.0x`);
  for (const r of results) {
    console.log(`${r.label.padEnd(44)} ${fmt(r.perOp).padStart(10)}   ${(r.perOp / baseline.perOp).toFixed(1)}x`);
  }
  await ctx.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
