// Small in-process figures (app.request, no network) on a database of 500 leads and emails:
// the request path's fixed costs against a bare Hono route, and the analyser against parsing
// the same page with cheerio; then a subject A/B campaign of 100,000 emails (ab-arms.ts).
import { load } from 'cheerio';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildContext } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { checkClaims } from '../../src/core/drafts/claims.ts';
import { composeMessage } from '../../src/core/emails/message.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { findContacts } from '../../src/core/pipeline/contacts/find-contacts.ts';
import { createApp } from '../../src/server/app.ts';
import { abArmRows } from './ab-arms.ts';
import { ms, rssPeak, section, timed, type Row } from './measure.ts';

async function perOp(iterations: number, fn: () => unknown) {
  const peak = rssPeak();
  const l = await timed(iterations, fn, Math.min(50, iterations));
  return { p50: l.p50, rss: peak() };
}

export async function microRows(dir: string): Promise<Row[]> {
  const ctx = await buildContext(loadConfig({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'micro.db')}` }));
  try {
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

    const rows: Row[] = [section('In-process request path (app.request, 500 leads and emails)')];
    const bareHono = new Hono().get('/ping', (c) => c.json({ ok: true }));
    const ping = await perOp(5000, () => bareHono.request('/ping'));
    const vsPing = (name: string, r: { p50: number; rss: number }) => rows.push({ name, figure: `p50 ${ms(r.p50)}`, bare: `Hono GET: ${ms(ping.p50)}`, ratio: r.p50 / ping.p50, rss: r.rss });
    vsPing('GET /api/auth/me (token + user lookup)', await perOp(3000, () => app.request('/api/auth/me', { headers: auth })));
    vsPing('GET /api/users (admin, list)', await perOp(2000, () => app.request('/api/users', { headers: auth })));
    vsPing('GET /api/emails (first page of 500)', await perOp(200, () => app.request('/api/emails', { headers: auth })));
    vsPing('GET /t/o/… open pixel (counts an open)', await perOp(1000, () => app.request(pixel, { headers: browser })));
    vsPing('composeMessage (headers, footer, tracked HTML)', await perOp(5000, () => composeMessage(draft, sender, links)));
    vsPing(
      'POST /api/auth/login (argon2id verify)',
      await perOp(20, () =>
        app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
        }),
      ),
    );

    // The analyser on a real small-business page (26 KB), against parsing the same page bare.
    rows.push(section('Analyser on a real 26 KB page'));
    const html = readFileSync(join(import.meta.dirname, '../fixtures/realweb/pages/103.html'), 'utf8');
    const crawlOf = () => {
      const home = { url: 'https://www.psychotherapie-ow.ch/kontakt/', finalUrl: 'https://www.psychotherapie-ow.ch/kontakt/', status: 200, headers: {}, html, kind: 'home' as const };
      return { startUrl: home.url, home, pages: [home], log: [{ url: home.url, status: 200, ms: 100, fetched_at: '' }] };
    };
    const parse = await perOp(200, () => load(html));
    const vsParse = (name: string, r: { p50: number; rss: number }) => rows.push({ name, figure: `p50 ${ms(r.p50)}`, bare: `cheerio.load: ${ms(parse.p50)}`, ratio: r.p50 / parse.p50, rss: r.rss });
    vsParse('extractFacts + findContacts', await perOp(200, () => {
        const crawl = crawlOf();
        return [extractFacts(crawl), findContacts(crawl)];
      }));
    const facts = extractFacts(crawlOf());
    const written = { subject: 'A quick note', body: `Hallo,\n\n${'Ihre Website hat kein Kontaktformular, und Besucher schreiben ungern. '.repeat(6)}\n\nViele Grüße\nAnn`, cited_findings: [] };
    vsParse('checkClaims on a 100-word draft', await perOp(2000, () => checkClaims(written, facts.findings, { companyName: 'Praxis', url: facts.url })));
    rows.push(...(await abArmRows(dir)));
    return rows;
  } finally {
    await ctx.close();
  }
}
