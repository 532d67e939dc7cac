// The audit stage (issue 21): Lighthouse in Chromium per lead, as the pipeline runs it, over the
// sandbox web this process serves on loopback ports (the product's processes join it).
//   sites audited per minute  a sandbox campaign ("plumbers") is searched and analysed by an
//        `outreach worker --stages search,analyze`, N of its audit jobs kept (leads with a
//        contact email on plain-http sites), then one `outreach worker --stages audit` works them;
//        timed from the first audit job claimed to the last one finished (the jobs table, polled
//        every 50 ms). Bare: the lighthouse package's own CLI on the same pages, one at a time,
//        with the same Lighthouse options and the very Chromium flags the product's Chromium ran
//        with (read from its /proc/<pid>/cmdline), Chromium launched by the CLI itself.
//   peak RSS  the worker's Node process, its Lighthouse CLI children and the Chromium processes
//        apart, from /proc (measure.ts treeMemory); the same for the bare CLI.
//   two audit workers against one  the same N jobs queued again, worked by two `outreach worker
//        --stages audit` processes sharing a libSQL server (sqld, as the scale-out runs), beside
//        the one worker above (which ran on the same sqld).
//   the server's longest event-loop stall while audits run  `outreach serve` on a database file
//        (the default) whose campaign holds queued audit jobs: its own worker audits them. The
//        stall is read inside serve by monitorEventLoopDelay (a preload given with --import,
//        asked over IPC), and GET /api/auth/me is timed from outside every 10 ms; the baseline is
//        the same server idle (the campaign paused) for a few seconds before.
// Nothing reaches the internet: the sandbox is on loopback, Chromium runs with the product's
// flags (background networking off, every name but localhost and *.localhost unresolvable).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { createClient, type Client } from '@libsql/client';
import { loadConfig } from '../../src/config.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { freePort } from '../support/ports.ts';
import { sqldBinary, startSqld } from '../support/sqld.ts';
import { distIsCurrent } from './cli.ts';
import { descendants, httpClient, lat, mb, ms, section, treeMemory, type Row } from './measure.ts';

const ROOT = join(import.meta.dirname, '../..');
const CHROMIUM = '/usr/bin/chromium';
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const SANDBOX_SITES = 2000;
const ADMIN = { username: 'admin', password: 'bench-password-1' };
/** Terminal job states: done, given up for now (failed) or dead-lettered. */
const FINISHED = new Set(['done', 'failed', 'dlq']);

interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));

