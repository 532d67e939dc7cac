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
import { composeMessage } from '../../src/core/emails/message.ts';
import { load } from 'cheerio';
import { readFileSync } from 'node:fs';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { findContacts } from '../../src/core/pipeline/contacts/find-contacts.ts';
import { checkClaims } from '../../src/core/drafts/claims.ts';

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

  // 500 emails over 500 leads: what a busy month of outreach looks like in the list.
  const now = Date.now();
  for (let i = 1; i <= 500; i++) {
    await ctx.db.$client.execute({
      sql: "INSERT INTO leads (url, hostname, title, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'Shop', 'EMAIL_SENT', '[]', '[]', '[]', ?, ?, ?)",
      args: [`https://shop${i}.example/`, `shop${i}.example`, now, now, now],
    });
    await ctx.db.$client.execute({
      sql: "INSERT INTO emails (lead_id, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (?, 'Your website', ?, ?, ?, ?, 0, 0, ?, ?)",
      args: [i, 'Hello,\n\nI looked at https://shop.example/ and noticed a few things.\n\nBest regards,\nAnn', `info@shop${i}.example`, i <= 400 ? 'SENT' : 'QUEUED', i <= 400 ? now - 3600_000 : null, now, now],
    });
  }
  const pixel = `/t/o/${ctx.tokens.token('open', 1)}.gif`;
  const browser = { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15' };
  const sender = { fromEmail: 'ann@agency.example', fromName: 'Ann', postalAddress: '1 Main St' };
  const links = { publicUrl: 'https://outreach.example', tokens: ctx.tokens, track: true };
  const draft = { id: 1, subject: 'Your website', body: 'Hello,\n\nI looked at https://shop.example/ and https://shop.example/contact.\n\nBest regards,\nAnn', recipientEmail: 'info@shop.example' };

  const bare = new Hono().get('/ping', (c) => c.json({ ok: true }));
  const baseline = await measure('bare Hono GET (baseline)', 5000, () => bare.request('/ping'));
  const results = [
    await measure('GET /api/auth/me (token + user lookup)', 3000, () => app.request('/api/auth/me', { headers: auth })),
    await measure('GET /api/users (admin, list)', 2000, () => app.request('/api/users', { headers: auth })),
    await measure('GET /api/emails (first page of 50, of 500 emails with leads)', 100, () => app.request('/api/emails', { headers: auth })),
    await measure('GET /t/o/… open pixel (counts an open)', 1000, () => app.request(pixel, { headers: browser })),
    await measure('composeMessage (headers, footer, tracked HTML)', 5000, () => composeMessage(draft, sender, links)),
    await measure('POST /api/auth/login (argon2id verify)', 20, () =>
      app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
      }),
    ),
  ];

  // The analyser on a real small-business page (26 KB), against parsing the same page bare.
  const html = readFileSync(join(import.meta.dirname, '../fixtures/realweb/pages/103.html'), 'utf8');
  const crawlOf = () => {
    const home = { url: 'https://www.psychotherapie-ow.ch/kontakt/', finalUrl: 'https://www.psychotherapie-ow.ch/kontakt/', status: 200, headers: {}, html, kind: 'home' as const };
    return { startUrl: home.url, home, pages: [home], log: [{ url: home.url, status: 200, ms: 100, fetched_at: '' }] };
  };
  const parseOnly = await measure('cheerio.load of a real 30 KB page (baseline)', 200, () => load(html));
  const analyse = await measure('extractFacts + findContacts (same page)', 200, () => {
    const crawl = crawlOf();
    return [extractFacts(crawl), findContacts(crawl)];
  });
  const facts = extractFacts(crawlOf());
  const written = { subject: 'A quick note', body: `Hallo,\n\n${'Ihre Website hat kein Kontaktformular, und Besucher schreiben ungern. '.repeat(6)}\n\nViele Grüße\nAnn`, cited_findings: [] };
  const claims = await measure('checkClaims on a 100-word draft', 2000, () => checkClaims(written, facts.findings, { companyName: 'Praxis', url: facts.url }));

  const fmt = (ms: number) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);
  console.log(`${baseline.label.padEnd(48)} ${fmt(baseline.perOp).padStart(10)}   1.0x`);
  for (const r of results) {
    console.log(`${r.label.padEnd(48)} ${fmt(r.perOp).padStart(10)}   ${(r.perOp / baseline.perOp).toFixed(1)}x`);
  }
  console.log(`${parseOnly.label.padEnd(48)} ${fmt(parseOnly.perOp).padStart(10)}   1.0x`);
  for (const r of [analyse, claims]) console.log(`${r.label.padEnd(48)} ${fmt(r.perOp).padStart(10)}   ${(r.perOp / parseOnly.perOp).toFixed(1)}x`);
  await ctx.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
