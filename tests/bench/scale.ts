// The rows of issue 12 at scale: the product served over real HTTP from its own process
// (server.ts), each row beside the same work done by a bare Hono + @libsql/client server on
// the same database file, under the same load generator (measure.ts).
import { createClient } from '@libsql/client';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encodeEmailCursor } from '../../src/core/emails/cursor.ts';
import { encodeCursor } from '../../src/core/leads/cursor.ts';
import { distIsCurrent } from './cli.ts';
import { httpClient, lat, load, mb, ms, num, p50p99, section, timed, type HttpClient, type Latency, type Row } from './measure.ts';

interface Server {
  port: number;
  http: HttpClient;
  /** The server's RSS high-water mark since the last call. */
  peak(): Promise<number>;
  /** A write through the product server's own connection (its cache's answers go stale). */
  write(): Promise<unknown>;
  /** The longest the server's event loop stood still since the last call, ms. */
  stall(): Promise<number>;
  stop(): void;
}

/** server.ts as plain JavaScript beside it (its packages from node_modules), built once a run. */
let compiled: Promise<string> | undefined;
const compiledServer = () =>
  (compiled ??= (async () => {
    const { build } = await import('esbuild');
    const out = join(import.meta.dirname, '.server.mjs');
    await build({ entryPoints: [join(import.meta.dirname, 'server.ts')], outfile: out, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20.19', logLevel: 'warning' });
    return out;
  })());

/** Both servers are server.ts. With a current dist/ (code 'dist') both run compiled, on plain
 * Node as `outreach serve` does, the product's own code being the dist/ that `serve` runs;
 * else both run through tsx, the product from its sources. */
async function start(mode: 'product' | 'bare', file: string, dir: string, code: 'dist' | 'src'): Promise<Server> {
  const [script, execArgv] = code === 'dist' ? [await compiledServer(), []] : [join(import.meta.dirname, 'server.ts'), ['--import', 'tsx']];
  const child: ChildProcess = fork(script, [mode, file, dir, code], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code})`)));
  });
  const http = httpClient(port);
  return {
    port,
    http,
    peak: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { rss: number }) => resolve(m.rss));
        child.send({ peak: true });
      }),
    write: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send({ write: true });
      }),
    stall: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { ms: number }) => resolve(m.ms));
        child.send({ stall: true });
      }),
    stop: () => {
      http.close();
      child.disconnect();
    },
  };
}

export interface ScaleOptions {
  file: string;
  dir: string;
  leads: number;
  quick: boolean;
  log: (line: string) => void;
}

export async function scaleRows({ file, dir, leads, quick, log }: ScaleOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const code = distIsCurrent() ? 'dist' : 'src';
  const product = await start('product', file, dir, code);
  const bare = await start('bare', file, dir, code);
  const db = createClient({ url: `file:${file}` });
  try {
    const { access_token } = JSON.parse((await product.http.post('/api/auth/login', { username: 'admin', password: 'bench-password-1' })).body) as { access_token: string };
    product.http.authorize(access_token);
    const api = product.http.get;
    const seq = quick ? 60 : 200;
    const loadSeconds = quick ? 3 : 6;
    const one = async (path: string) => void (await api(path));
    const bareOne = async (path: string) => void (await bare.http.get(path));

    // Before each sequential call, a write through the product's own connection: it answers
    // from the database (its page cache warm), not from its read cache (src/db/read-cache.ts).
    const change = () => product.write();
    /** One sequential row: the product's path beside the bare server's path, p50 ratio. */
    const pair = async (name: string, path: string, barePath: string | undefined, n = seq) => {
      await product.peak();
      const p = await timed(n, () => one(path), undefined, change);
      const rss = await product.peak();
      const b = barePath === undefined ? undefined : await timed(n, () => bareOne(barePath));
      rows.push({ name, figure: p50p99(p), bare: b ? p50p99(b) : '—', ratio: b && p.p50 / b.p50, rss });
      log(`  ${name}: ${p50p99(p)}`);
    };
    const fig = (l: Latency & { rps: number }) => `${num(l.rps)} req/s, p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;
    const loaded = async (name: string, path: string, barePath: string, bareLabel: string) => {
      await load(1, 50, () => one(path)); // warm-up
      await product.peak();
      const p = await load(loadSeconds, 50, () => one(path));
      const rss = await product.peak();
      await load(1, 50, () => bareOne(barePath));
      const b = await load(loadSeconds, 50, () => bareOne(barePath));
      rows.push({ name, figure: fig(p), bare: `${bareLabel}: ${fig(b)}`, ratio: p.rps / b.rps, rss });
      log(`  ${name}: ${fig(p)}`);
    };

    // What each server holds once started and signed in to, before any work: the high-water
    // mark over a quiet half second (not since start, which includes the sign-in's argon2 hash).
    await Promise.all([product.peak(), bare.peak()]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [atRest, bareAtRest] = await Promise.all([product.peak(), bare.peak()]);
    rows.push(section('Servers at rest'));
    rows.push({ name: `product server idle (${code === 'dist' ? 'dist/, both on plain Node' : 'both through tsx: no current dist/'})`, figure: `RSS ${mb(atRest)}`, bare: `bare server: RSS ${mb(bareAtRest)}`, ratio: atRest / bareAtRest, rss: atRest });
    log(`  at rest: product ${mb(atRest)}, bare ${mb(bareAtRest)}`);

    rows.push(section(`Leads list over HTTP (${num(leads)} leads)`));
    // Under load, the same first page again and again is answered from the read cache
    // (src/db/read-cache.ts) until the database changes; the rows after it say what it does
    // while another process writes, and what pages cost when none is asked twice.
    await pair('GET /api/leads?limit=50, 1 connection', '/api/leads?limit=50', '/leads');
    await loaded('GET /api/leads?limit=50, 50 connections', '/api/leads?limit=50', '/kept', 'bare Hono, the page from memory');
    let writes = 0;
    // (A write that changes nothing commits nothing: SQLite's data_version would not move.)
    const writer = setInterval(() => void db.execute({ sql: 'UPDATE leads SET notes = ? WHERE id = 2', args: [`bench write ${++writes}`] }), 50);
    await loaded('the same, while another process commits 20 writes a second', '/api/leads?limit=50', '/kept', 'bare Hono, the page from memory');
    clearInterval(writer);
    rows[rows.length - 1].name += ` (${writes} writes)`;
    // A different page each request: the first 200 pages' cursors, in turn.
    const starts = (await db.execute('SELECT discovered_at AS k, id FROM leads ORDER BY discovered_at DESC, id DESC LIMIT 10000')).rows.filter((_, i) => i % 50 === 49);
    let turn = 0;
    const next = () => starts[turn++ % starts.length];
    const variedLoad = (get: (key: (typeof starts)[number]) => Promise<unknown>) => load(loadSeconds, 50, async () => void (await get(next())));
    await product.peak();
    const varied = await variedLoad((k) => api(`/api/leads?limit=50&cursor=${encodeCursor('discovered_at', { key: [Number(k.k), Number(k.id)], total: leads, exact: true })}`));
    const variedRss = await product.peak();
    const variedBare = await variedLoad((k) => bare.http.get(`/leads?after=${Number(k.k)},${Number(k.id)}`));
    rows.push({ name: 'a different page each request (200 pages in turn), 50 connections', figure: fig(varied), bare: `the same pages through @libsql/client: ${fig(variedBare)}`, ratio: varied.rps / variedBare.rps, rss: variedRss });
    log(`  varied pages, 50 connections: ${fig(varied)}`);
    const filtered = 'status=EMAIL_SENT&business_category=Service-Based&sort=opportunity&limit=50';
    await pair('filtered + sorted (status, category, opportunity)', `/api/leads?${filtered}`, '/filtered');
    await loaded('filtered + sorted, 50 connections (the same page)', `/api/leads?${filtered}`, '/filtered', 'its SQL');

    // Keyset pages deep into the filtered list; the cursor of page p is the key of the last row of page p - 1.
    const matchWhere = "status = 'EMAIL_SENT' AND category_key = 'service-based'";
    const matches = Number((await db.execute(`SELECT count(*) AS n FROM leads WHERE ${matchWhere}`)).rows[0].n);
    const lastPage = Math.max(1, Math.floor((matches - 1) / 50));
    const deepAll = Math.floor(leads / 2);
    const plainKey = (await db.execute({ sql: 'SELECT discovered_at AS k, id FROM leads ORDER BY discovered_at DESC, id DESC LIMIT 1 OFFSET ?', args: [deepAll] })).rows[0];
    const plainPath = `/leads?after=${Number(plainKey.k)},${Number(plainKey.id)}`;
    for (const page of [...new Set([1, Math.ceil(lastPage / 2), lastPage])]) {
      let cursor = '';
      if (page > 1) {
        const key = (await db.execute({ sql: `SELECT opportunity_key AS k, id FROM leads WHERE ${matchWhere} ORDER BY opportunity_key DESC, id DESC LIMIT 1 OFFSET ?`, args: [(page - 1) * 50 - 1] })).rows[0];
        cursor = `&cursor=${encodeCursor('opportunity', { key: [Number(key.k), Number(key.id)], total: 10_000, exact: false })}`;
      }
      await pair(`deep filtered keyset page ${num(page)} of ${num(lastPage)}`, `/api/leads?${filtered}${cursor}`, plainPath, quick ? 30 : 60);
      rows[rows.length - 1].bare += ' (plain deep page)';
    }

    const someHost = `biz-${Math.floor(leads / 2) + 7}.example`;
    for (const term of ['florist', 'acme roofing 77', someHost]) {
      await pair(`?search=${term}`, `/api/leads?search=${encodeURIComponent(term)}&limit=50`, `/search?q=${encodeURIComponent(term)}`, quick ? 30 : 60);
    }

    rows.push(section('Dashboard, analytics and emails'));
    await pair('GET /api/dashboard', '/api/dashboard', '/dashboard');
    const counts = (await db.execute('SELECT count(*) AS n, (SELECT total(leads_pending) FROM campaign_counters) AS pending FROM campaigns')).rows[0];
    await pair(`GET /api/campaigns (${num(Number(counts.n))} campaigns, ${num(Number(counts.pending))} leads pending)`, '/api/campaigns', '/campaigns');
    await pair('GET /api/analytics?days=90', '/api/analytics?days=90', '/analytics?days=90');
    // By mailbox (issue 23): the seeded emails are from before mailboxes, so mailbox 1 is every one of them (the worst case).
    await pair('GET /api/analytics?days=90&mailbox_id=1', '/api/analytics?days=90&mailbox_id=1', '/analytics?days=90&mailbox=1');
    await pair('GET /api/emails (first page)', '/api/emails', '/emails');
    await pair('GET /api/emails?mailbox_id=1&status=SENT (first page)', '/api/emails?mailbox_id=1&status=SENT', '/emails?mailbox=1&status=SENT');
    const emailKey = (await db.execute({ sql: 'SELECT coalesce(sent_at, scheduled_send_time, created_at) AS k, id FROM emails ORDER BY 1 DESC, id DESC LIMIT 1 OFFSET ?', args: [Math.floor(leads / 2)] })).rows[0];
    await pair(
      `GET /api/emails (page ${num(leads / 2 / 50)}, keyset)`,
      `/api/emails?cursor=${encodeEmailCursor([Number(emailKey.k), Number(emailKey.id)])}`,
      `/emails?after=${Number(emailKey.k)},${Number(emailKey.id)}`,
    );

    rows.push(section('CSV export over HTTP'));
    const exportRun = async (client: HttpClient, path: string) => {
      let lines = 0;
      const s = performance.now();
      await client.get(path, (chunk) => {
        for (const b of chunk) if (b === 10) lines++;
      });
      return (lines - 1) / ((performance.now() - s) / 1000);
    };
    // Each export in a server just started (signed in, then quiet): its RSS is what the export
    // adds to a server at rest, not what the load of the rows above left behind.
    const rested = async (mode: 'product' | 'bare') => {
      const server = await start(mode, file, dir, code);
      if (mode === 'product') server.http.authorize(JSON.parse((await server.http.post('/api/auth/login', { username: 'admin', password: 'bench-password-1' })).body).access_token);
      await server.peak();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { server, atRest: await server.peak() };
    };
    for (const [name, q] of [
      ['CSV export of all leads', ''],
      ['filtered CSV export (status=EMAIL_SENT)', '?status=EMAIL_SENT'],
    ] as const) {
      const p = await rested('product');
      const rate = await exportRun(p.server.http, `/api/export/leads${q}`);
      const rss = await p.server.peak();
      p.server.stop();
      const b = await rested('bare');
      const bareRate = await exportRun(b.server.http, `/export${q}`);
      const bareRss = await b.server.peak();
      b.server.stop();
      rows.push({
        name: `${name} (a server just started)`,
        figure: `${num(rate)} rows/s; RSS ${mb(p.atRest)} at rest → ${mb(rss)}`,
        bare: `@libsql/client → CSV: ${num(bareRate)} rows/s; RSS ${mb(b.atRest)} → ${mb(bareRss)}`,
        ratio: rate / bareRate,
        rss,
      });
      log(`  ${name}: ${num(rate)} rows/s, RSS ${mb(p.atRest)} → ${mb(rss)}`);
    }

    rows.push(section('No request waits for another'));
    const idle = await timed(seq, () => one('/api/auth/me'));
    await product.peak();
    // For a fixed window: full exports back to back (the last one cut off), dashboards back to
    // back, and /api/auth/me every 5 ms, timed. The exports are read by another process, so
    // the times are the server's and not this process's own pauses reading 100k rows a second.
    const stop = new AbortController();
    await product.stall();
    const reader = spawn(
      process.execPath,
      ['-e', `let n = 0; process.on('SIGTERM', () => { console.log(n); process.exit(0); });
        (async () => { for (;;) { const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } }); for await (const _ of res.body); n++; } })();`],
      { env: { ...process.env, URL: `http://127.0.0.1:${product.port}/api/export/leads`, TOKEN: access_token }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let readerOut = '';
    reader.stdout!.setEncoding('utf8').on('data', (d: string) => (readerOut += d));
    const readerDone = new Promise((r) => reader.once('close', r));
    const exporting = (async () => {
      await new Promise((r) => stop.signal.addEventListener('abort', r));
      reader.kill('SIGTERM');
      await readerDone;
    })();
    const dashboards = (async () => {
      while (!stop.signal.aborted) await one('/api/dashboard');
    })();
    const busy: number[] = [];
    const until = performance.now() + (quick ? 4000 : 10_000);
    while (performance.now() < until) {
      const s = performance.now();
      await one('/api/auth/me');
      busy.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 5));
    }
    stop.abort();
    await Promise.all([exporting, dashboards]);
    const b = lat(busy);
    const stalled = await product.stall();
    const exports = Number(readerOut.trim()) + 1;
    rows.push({
      name: '/api/auth/me during an export + dashboards',
      figure: `p50 ${ms(b.p50)}, p99 ${ms(b.p99)}, max ${ms(b.max)} (${b.n} calls; ${exports} exports started); the server's event loop stood still ${ms(stalled)} at most`,
      bare: `idle: p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}`,
      ratio: b.p99 / idle.p99,
      rss: await product.peak(),
    });
    log(`  auth/me while busy: p99 ${ms(b.p99)}`);
  } finally {
    db.close();
    product.stop();
    bare.stop();
  }
  return rows;
}
