// CLI start-up: `outreach --help` and database commands (`campaign list`, `leads list`,
// `analytics`, `replies list`, each --json, on the seeded database), spawned N times each,
// beside `node -e 0` spawned the same way. The launcher runs dist/ only when `npm run build`
// made it after the last change in src/; otherwise it runs the sources through tsx, and the
// row says so. RSS and CPU time (user + system, steadier than wall time on a busy machine):
// from GNU time when it is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { distNotCurrent } from '../../bin/dist-current.js';
import { mb, ms, pct, type Row } from './measure.ts';

const ROOT = join(import.meta.dirname, '../..');

/** The launcher's own test (bin/outreach.js): dist/ was built after every change in src/. */
export const distIsCurrent = (): boolean => distNotCurrent(ROOT) === undefined;

/** GNU time, when installed, reports each child's peak RSS. */
const TIME = ['/usr/bin/time'].find((f) => existsSync(f));

function spawnTimes(n: number, args: string[], env: NodeJS.ProcessEnv) {
  const t: number[] = [];
  const cpu: number[] = [];
  let rss: number | undefined;
  for (let i = 0; i < n + 1; i++) {
    const s = performance.now();
    const r = TIME
      ? spawnSync(TIME, ['-f', 'MAXRSS_KB %M CPU_S %U %S', process.execPath, ...args], { cwd: ROOT, env, encoding: 'utf8' })
      : spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
    if (i === 0) continue; // the first run warms the file cache
    t.push(performance.now() - s);
    const kb = /MAXRSS_KB (\d+)/.exec(r.stderr)?.[1];
    if (kb) rss = Math.max(rss ?? 0, Number(kb) * 1024);
    const used = /CPU_S ([\d.]+) ([\d.]+)/.exec(r.stderr);
    if (used) cpu.push((Number(used[1]) + Number(used[2])) * 1000);
  }
  return { p50: pct(t, 50), max: t.reduce((a, b) => Math.max(a, b), 0), cpu: cpu.length ? pct(cpu, 50) : undefined, rss };
}

export function cliRows(n: number, dbFile: string, dataDir: string): Row[] {
  const env = { ...process.env, OUTREACH_DB_URL: `file:${dbFile}`, OUTREACH_DATA_DIR: dataDir, NODE_OPTIONS: '' };
  const bare = spawnTimes(n, ['-e', '0'], env);
  const cpu = (r: { cpu?: number }) => (r.cpu === undefined ? '' : `, CPU ${r.cpu.toFixed(0)} ms`);
  const how = distIsCurrent() ? 'dist/' : 'tsx: no current dist/';
  const rows: Row[] = [];
  const commands = [['--help'], ['campaign', 'list', '--json'], ['leads', 'list', '--json'], ['analytics', '--json'], ['replies', 'list', '--json']];
  for (const args of commands) {
    const r = spawnTimes(n, ['bin/outreach.js', ...args], env);
    rows.push({
      name: `outreach ${args.join(' ')} (${how})`,
      figure: `median ${ms(r.p50)} of ${n}, max ${ms(r.max)}${cpu(r)}`,
      bare: `node -e 0: ${ms(bare.p50)}${cpu(bare)}${bare.rss ? `, RSS ${mb(bare.rss)}` : ''}`,
      ratio: r.p50 / bare.p50,
      rss: r.rss,
    });
  }
  return rows;
}
