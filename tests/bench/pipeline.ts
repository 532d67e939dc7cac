// The pipeline over the sandbox web: `outreach run` (search, crawl, analyse, contacts,
// drafts) with politeness at its minimum (scraping_delay 0.5 s, rate limiting off) and
// --concurrency 16, spawned as a user runs it, beside two bare crawls in this process with
// fetch + cheerio.load, 16 sites at a time, the sandbox's certificate trusted: one of the same
// pages with no politeness at all, and one of the very requests the product made (robots.txt
// included), each site's requests at least 0.5 s apart as the product's are: what politeness
// and the sites' own response times allow. Sites per minute for all; CPU time and peak RSS of
// the product's process (GNU time).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@libsql/client';
import { load } from 'cheerio';
import { Agent, fetch } from 'undici';
import { loadConfig } from '../../src/config.ts';
import { CRAWLED_PATHS, startSandbox } from '../../src/sandbox/index.ts';
import { freePort } from '../support/ports.ts';
import { num, section, type Row } from './measure.ts';

const ROOT = join(import.meta.dirname, '../..');
const TIME = ['/usr/bin/time'].find((f) => existsSync(f));
const CONCURRENCY = 16;
const SANDBOX_SITES = 2000;

export async function pipelineRows(opts: { dir: string; sites: number; log: (line: string) => void }): Promise<Row[]> {
  const config = loadConfig();
  const ports = { httpPort: await freePort(), httpsPort: await freePort() };
  const dbFile = join(opts.dir, 'pipeline.db');
  const env = {
    ...process.env,
    NODE_OPTIONS: '',
    OUTREACH_DATA_DIR: opts.dir,
    OUTREACH_DB_URL: `file:${dbFile}`,
    OUTREACH_SANDBOX_PORT: String(ports.httpPort),
    OUTREACH_SANDBOX_HTTPS_PORT: String(ports.httpsPort),
    // A bigger web than the default 240 sites, so one search fills a campaign of 100.
    OUTREACH_SANDBOX_SITES: String(SANDBOX_SITES),
    // No Chromium here: these rows measure search, crawl, analyse and draft, comparable with
    // runs from before the audit stage (which then says once that sites are not audited and
    // drafts from the crawl alone). The audit has its own group (audit.ts).
    CHROME_PATH: join(opts.dir, 'no-chromium-here'),
  };
  /** Runs while this process keeps serving the sandbox (spawnSync would block its event loop). */
  const outreachAsync = (args: string[]) =>
    new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const child = TIME ? spawn(TIME, ['-f', 'TIME %e %U %S %M', process.execPath, 'bin/outreach.js', ...args], { cwd: ROOT, env }) : spawn(process.execPath, ['bin/outreach.js', ...args], { cwd: ROOT, env });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('close', (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`outreach ${args.join(' ')} exited ${code}: ${stderr.slice(-800)}`))));
    });
  const outreach = (args: string[]) => {
    const r = TIME
      ? spawnSync(TIME, ['-f', 'TIME %e %U %S %M', process.execPath, 'bin/outreach.js', ...args], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
      : spawnSync(process.execPath, ['bin/outreach.js', ...args], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`outreach ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-800)}`);
    return r;
  };
  outreach(['settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false']);
  // The sandbox web runs here, for both: the product joins it on these ports (as a second
  // outreach process would), so its own event loop does only the product's work.
  const sandbox = await startSandbox({ seed: config.sandbox.seed, sites: SANDBOX_SITES, ...ports, host: '127.0.0.1' });

  opts.log(`  pipeline: outreach run over ${opts.sites} sandbox sites…`);
  const t0 = performance.now();
  const run = await outreachAsync(['run', 'plumbers', '--json', '--max-results', String(opts.sites), '--concurrency', String(CONCURRENCY)]);
  const wall = (performance.now() - t0) / 1000;
  const [, , user, sys, kb] = /TIME (\S+) (\S+) (\S+) (\d+)/.exec(run.stderr) ?? [];
  const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { total_leads?: number; campaign?: { total_leads: number } };
  const db = createClient({ url: `file:${dbFile}` });
  const urls = (await db.execute('SELECT url FROM leads ORDER BY id')).rows.map((r) => String(r.url));
  // What politeness alone allows: each site's requests 0.5 s apart, 16 sites at a time, packed
  // perfectly (floor), or each site started in the order the run took them (by lead) as soon
  // as one of the 16 is free (inOrder: what a first-come runner can reach at best).
  const logs = (await db.execute('SELECT crawl_log FROM lead_analyses ORDER BY lead_id')).rows.map((r) => JSON.parse(String(r.crawl_log)) as { url: string; status: number | null; ms: number }[]);
  const politeSeconds = logs.map((log) => Math.max(0, log.filter((e) => e.status !== null).length - 1) * 0.5);
  const floor = politeSeconds.reduce((a, b) => a + b, 0) / CONCURRENCY;
  const slots = Array.from({ length: CONCURRENCY }, () => 0);
  for (const seconds of politeSeconds) slots[slots.indexOf(Math.min(...slots))] += seconds;
  const inOrder = Math.max(...slots);
  db.close();
  const sites = urls.length || (summary.campaign?.total_leads ?? summary.total_leads ?? 0);

  opts.log('  pipeline: bare fetch + cheerio over the same sites…');
  // *.localhost is loopback (RFC 6761); the product's crawler maps it itself, so does this.
  const agent = new Agent({
    connections: CONCURRENCY * 2,
    connect: {
      ca: [sandbox.caPem],
      lookup: (_host, options, cb) => ((options as { all?: boolean }).all ? cb(null, [{ address: '127.0.0.1', family: 4 }] as never, 4) : cb(null, '127.0.0.1', 4)),
    },
  });
  const timeout = config.defaults.pipeline.crawl_timeout_ms;
  const page = async (url: string) => {
    try {
      const res = await fetch(url, { dispatcher: agent, signal: AbortSignal.timeout(timeout), headers: { 'user-agent': 'OutreachBot' } });
      const html = await res.text();
      const $ = load(html);
      return { final: res.url, text: $('body').text().length, links: $('a[href]').length };
    } catch {
      return null;
    }
  };
  /** Seconds to crawl `count` sites, 16 at a time, each taken in order as one of the 16 is free. */
  const sixteenAtATime = async (count: number, crawlSite: (i: number) => Promise<void>) => {
    const t = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await crawlSite(next++);
    }));
    return (performance.now() - t) / 1000;
  };
  let pages = 0;
  const bare = await sixteenAtATime(urls.length, async (i) => {
    const home = await page(urls[i]);
    pages++;
    if (!home) return;
    const origin = new URL(home.final).origin;
    for (const path of CRAWLED_PATHS.slice(1)) if (await page(origin + path)) pages++;
  });

  opts.log('  pipeline: bare fetch + cheerio of the same requests, 0.5 s apart per site…');
  const DELAY_MS = 500;
  const requested = logs.map((log) => log.filter((e) => e.status !== null).map((e) => e.url));
  let politePages = 0;
  const polite = await sixteenAtATime(requested.length, async (i) => {
    let lastStart = -Infinity;
    for (const url of requested[i]) {
      const wait = lastStart + DELAY_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastStart = performance.now();
      if (await page(url)) politePages++;
    }
  });
  await agent.close();
  await sandbox.close();

  const perMin = (n: number, s: number) => (n / s) * 60;
  const cpu = Number(user) + Number(sys);
  return [
    section(`Pipeline over the sandbox web (${sites} sites, politeness at its minimum, ${CONCURRENCY} at a time)`),
    {
      name: `outreach run: search → drafts, c=${CONCURRENCY}`,
      figure: `${num(perMin(sites, wall))} sites/min (${wall.toFixed(1)} s${user ? `, CPU ${((cpu / wall) * 100).toFixed(0)}% of one core` : ''}; the 0.5 s waits alone allow ≤ ${num(perMin(sites, floor))} packed perfectly, ≤ ${num(perMin(sites, inOrder))} in the order taken: ${(floor / wall).toFixed(2)}× / ${(inOrder / wall).toFixed(2)}× of those)`,
      bare: `fetch + cheerio, same sites, no politeness: ${num(perMin(sites, bare))} sites/min (${pages} pages in ${bare.toFixed(1)} s)`,
      ratio: perMin(sites, wall) / perMin(sites, bare),
      rss: kb ? Number(kb) * 1024 : undefined,
    },
    {
      name: '  the same, beside a bare polite crawl',
      figure: `${num(perMin(sites, wall))} sites/min`,
      bare: `fetch + cheerio of the product's ${requested.flat().length} requests, 0.5 s apart per site, in its order: ${num(perMin(sites, polite))} sites/min (${politePages} pages in ${polite.toFixed(1)} s)`,
      ratio: perMin(sites, wall) / perMin(sites, polite),
    },
  ];
}

