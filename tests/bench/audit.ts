// The audit stage (issue 21): Lighthouse in Chromium per lead, as the pipeline runs it, over the
// sandbox web this process serves on loopback ports (the product's processes join it).
//   sites audited per minute  a sandbox campaign ("plumbers") is searched and analysed by an
//        `outreach worker --stages search,analyze`, N of its audit jobs kept (leads with a
//        contact email on plain-http sites), then one `outreach worker --stages audit` works them,
//        each job timed from its claim to its end (the jobs table, polled every 50 ms). Bare: the
//        lighthouse package's own CLI on the same pages, with the same Lighthouse options and the
//        very Chromium flags the product's Chromium ran with (read from its /proc/<pid>/cmdline),
//        Chromium launched by the CLI itself. The two take turns, site by site (the worker's next
//        job is released only after the bare run of the site before), so a machine whose load
//        changes during the run weighs on both alike.
//   peak RSS  the worker's Node process, its Lighthouse CLI children and the Chromium processes
//        apart, from /proc (measure.ts treeMemory); the same for the bare CLI.
//   two audit workers against one  the same N jobs queued again, worked by one `outreach worker
//        --stages audit`, then again by two sharing a libSQL server (sqld, as the scale-out runs).
//        Each worker, with its Lighthouse and Chromium, is pinned to a core of its own (taskset):
//        a one-core host, so that the two stand for two hosts rather than splitting one machine's
//        cores. Not interleaved: the load average before and after each part is printed with it.
//   the server's longest event-loop stall while audits run  `outreach serve` on a database file
//        (the default) whose campaign holds queued audit jobs: its audit process (the child
//        `outreach worker --stages audit` serve starts where Chromium is) audits them. The
//        stall is read inside serve by monitorEventLoopDelay (a preload given with --import,
//        asked over IPC after each audit), and GET /api/auth/me is timed from outside every 10 ms;
//        the baseline is a bare Node process (a timer, nothing else) beside the same audits, read
//        the same way: the delay the machine itself gives any process while Chromium and
//        Lighthouse take its cores; the same server idle for a few seconds before is printed. The
//        draft each audit queues is held back (a bench-only trigger), so the stall is the audit's.
// The product's processes run the compiled dist/ when it exists (as `outreach` does once built;
// the rows say when it is older than src/), else the launcher (the sources through tsx).
// Nothing reaches the internet: the sandbox is on loopback, Chromium runs with the product's
// flags (background networking off, every name but localhost and *.localhost unresolvable).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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
/** The bare run's flags should the product's Chromium never have been seen: headless, and no name but the sandbox's resolves. */
const CONFINED = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1'];
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
    // 1. One audit worker and the bare CLI on the same pages, taking turns.
    const sharedEnv = { ...baseEnv, OUTREACH_DATA_DIR: join(dir, 'audit-shared'), OUTREACH_DB_URL: sqld?.url ?? `file:${join(dir, 'audit-shared.db')}` };
    const shared = createClient({ url: sharedEnv.OUTREACH_DB_URL });
    log(`  audit: a sandbox campaign searched and analysed, ${sites} of its audit jobs kept…`);
    const prepared = await prepare(sharedEnv, shared, sandbox, sites, children, log);
    log(`  audit: one outreach worker --stages audit and the bare lighthouse CLI, in turn over ${prepared.jobs.length} sites…`);
    const load1 = loadavg()[0];
    const { one, bare } = await oneWorkerAndBare(sharedEnv, shared, prepared.jobs, dir, children, log);
    const n = prepared.jobs.length;
    const perMin = (count: number, seconds: number) => (count / seconds) * 60;
    rows.push(section(`Site audit: Lighthouse in Chromium, ${n} sandbox sites (plain http), one at a time; the product ran ${one.code}; ${cores} cores, load average ${load1.toFixed(1)} → ${loadavg()[0].toFixed(1)}`));
    rows.push({
      name: 'outreach worker --stages audit: sites audited per minute (goal ≥ 0.9× bare)',
      figure: `${perMin(n, one.seconds).toFixed(1)} sites/min (${one.seconds.toFixed(1)} s, of which the auditor ${one.auditorSeconds.toFixed(1)} s; ${one.measured} of ${n} measured${one.reasons.length ? `: ${one.reasons.join('; ')}` : ''}; each with a desktop screenshot too; ${one.dbName})`,
      bare: `lighthouse CLI, same pages, options and Chromium flags, taking turns with it: ${perMin(n, bare.seconds).toFixed(1)} sites/min (${bare.seconds.toFixed(1)} s; ${bare.measured} of ${n} measured)`,
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

    // 2. Two audit workers against one, on the same jobs (sqld only). A host's audits are bound
    // by its CPU (Lighthouse and Chromium use every core they get), so two workers on one
    // machine would split the same cores: each worker here is pinned to a core of its own, a
    // one-core host, and the baseline is one such host alone.
    if (sqld && cores >= 2) {
      await requeue(shared, prepared.jobs);
      log(`  audit: one outreach worker --stages audit on one core over the same ${n} sites…`);
      const loadOne = loadavg()[0];
      const single = await workAudits(sharedEnv, shared, prepared.jobs, 1, children, true);
      await requeue(shared, prepared.jobs);
      log(`  audit: two outreach worker --stages audit, a core each, over the same ${n} sites…`);
      const load2 = loadavg()[0];
      const two = await workAudits(sharedEnv, shared, prepared.jobs, 2, children, true);
      rows.push({
        name: `two audit workers against one, sqld, each worker and its Chromium pinned to a core of its own (a one-core host; goal ≥ 1.8×; load average ${loadOne.toFixed(1)} → ${load2.toFixed(1)} → ${loadavg()[0].toFixed(1)})`,
        figure: `2 worker processes, cores 0 and 1: ${perMin(n, two.seconds).toFixed(1)} sites/min (${two.seconds.toFixed(1)} s; ${two.measured} of ${n} measured)`,
        bare: `1 worker, core 0: ${perMin(n, single.seconds).toFixed(1)} sites/min (${single.seconds.toFixed(1)} s; ${single.measured} of ${n} measured)`,
        ratio: perMin(n, two.seconds) / perMin(n, single.seconds),
        rss: two.memory.root,
      });
    } else {
      rows.push({ name: `two audit workers against one: not measured (${sqld ? `${cores} core: two one-core hosts need two` : 'no sqld: bash scripts/test-prereqs.sh'})`, figure: '—', bare: '—' });
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

/** The compiled product (dist/cli.js, what bin/outreach.js runs once `npm run build` made it), else the launcher. */
const DIST_CLI = join(ROOT, 'dist/cli.js');
const entry = () => (existsSync(DIST_CLI) ? 'dist/cli.js' : 'bin/outreach.js');
const codeRun = () => (!existsSync(DIST_CLI) ? 'the sources through tsx (no dist/)' : distIsCurrent() ? 'dist/' : 'dist/, older than src/ (npm run build)');

/** `outreach ARGS` (the compiled dist/ when built) with `env`; its output kept. */
/** An `outreach` process; with `cpu`, it and all it starts (Chromium too) run on that one core only (taskset execs, so the pid is the worker's). */
function outreach(args: string[], env: NodeJS.ProcessEnv, children: Set<Proc>, execArgv: string[] = [], ipc = false, cpu?: number): Proc {
  const command = [process.execPath, ...execArgv, entry(), ...args];
  const [file, ...argv] = cpu === undefined ? command : ['taskset', '-c', String(cpu), ...command];
  const child = spawn(file, argv, { cwd: ROOT, env, stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'] });
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
  const audits = rows.map((r) => ({ measured: Number(r.measured) === 1, ...(JSON.parse(String(r.audit)) as { reason?: string; duration_ms?: number }) }));
  const reasons = audits.filter((a) => !a.measured).map((a) => String(a.reason ?? '?').slice(0, 120));
  // The auditor's own time (Lighthouse, Chromium's start, the desktop screenshot): the rest of a job is the stage's.
  const auditorSeconds = audits.reduce((sum, a) => sum + (a.duration_ms ?? 0), 0) / 1000;
  return { measured: audits.filter((a) => a.measured).length, reasons: [...new Set(reasons)], auditorSeconds };
}

/**
 * `workers` audit-only worker processes over the queued jobs; timed, their memory sampled (the
 * first's). Pinned, worker i and its Chromium run on core i only: each a one-core host.
 */
async function workAudits(env: NodeJS.ProcessEnv, db: Client, jobs: AuditJob[], workers: number, children: Set<Proc>, pinned = false) {
  const procs = Array.from({ length: workers }, (_, i) => outreach(['worker', '--stages', 'audit'], env, children, [], false, pinned ? i : undefined));
  const memory = treeMemory(procs[0].child.pid!);
  try {
    const seconds = await auditWindow(db, jobs, jobs.length * 150_000);
    return { seconds, memory: memory.stop(), ...(await outcomes(db, jobs)) };
  } finally {
    memory.stop();
    await Promise.all(procs.map(stop));
  }
}

/** Parks jobs (not claimable for years) or releases them (claimable now). */
const park = (db: Client, jobs: AuditJob[], parked: boolean) =>
  db.execute({ sql: `UPDATE jobs SET run_after = ? WHERE id IN (${jobs.map((j) => j.id).join(',')})`, args: [parked ? Date.now() + 10 * 365 * 86_400_000 : 0] });

/**
 * One audit worker and the bare CLI taking turns, site by site: the worker's job for a site is
 * released, timed from its claim to its end, then the CLI audits the same page. Sums of each.
 */
async function oneWorkerAndBare(env: NodeJS.ProcessEnv, db: Client, jobs: AuditJob[], dir: string, children: Set<Proc>, log: (line: string) => void) {
  await park(db, jobs, true);
  const code = codeRun();
  const worker = outreach(['worker', '--stages', 'audit'], env, children);
  const memory = treeMemory(worker.child.pid!);
  const flags = chromiumCommandLine(worker.child.pid!);
  let seconds = 0;
  const bare = { seconds: 0, measured: 0, memory: { node: 0, browser: 0 } };
  try {
    await waitFor(worker, /Worker \S+ running/);
    for (const job of jobs) {
      await park(db, [job], false);
      const product = await auditWindow(db, [job], 150_000);
      seconds += product;
      const site = await bareLighthouse(job.url, flags.get() ?? CONFINED, dir);
      bare.seconds += site.seconds;
      bare.measured += site.measured ? 1 : 0;
      bare.memory.node = Math.max(bare.memory.node, site.memory.root ?? 0);
      bare.memory.browser = Math.max(bare.memory.browser, site.memory.browser ?? 0);
      log(`    ${job.url}: product ${product.toFixed(1)} s, bare ${site.seconds.toFixed(1)} s`);
      const product_ = flags.get();
      if (product_ && site.flags) {
        const missing = product_.filter((f) => !site.flags!.includes(f));
        if (missing.length) log(`    the bare CLI's Chromium lacked ${missing.join(' ')}`);
      }
    }
    const one = { seconds, code, memory: memory.stop(), dbName: env.OUTREACH_DB_URL!.startsWith('file:') ? 'database file' : 'libSQL server', ...(await outcomes(db, jobs)) };
    return { one, bare: { ...bare, memory: { node: bare.memory.node || undefined, browser: bare.memory.browser || undefined } } };
  } finally {
    flags.stop();
    memory.stop();
    await stop(worker);
  }
}

/** The command line of the first Chromium started under `root` with a DevTools port, its flags only (no profile, no port). */
function chromiumCommandLine(root: number) {
  let flags: string[] | undefined;
  const timer = setInterval(() => {
    if (flags) return clearInterval(timer);
    for (const p of descendants(root)) {
      if (p.comm === 'node') continue;
      try {
        const argv = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        if (!argv.some((a) => a.startsWith('--remote-debugging-port'))) continue;
        flags = argv.filter((a) => a.startsWith('--') && !/^--(user-data-dir|remote-debugging-(port|address)|type|enable-crash-reporter)=/.test(a));
        return;
      } catch {
        // gone meanwhile
      }
    }
  }, 100);
  return { get: () => flags, stop: () => clearInterval(timer) };
}

/** The lighthouse CLI on one page, launching Chromium itself with `flags`: seconds, memory, Chromium's own flags. */
async function bareLighthouse(url: string, flags: string[], dir: string) {
  // Lighthouse splits --chrome-flags on spaces: a value holding spaces (--host-resolver-rules) is quoted.
  const chromeFlags = flags.map((f) => (f.includes(' ') ? f.replace(/=(.*)$/, '="$1"') : f)).join(' ');
  const report = join(dir, 'bare-lighthouse.json');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    // The product's Lighthouse options (src/providers/audit/lighthouse.ts); error reporting off, as
    // the CLI already leaves it when not on a terminal.
    [LIGHTHOUSE_CLI, url, '--output=json', `--output-path=${report}`, '--quiet', '--disable-full-page-screenshot', '--skip-audits=bf-cache,screenshot-thumbnails', '--no-enable-error-reporting', `--chrome-flags=${chromeFlags}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
  const memory = treeMemory(child.pid!);
  const launched = chromiumCommandLine(child.pid!);
  const exit = await new Promise<number | null>((done) => child.once('close', done));
  launched.stop();
  const seconds = (performance.now() - started) / 1000;
  try {
    const lhr = JSON.parse(readFileSync(report, 'utf8')) as { runtimeError?: unknown };
    return { seconds, measured: !lhr.runtimeError, memory: memory.stop(), flags: launched.get() };
  } catch {
    throw new Error(`the lighthouse CLI gave no report for ${url} (exit ${exit}): ${stderr}`);
  } finally {
    memory.stop();
    rmSync(report, { force: true });
  }
}

/**
 * Preloaded into `outreach serve`: the event loop's delay histogram and the longest garbage
 * collection, their maxima sent (and reset) when asked over IPC.
 */
const STALL_PRELOAD = `data:text/javascript,${encodeURIComponent(
  `import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 1 });
h.enable();
let gc = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) gc = Math.max(gc, e.duration); }).observe({ entryTypes: ['gc'] });
process.on('message', (m) => { if (m === 'stall?') { process.send({ stall: h.max / 1e6, gc }); h.reset(); gc = 0; } });
process.channel?.unref();`,
)}`;

async function serveStall(env: NodeJS.ProcessEnv, sandbox: Sandbox, wanted: number, quick: boolean, children: Set<Proc>, log: (line: string) => void): Promise<Row> {
  const db = createClient({ url: env.OUTREACH_DB_URL! });
  try {
    const { campaignId, jobs } = await prepare(env, db, sandbox, wanted, children, log);
    await run(['campaign', 'pause', String(campaignId)], env, children);
    // The draft each audit queues waits (bench only): the stall measured is the audit's, not the writer's.
    await db.execute(`CREATE TRIGGER bench_drafts_wait AFTER INSERT ON jobs WHEN NEW.stage = 'draft' BEGIN UPDATE jobs SET run_after = ${Date.now() + 10 * 365 * 86_400_000} WHERE id = NEW.id; END`);
    const code = `serve ran ${codeRun()}`;
    const server = outreach(['serve', '--port', '0'], env, children, ['--import', STALL_PRELOAD], true);
    try {
      const port = Number((await waitFor(server, /Outreach listening on http:\/\/[^:]+:(\d+)/))[1]);
      const stall = () =>
        new Promise<{ stall: number; gc: number }>((resolve) => {
          server.child.once('message', resolve);
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
      // The bare baseline: a Node process that does nothing but a timer every 10 ms, beside the
      // same audits. Chromium and Lighthouse take both cores, and on this kind of host (a small
      // VM) any such load delays every process now and then: what it sees is the machine's share.
      const bare = spawn(process.execPath, ['--import', STALL_PRELOAD, '-e', 'setInterval(() => {}, 10)'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      const bareStall = () =>
        new Promise<{ stall: number; gc: number }>((resolve) => {
          bare.once('message', resolve);
          bare.send('stall?');
        });
      await sleep(500);
      await bareStall();
      await api.post(`/api/campaigns/${campaignId}/resume`, {});
      // Its audit process takes the jobs in order, one audit at a time: the stall is asked after each.
      const stalls: { stall: number; gc: number }[] = [];
      const bareStalls: number[] = [];
      const window = (async () => {
        let seconds = 0;
        for (const job of jobs) {
          seconds += await auditWindow(db, [job], 150_000);
          stalls.push(await stall());
          bareStalls.push((await bareStall()).stall);
        }
        return seconds;
      })();
      const busy = await probe(window);
      const seconds = await window;
      const busyStall = Math.max(...stalls.map((x) => x.stall));
      const bareBusy = Math.max(...bareStalls);
      bare.kill();
      const peak = mem.stop();
      const done = await outcomes(db, jobs);
      api.close();
      return {
        name: "outreach serve: its event loop's longest stall while its audit process audits (goal < 50 ms)",
        figure: `${ms(busyStall)} (monitorEventLoopDelay inside serve; by audit ${stalls.map((x) => `${ms(x.stall)} (longest GC ${ms(x.gc)})`).join(', ')}; ${jobs.length} audits in ${seconds.toFixed(1)} s, ${done.measured} measured, their drafts held back; database file; ${code}); GET /api/auth/me every 10 ms: p99 ${ms(busy.p99)}, max ${ms(busy.max)} (${busy.n} calls)`,
        bare: `a bare Node process (a 10 ms timer) beside the same audits: ${ms(bareBusy)} (by audit ${bareStalls.map(ms).join(', ')}); the same server idle ${idleSeconds} s before: ${ms(idleStall.stall)} (longest GC ${ms(idleStall.gc)}), /api/auth/me p99 ${ms(idle.p99)}, max ${ms(idle.max)}`,
        ratio: busyStall / bareBusy,
        rss: peak.root,
      };
    } finally {
      await stop(server);
    }
  } finally {
    db.close();
  }
}
