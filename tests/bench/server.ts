// A benchmark server in its own process (forked by scale.ts), on a loopback port:
//   product  the Outreach app (buildContext + createApp) served by @hono/node-server, from the
//            compiled dist/ as `outreach serve` runs it when dist/ is current, else from src/
//   bare     bare Hono + @libsql/client answering the same shapes with hand-written SQL
// The product's server also writes through its own connection when asked ({ write: true } →
// { written }), so that a row can time pages read from the database rather than its cache.
// Each samples its own RSS every 10 ms; the parent asks for the peak since its last question
// ({ peak: true } → { rss }), so each row gets the high-water mark of the server it measured,
// and for the longest its event loop stood still since it last asked ({ stall: true } → { ms }).
import { serve } from '@hono/node-server';
import { createClient, type InValue } from '@libsql/client';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { csvLine, leadCsvHeader } from '../../src/core/leads/csv.ts';

const [mode, file, dataDir, code] = process.argv.slice(2);
let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
setInterval(sample, 10).unref();
/** The product's own database connection: { write: true } changes a lead through it. */
let ownWrite: ((n: number) => Promise<unknown>) | undefined;
let writes = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
process.on('message', (m: { peak?: boolean; write?: boolean; stall?: boolean }) => {
  if (m.write) return void ownWrite!(++writes).then(() => process.send!({ written: writes }));
  if (m.stall) {
    process.send!({ ms: loopDelay.max / 1e6 });
    return loopDelay.reset();
  }
  if (!m.peak) return;
  sample();
  process.send!({ rss: peak });
  peak = process.memoryUsage().rss;
});

async function productApp() {
  // dist/ holds these three as entries of its bundle (scripts/build-dist.mjs).
  const from = (path: string, entry: string) => (code === 'dist' ? `../../dist/${entry}.js` : `../../src/${path}.ts`);
  const [{ buildContext }, { loadConfig }, { createApp }] = (await Promise.all([import(from('app', 'app')), import(from('config', 'config')), import(from('server/app', 'server-app'))])) as [
    typeof import('../../src/app.ts'),
    typeof import('../../src/config.ts'),
    typeof import('../../src/server/app.ts'),
  ];
  const ctx = await buildContext(loadConfig({ OUTREACH_DATA_DIR: dataDir, OUTREACH_DB_URL: `file:${file}` }));
  await ctx.users.bootstrapAdmin({ username: 'admin', password: 'bench-password-1' });
  ownWrite = (n) => ctx.db.$client.execute({ sql: 'UPDATE leads SET notes = ? WHERE id = 1', args: [`bench write ${n}`] });
  return createApp(ctx);
}