export async function auditRows(opts: { dir: string; quick: boolean; log: (line: string) => void }): Promise<Row[]> {
  const { dir, quick, log } = opts;
  const cores = cpus().length;
  if (!existsSync(CHROMIUM)) return [section('Site audit'), { name: `not measured: no Chromium at ${CHROMIUM} (apt-get install chromium)`, figure: '—', bare: '—' }];
  const sites = quick ? 4 : 8;
  const served = quick ? 2 : 4;
  const config = loadConfig();
  const ports = { httpPort: await freePort(), httpsPort: await freePort() };
  const sandbox = await startSandbox({ seed: config.sandbox.seed, sites: SANDBOX_SITES, ...ports, host: '127.0.0.1' });
  const baseEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    NO_COLOR: '1',
    CHROME_PATH: CHROMIUM,
    OUTREACH_SECRET_KEY: randomBytes(32).toString('base64url'),
    OUTREACH_SANDBOX_PORT: String(ports.httpPort),
    OUTREACH_SANDBOX_HTTPS_PORT: String(ports.httpsPort),
    OUTREACH_SANDBOX_SITES: String(SANDBOX_SITES),
    OUTREACH_ADMIN_USERNAME: ADMIN.username,
    OUTREACH_ADMIN_PASSWORD: ADMIN.password,
  };
  const code = distIsCurrent() ? 'dist/' : 'the sources through tsx (dist/ is not current)';
  const children = new Set<Proc>();
  let sqld: Awaited<ReturnType<typeof startSqld>> | undefined;
  try {
    sqldBinary();
    sqld = await startSqld();
  } catch (error) {
    log(`  audit: no sqld (${(error as Error).message.split('\n')[0]}): one worker on a database file, no two-worker row`);
  }
  const rows: Row[] = [];
  try {
    // 1. One audit worker, then the bare CLI on the same pages.
    const sharedEnv = { ...baseEnv, OUTREACH_DATA_DIR: join(dir, 'audit-shared'), OUTREACH_DB_URL: sqld?.url ?? `file:${join(dir, 'audit-shared.db')}` };
    const shared = createClient({ url: sharedEnv.OUTREACH_DB_URL });
    log(`  audit: a sandbox campaign searched and analysed, ${sites} of its audit jobs kept…`);
    const prepared = await prepare(sharedEnv, shared, sandbox, sites, children, log);
    log(`  audit: one outreach worker --stages audit over ${prepared.jobs.length} sites…`);
    const one = await workAudits(sharedEnv, shared, prepared.jobs, 1, children);
    const flags = one.chromiumFlags ?? [];
    log(`  audit: one worker ${one.seconds.toFixed(1)} s; the bare lighthouse CLI over the same pages…`);
    const bare = await bareLighthouse(prepared.jobs.map((j) => j.url), flags, dir);
    if (bare.chromiumFlags && flags.length) {
      const missing = flags.filter((f) => !bare.chromiumFlags!.includes(f));
      if (missing.length) log(`  audit: the bare CLI's Chromium lacked ${missing.join(' ')}`);
    }
    const n = prepared.jobs.length;
    const perMin = (count: number, seconds: number) => (count / seconds) * 60;
    rows.push(section(`Site audit: Lighthouse in Chromium, ${n} sandbox sites (plain http), one at a time; the product runs ${code}`));
    rows.push({
      name: 'outreach worker --stages audit: sites audited per minute (goal ≥ 0.9× bare)',
      figure: `${perMin(n, one.seconds).toFixed(1)} sites/min (${one.seconds.toFixed(1)} s; ${one.measured} of ${n} measured${one.reasons.length ? `: ${one.reasons.join('; ')}` : ''}; each with a desktop screenshot too, ${one.dbName})`,
      bare: `lighthouse CLI, same pages, options and Chromium flags: ${perMin(n, bare.seconds).toFixed(1)} sites/min (${bare.seconds.toFixed(1)} s; ${bare.measured} of ${n} measured)`,
      ratio: perMin(n, one.seconds) / perMin(n, bare.seconds),
      rss: one.memory.root,
    });
    const productSum = (one.memory.root ?? 0) + (one.memory.node ?? 0) + (one.memory.browser ?? 0);
    const bareSum = (bare.memory.node ?? 0) + (bare.memory.browser ?? 0);
    rows.push({
      name: '  peak RSS apart (ratio: the sums)',
      figure: `worker Node ${mb(one.memory.root)}, its Lighthouse CLI ${mb(one.memory.node)}, Chromium ${mb(one.memory.browser)}`,
      bare: `Lighthouse CLI ${mb(bare.memory.node)}, Chromium ${mb(bare.memory.browser)} (all its processes at once)`,
      ratio: bareSum ? productSum / bareSum : undefined,
      rss: one.memory.root,
    });

    // 2. Two audit workers against one, on the same jobs (sqld only).
    if (sqld) {
      await requeue(shared, prepared.jobs);
      log(`  audit: two outreach worker --stages audit over the same ${n} sites…`);
      const two = await workAudits(sharedEnv, shared, prepared.jobs, 2, children);
      rows.push({
        name: `two audit workers against one, sqld (goal ≥ 1.8×; ${cores} cores)`,
        figure: `2 worker processes: ${perMin(n, two.seconds).toFixed(1)} sites/min (${two.seconds.toFixed(1)} s; ${two.measured} of ${n} measured)`,
        bare: `1 worker (the row above): ${perMin(n, one.seconds).toFixed(1)} sites/min`,
        ratio: perMin(n, two.seconds) / perMin(n, one.seconds),
        rss: two.memory.root,
      });
    } else {
      rows.push({ name: 'two audit workers against one: not measured (no sqld: bash scripts/test-prereqs.sh)', figure: '—', bare: '—' });
    }
    shared.close();

    // 3. The server's event loop while its own worker audits.
    log(`  audit: outreach serve auditing ${served} sites, its event loop watched…`);
    rows.push(await serveStall({ ...baseEnv, OUTREACH_DATA_DIR: join(dir, 'audit-serve'), OUTREACH_DB_URL: `file:${join(dir, 'audit-serve.db')}` }, sandbox, served, quick, children, log));
  } finally {
    for (const proc of children) proc.child.kill('SIGKILL');
    await sqld?.stop();
    await sandbox.close();
  }
  return rows;
}