/** The same work as the product's routes, written bare: one query each (or the same few). */
function bareApp() {
  const db = createClient({ url: `file:${file}` });
  const rows = async (sql: string, args: InValue[] = []) => (await db.execute({ sql, args })).rows;
  const after = (raw: string | undefined, big: number) => (raw ? raw.split(',').map(Number) : [big, big]);
  const csvSql = (filtered: boolean) => `SELECT l.id, l.company_name, l.title, l.url, l.contact_email, l.contact_name, l.phone_number, l.address, l.city, l.status,
    l.business_category, l.priority, l.market_opportunity_score, l.urgency_score, l.website_quality_score, l.discovered_at, l.campaign_id, a.technical_issues
    FROM leads l LEFT JOIN lead_analyses a ON a.lead_id = l.id WHERE (l.discovered_at, l.id) < (?, ?) ${filtered ? "AND l.status = 'EMAIL_SENT'" : ''}
    ORDER BY l.discovered_at DESC, l.id DESC LIMIT 1000`;
  let page: string | undefined;
  return new Hono()
    .get('/ping', (c) => c.json({ ok: true }))
    // The first page's rows as JSON, read once and then sent from memory: what any cache of it could do at best.
    .get('/kept', async (c) => {
      page ??= JSON.stringify(await rows('SELECT * FROM leads ORDER BY discovered_at DESC, id DESC LIMIT 51'));
      return c.body(page, 200, { 'content-type': 'application/json' });
    })
    .get('/leads', async (c) => c.json(await rows('SELECT * FROM leads WHERE (discovered_at, id) < (?, ?) ORDER BY discovered_at DESC, id DESC LIMIT 51', after(c.req.query('after'), Number.MAX_SAFE_INTEGER))))
    .get('/filtered', async (c) =>
      c.json(
        await rows(
          "SELECT * FROM leads WHERE status = 'EMAIL_SENT' AND category_key = 'service-based' AND (opportunity_key, id) < (?, ?) ORDER BY opportunity_key DESC, id DESC LIMIT 51",
          after(c.req.query('after'), Number.MAX_SAFE_INTEGER),
        ),
      ),
    )
    .get('/search', async (c) =>
      c.json(await rows('SELECT l.* FROM leads_fts f CROSS JOIN leads l ON l.id = f.rowid WHERE leads_fts MATCH ? LIMIT 51', [`"${c.req.query('q')}"*`])),
    )
    .get('/campaigns', async (c) => c.json(await rows('SELECT * FROM campaigns c LEFT JOIN campaign_counters k ON k.campaign_id = c.id ORDER BY c.id DESC')))
    .get('/dashboard', async (c) => {
      const [campaigns, counters, recent] = await Promise.all([
        rows("SELECT count(*) AS total, coalesce(sum(status = 'RUNNING'), 0) AS running FROM campaigns"),
        rows('SELECT * FROM dashboard_counters'),
        rows('SELECT id, title, company_name, url, status, business_category, discovered_at FROM leads ORDER BY discovered_at DESC, id DESC LIMIT 10'),
      ]);
      return c.json({ campaigns, counters, recent });
    })
    .get('/analytics', async (c) => {
      // The report's figures from the day counters and the period's indexes, summed bare.
      const first = Math.floor(Date.now() / 86_400_000) - Number(c.req.query('days') ?? 90) + 1;
      const since = first * 86_400_000;
      const mailbox = c.req.query('mailbox');
      if (mailbox !== undefined) {
        // One mailbox's (NULL mailbox_id: mailbox 1), by the per-mailbox day counters and indexes.
        const m = Number(mailbox);
        const [funnel, sent, opened, replied, sentiment] = await Promise.all([
          rows('SELECT total(discovered), total(analysed), total(with_email), total(sent), total(opened), total(clicked), total(replied), total(interested), total(won) FROM funnel_days WHERE day >= ?', [first]),
          rows('SELECT day, campaign_id, step, variant, sent, opened, clicked, replied FROM sent_days WHERE day >= ? AND sent > 0 AND mailbox_id = ?', [first, m]),
          rows('SELECT opened_at / 86400000 AS day, count(*) AS n FROM emails WHERE coalesce(mailbox_id, 1) = ? AND opened_at >= ? GROUP BY day', [m, since]),
          rows('SELECT replied_at / 86400000 AS day, count(*) AS n FROM emails WHERE coalesce(mailbox_id, 1) = ? AND replied_at >= ? GROUP BY day', [m, since]),
          rows('SELECT r.sentiment, count(*) AS n FROM replies r JOIN emails e ON e.id = r.email_id WHERE r.received_at >= ? AND coalesce(e.mailbox_id, 1) = ? GROUP BY r.sentiment', [since, m]),
        ]);
        return c.json({ funnel, sent, opened, replied, sentiment });
      }
      const [funnel, sent, opened, replied, sentiment] = await Promise.all([
        rows('SELECT total(discovered), total(analysed), total(with_email), total(sent), total(opened), total(clicked), total(replied), total(interested), total(won) FROM funnel_days WHERE day >= ?', [first]),
        rows('SELECT day, campaign_id, step, variant, sent, opened, clicked, replied FROM sent_days WHERE day >= ? AND sent > 0', [first]),
        rows('SELECT opened_at / 86400000 AS day, count(*) AS n FROM emails WHERE opened_at >= ? GROUP BY day', [since]),
        rows('SELECT replied_at / 86400000 AS day, count(*) AS n FROM emails WHERE replied_at >= ? GROUP BY day', [since]),
        rows('SELECT sentiment, count(*) AS n FROM replies WHERE received_at >= ? GROUP BY sentiment', [since]),
      ]);
      return c.json({ funnel, sent, opened, replied, sentiment });
    })
    .get('/emails', async (c) => {
      const [k, id] = after(c.req.query('after'), Number.MAX_SAFE_INTEGER);
      const mailbox = c.req.query('mailbox');
      if (mailbox !== undefined) {
        // One mailbox's emails of a status (NULL mailbox_id: mailbox 1), on emails_list_mailbox_status_idx.
        return c.json(
          await rows(
            `SELECT e.*, l.id AS lid, l.title, l.company_name, l.url, l.hostname FROM emails e JOIN leads l ON l.id = e.lead_id
             WHERE coalesce(e.mailbox_id, 1) = ? AND e.status = ? AND coalesce(e.sent_at, e.scheduled_send_time, e.created_at) <= ?
               AND (coalesce(e.sent_at, e.scheduled_send_time, e.created_at) < ? OR e.id < ?)
             ORDER BY coalesce(e.sent_at, e.scheduled_send_time, e.created_at) DESC, e.id DESC LIMIT 51`,
            [Number(mailbox), c.req.query('status') ?? 'SENT', k, k, id],
          ),
        );
      }
      return c.json(
        await rows(
          `SELECT e.*, l.id AS lid, l.title, l.company_name, l.url, l.hostname FROM emails e JOIN leads l ON l.id = e.lead_id
           WHERE coalesce(e.sent_at, e.scheduled_send_time, e.created_at) <= ? AND (coalesce(e.sent_at, e.scheduled_send_time, e.created_at) < ? OR e.id < ?)
           ORDER BY coalesce(e.sent_at, e.scheduled_send_time, e.created_at) DESC, e.id DESC LIMIT 51`,
          [k, k, id],
        ),
      );
    })
    .get('/export', (c) => {
      const sql = csvSql(c.req.query('status') === 'EMAIL_SENT');
      let key: InValue[] = [Number.MAX_SAFE_INTEGER, 0];
      let header = true;
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const r = await db.execute({ sql, args: key });
          let out = header ? leadCsvHeader() : '';
          header = false;
          for (const row of r.rows) {
            const v = Object.values(row);
            v[15] = new Date(Number(v[15])).toISOString();
            v[17] = (JSON.parse(String(v[17] ?? '[]')) as string[]).join('; ');
            out += csvLine(v);
          }
          if (out) controller.enqueue(encoder.encode(out));
          if (r.rows.length < 1000) return controller.close();
          const last = r.rows[r.rows.length - 1];
          key = [Number(last.discovered_at), Number(last.id)];
        },
      });
      return c.body(stream, 200, { 'content-type': 'text/csv; charset=utf-8' });
    });
}

const app = mode === 'product' ? await productApp() : bareApp();
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => process.send!({ port: info.port }));
process.on('disconnect', () => {
  server.close();
  process.exit(0);
});