/** `node bin/outreach.js ARGS` with `env`; its output kept. */
function outreach(args: string[], env: NodeJS.ProcessEnv, children: Set<Proc>, execArgv: string[] = [], ipc = false): Proc {
  const child = spawn(process.execPath, [...execArgv, 'bin/outreach.js', ...args], { cwd: ROOT, env, stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const proc: Proc = { child, output: () => output, exited: new Promise((done) => child.once('close', (c) => done(c))) };
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  return proc;
}

async function run(args: string[], env: NodeJS.ProcessEnv, children: Set<Proc>): Promise<string> {
  const proc = outreach(args, env, children);
  const exit = await proc.exited;
  if (exit !== 0) throw new Error(`outreach ${args.join(' ')} exited ${exit}: ${proc.output().slice(-800)}`);
  return proc.output();
}

async function waitFor(proc: Proc, pattern: RegExp, msecs = 120_000): Promise<RegExpExecArray> {
  for (const deadline = Date.now() + msecs; Date.now() < deadline; ) {
    const match = pattern.exec(proc.output());
    if (match) return match;
    if (proc.child.exitCode !== null) break;
    await sleep(50);
  }
  throw new Error(`no ${pattern} from outreach ${proc.child.spawnargs.slice(2).join(' ')}:\n${proc.output().slice(-800)}`);
}

async function stop(proc: Proc) {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  const forced = setTimeout(() => proc.child.kill('SIGKILL'), 30_000);
  await proc.exited;
  clearTimeout(forced);
}

const count = async (db: Client, sql: string, args: (string | number)[] = []) => Number((await db.execute({ sql, args })).rows[0].n);

interface AuditJob {
  id: number;
  leadId: number;
  url: string;
}

/**
 * A sandbox campaign ("plumbers", started) searched and analysed by `outreach worker --stages
 * search,analyze`; of the audit jobs analysis queued (leads with a contact email) the first
 * `wanted` on plain-http sites are kept and the others deleted, so every run audits the same sites.
 */
async function prepare(env: NodeJS.ProcessEnv, db: Client, sandbox: Sandbox, wanted: number, children: Set<Proc>, log: (line: string) => void) {
  await run(['settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false'], env, children);
  const printed = await run(['campaign', 'create', '-n', 'Audit bench', '-q', 'plumbers', '--max-results', String(wanted * 6), '--start', '--json'], env, children);
  const created = JSON.parse(printed.split('\n').find((line) => line.startsWith('{'))!) as { id: number };
  const worker = outreach(['worker', '--stages', 'search,analyze', '--concurrency', '16'], env, children);
  await waitFor(worker, /Worker \S+ running/);
  const pending = () =>
    count(db, "SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage IN ('search', 'analyze') AND status NOT IN ('done', 'failed', 'dlq')", [created.id]);
  for (const deadline = Date.now() + 300_000; ; await sleep(200)) {
    const searched = await count(db, "SELECT count(*) AS n FROM jobs WHERE campaign_id = ? AND stage = 'search' AND status = 'done'", [created.id]);
    if (searched > 0 && (await pending()) === 0) break;
    if (Date.now() > deadline) throw new Error(`the campaign's search and analysis did not finish in 5 minutes:\n${worker.output().slice(-800)}`);
  }
  await stop(worker);
  const all = (await db.execute({ sql: "SELECT j.id, l.id AS lead_id, l.url, l.hostname FROM jobs j JOIN leads l ON l.id = j.lead_id WHERE j.campaign_id = ? AND j.stage = 'audit' ORDER BY j.id", args: [created.id] })).rows;
  const jobs: AuditJob[] = all
    .filter((r) => sandbox.siteByHostname(String(r.hostname))?.scheme === 'http')
    .slice(0, wanted)
    .map((r) => ({ id: Number(r.id), leadId: Number(r.lead_id), url: String(r.url) }));
  if (jobs.length === 0) throw new Error(`the campaign queued no audit job on a plain-http site (${all.length} audit jobs in all)`);
  if (jobs.length < wanted) log(`  audit: only ${jobs.length} audit jobs on plain-http sites (of ${all.length}); measuring those`);
  await db.execute({ sql: `DELETE FROM jobs WHERE campaign_id = ? AND stage = 'audit' AND id NOT IN (${jobs.map((j) => j.id).join(',')})`, args: [created.id] });
  return { campaignId: created.id, jobs };
}

/** The same audit jobs queued again (their audits forgotten), as if analysis had just queued them. */
async function requeue(db: Client, jobs: AuditJob[]) {
  const ids = jobs.map((j) => j.id).join(',');
  await db.batch(
    [
      `UPDATE jobs SET status = 'queued', attempts = 0, lease_owner = NULL, lease_expires_at = NULL, last_error = NULL, run_after = 0 WHERE id IN (${ids})`,
      `DELETE FROM site_audits WHERE lead_id IN (${jobs.map((j) => j.leadId).join(',')})`,
    ],
    'write',
  );
}

/** Polls the jobs until all are finished: seconds from the first claimed to the last finished. */
async function auditWindow(db: Client, jobs: AuditJob[], limitMs: number): Promise<number> {
  const ids = jobs.map((j) => j.id).join(',');
  const begun = performance.now();
  let first: number | undefined;
  for (;;) {
    const states = (await db.execute(`SELECT status FROM jobs WHERE id IN (${ids})`)).rows.map((r) => String(r.status));
    const now = performance.now();
    if (first === undefined && states.some((s) => s !== 'queued')) first = now;
    if (states.every((s) => FINISHED.has(s))) return (now - (first ?? now)) / 1000;
    if (now - begun > limitMs) throw new Error(`the audit jobs did not finish within ${Math.round(limitMs / 1000)} s (states: ${states.join(', ')})`);
    await sleep(50);
  }
}

/** What the audits left: how many were measured, and why the others were not. */
async function outcomes(db: Client, jobs: AuditJob[]) {
  const rows = (await db.execute(`SELECT measured, audit FROM site_audits WHERE lead_id IN (${jobs.map((j) => j.leadId).join(',')})`)).rows;
  const reasons = rows.filter((r) => Number(r.measured) !== 1).map((r) => String((JSON.parse(String(r.audit)) as { reason?: string }).reason ?? '?').slice(0, 120));
  return { measured: rows.filter((r) => Number(r.measured) === 1).length, reasons: [...new Set(reasons)] };
}

/** `workers` audit-only worker processes over the queued jobs; timed, their memory sampled (the first's). */
async function workAudits(env: NodeJS.ProcessEnv, db: Client, jobs: AuditJob[], workers: number, children: Set<Proc>) {
  const procs = Array.from({ length: workers }, () => outreach(['worker', '--stages', 'audit'], env, children));
  const memory = treeMemory(procs[0].child.pid!);
  // The Chromium the product starts: its command line, for the bare run's flags.
  let chromiumFlags: string[] | undefined;
  const watch = setInterval(() => {
    if (chromiumFlags) return;
    const browser = descendants(procs[0].child.pid!).find((p) => p.comm !== 'node');
    if (!browser) return;
    try {
      const argv = readFileSync(`/proc/${browser.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (argv.some((a) => a.startsWith('--remote-debugging-port'))) chromiumFlags = argv.slice(1).filter((a) => a.startsWith('--') && !/^--(user-data-dir|remote-debugging-(port|address))=/.test(a));
    } catch {
      // gone meanwhile
    }
  }, 100);
  try {
    const seconds = await auditWindow(db, jobs, jobs.length * 150_000);
    return { seconds, memory: memory.stop(), chromiumFlags, dbName: env.OUTREACH_DB_URL!.startsWith('file:') ? 'database file' : 'libSQL server', ...(await outcomes(db, jobs)) };
  } finally {
    clearInterval(watch);
    memory.stop();
    await Promise.all(procs.map(stop));
  }
}

/** The lighthouse CLI, one page at a time, launching Chromium itself with `flags`: total seconds and memory. */
async function bareLighthouse(urls: string[], flags: string[], dir: string) {
  // Lighthouse splits --chrome-flags on spaces: a value holding spaces (--host-resolver-rules) is quoted.
  const chromeFlags = flags.map((f) => (f.includes(' ') ? f.replace(/=(.*)$/, '="$1"') : f)).join(' ');
  const report = join(dir, 'bare-lighthouse.json');
  let seconds = 0;
  let measured = 0;
  const memory = { node: 0, browser: 0 };
  let chromiumFlags: string[] | undefined;
  for (const url of urls) {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      // The product's Lighthouse options (src/providers/audit/lighthouse.ts); error reporting off, as
      // the CLI already leaves it when not on a terminal.
      [LIGHTHOUSE_CLI, url, '--output=json', `--output-path=${report}`, '--quiet', '--disable-full-page-screenshot', '--skip-audits=bf-cache', '--no-enable-error-reporting', `--chrome-flags=${chromeFlags}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    const sampler = treeMemory(child.pid!);
    const watch = setInterval(() => {
      if (chromiumFlags) return;
      const browser = descendants(child.pid!).find((p) => p.comm !== 'node');
      try {
        if (browser) chromiumFlags = readFileSync(`/proc/${browser.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      } catch {
        // gone meanwhile
      }
    }, 100);
    const exit = await new Promise<number | null>((done) => child.once('close', done));
    clearInterval(watch);
    const mem = sampler.stop();
    seconds += (performance.now() - started) / 1000;
    memory.node = Math.max(memory.node, mem.root ?? 0);
    memory.browser = Math.max(memory.browser, mem.browser ?? 0);
    try {
      const lhr = JSON.parse(readFileSync(report, 'utf8')) as { runtimeError?: unknown };
      if (!lhr.runtimeError) measured++;
    } catch {
      throw new Error(`the lighthouse CLI gave no report for ${url} (exit ${exit}): ${stderr}`);
    } finally {
      rmSync(report, { force: true });
    }
  }
  return { seconds, measured, memory: { node: memory.node || undefined, browser: memory.browser || undefined }, chromiumFlags };
}

/** Preloaded into `outreach serve`: the event loop's delay histogram, its maximum sent (and reset) when asked over IPC. */
const STALL_PRELOAD = `data:text/javascript,${encodeURIComponent(
  `import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 1 });
h.enable();
process.on('message', (m) => { if (m === 'stall?') { process.send({ stall: h.max / 1e6 }); h.reset(); } });
process.channel?.unref();`,
)}`;

async function serveStall(env: NodeJS.ProcessEnv, sandbox: Sandbox, wanted: number, quick: boolean, children: Set<Proc>, log: (line: string) => void): Promise<Row> {
  const db = createClient({ url: env.OUTREACH_DB_URL! });
  try {
    const { campaignId, jobs } = await prepare(env, db, sandbox, wanted, children, log);
    await run(['campaign', 'pause', String(campaignId)], env, children);
    const server = outreach(['serve', '--port', '0'], env, children, ['--import', STALL_PRELOAD], true);
    try {
      const port = Number((await waitFor(server, /Outreach listening on http:\/\/[^:]+:(\d+)/))[1]);
      const stall = () =>
        new Promise<number>((resolve) => {
          server.child.once('message', (m: { stall: number }) => resolve(m.stall));
          server.child.send('stall?');
        });
      const api = httpClient(port, 4);
      api.authorize((JSON.parse((await api.post('/api/auth/login', ADMIN)).body) as { access_token: string }).access_token);
      /** GET /api/auth/me every 10 ms until `done` resolves: each response time. */
      const probe = async (done: Promise<unknown>) => {
        let over = false;
        void done.then(() => (over = true));
        const times: number[] = [];
        while (!over) {
          const s = performance.now();
          await api.get('/api/auth/me');
          times.push(performance.now() - s);
          await sleep(10);
        }
        return lat(times);
      };
      const idleSeconds = quick ? 5 : 10;
      await sleep(1000); // the sign-in's argon2 hash and start-up behind it
      await stall();
      const idle = await probe(sleep(idleSeconds * 1000));
      const idleStall = await stall();
      const mem = treeMemory(server.child.pid!);
      await api.post(`/api/campaigns/${campaignId}/resume`, {});
      const window = auditWindow(db, jobs, jobs.length * 150_000);
      const busy = await probe(window);
      const seconds = await window;
      const busyStall = await stall();
      const peak = mem.stop();
      const done = await outcomes(db, jobs);
      api.close();
      return {
        name: "outreach serve: its event loop's longest stall while its worker audits (goal < 50 ms)",
        figure: `${ms(busyStall)} (monitorEventLoopDelay inside serve, ${jobs.length} audits in ${seconds.toFixed(1)} s, ${done.measured} measured, each then drafted; database file); GET /api/auth/me every 10 ms: p99 ${ms(busy.p99)}, max ${ms(busy.max)} (${busy.n} calls)`,
        bare: `the same server idle ${idleSeconds} s: ${ms(idleStall)}; /api/auth/me p99 ${ms(idle.p99)}, max ${ms(idle.max)}`,
        ratio: busyStall / idleStall,
        rss: peak.root,
      };
    } finally {
      await stop(server);
    }
  } finally {
    db.close();
  }
}
