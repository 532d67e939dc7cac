// Benchmarks (issue 12): `npm run bench` seeds its own database of 1,000,000 leads, analyses
// and emails with SQL (cached in os.tmpdir() per schema version), serves the product and a
// bare Hono + @libsql/client server on loopback ports, and prints one table: each row's
// figure beside its bare baseline measured in the same run, the ratio figure ÷ bare, and the
// RSS high-water mark of the process that did the work.
//   npm run bench                 1M leads
//   npm run bench -- --quick      100k leads, shorter runs (for development)
//   npm run bench -- --leads=N    any size
//   npm run bench -- --only=pipeline   one group of rows (scale, pipeline, campaigns, cli, micro, web, audit)
// The audit group (audit.ts) runs Lighthouse in Debian's Chromium on sandbox sites: N sites
// (--quick 4, else 8) by the product's audit workers and by the bare lighthouse CLI, two audit
// workers on a libSQL server (sqld, from scripts/test-prereqs.sh) against one, and
// `outreach serve`'s event loop while its own worker audits.
// Benchmarks are not assertions: nothing here fails on a slow figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { auditRows } from './audit.ts';
import { cliRows, distIsCurrent } from './cli.ts';
import { mb, num, printTable, section, type Row } from './measure.ts';
import { microRows } from './micro.ts';
import { pipelineRows } from './pipeline.ts';
import { campaignsRows } from './campaigns.ts';
import { scaleRows } from './scale.ts';
import { cachedSeed, copyOf, schemaTag } from './seed.ts';
import { webDistIsCurrent, webRows } from './web.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const leadsArg = args.find((a) => a.startsWith('--leads='));
const leads = leadsArg ? Number(leadsArg.slice('--leads='.length)) : quick ? 100_000 : 1_000_000;
if (!Number.isSafeInteger(leads) || leads < 1000) throw new Error('--leads must be a whole number ≥ 1000');
const GROUPS = ['scale', 'pipeline', 'campaigns', 'cli', 'micro', 'web', 'audit'] as const;
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && !(GROUPS as readonly string[]).includes(only)) throw new Error(`--only must be one of ${GROUPS.join(', ')}`);
const runs = (group: (typeof GROUPS)[number]) => only === undefined || only === group;
const log = (line: string) => console.error(line);

const started = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'outreach-bench-'));
try {
  log(`Outreach benchmarks: ${num(leads)} leads, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${mb(totalmem())} RAM, Node ${process.version}`);
  const needsSeed = runs('scale') || runs('cli');
  const seed = needsSeed ? await cachedSeed(leads, log) : { file: '', cached: true, seconds: 0 };
  if (needsSeed) log(seed.cached ? `seed: cached ${seed.file}` : `seed: ${num(leads)} leads + analyses + emails in ${seed.seconds.toFixed(1)} s → ${seed.file}`);
  const file = needsSeed ? copyOf(seed.file, dir) : '';

  const rows: Row[] = [];
  if (runs('scale')) {
    log('scale rows (product and bare servers over HTTP)…');
    rows.push(...(await scaleRows({ file, dir, leads, quick, log })));
  }
  if (runs('pipeline')) {
    log('pipeline…');
    rows.push(...(await pipelineRows({ dir, sites: quick ? 50 : 100, log })));
  }
  if (runs('campaigns')) {
    log('campaigns…');
    rows.push(...(await campaignsRows({ dir, campaigns: quick ? 4 : 16, log })));
  }
  if (runs('cli')) {
    log('CLI start-up…');
    rows.push(section('CLI start-up'), ...cliRows(quick ? 5 : 10, file, dir));
  }
  if (runs('micro')) {
    log('in-process rows…');
    rows.push(...(await microRows(dir)));
  }
  if (runs('web')) {
    log('dashboard first load in Chromium…');
    rows.push(...(await webRows(quick ? 5 : 10, log)));
  }
  if (runs('audit')) {
    log('site audit (Lighthouse in Chromium)…');
    rows.push(...(await auditRows({ dir, quick, log })));
  }

  console.log(`\nOutreach benchmarks — ${num(leads)} leads / analyses / emails (schema ${schemaTag()}), ${cpus().length} cores, Node ${process.version}`);
  console.log(seed.cached ? 'Database: seeded earlier (cached in the temp dir).' : `Database: seeded with SQL in ${seed.seconds.toFixed(1)} s.`);
  console.log('ratio = figure ÷ bare baseline on the leading number (latency: lower is better; req/s and rows/s: higher is better).');
  console.log('RSS peak = high-water mark of the process that served the row (the product server; this process for in-process rows).\n');
  printTable(rows);
  if (runs('cli') && !distIsCurrent()) console.log('\nCLI rows ran the TypeScript sources through tsx: dist/ is missing or older than src/ (run `npm run build` first).');
  if (runs('web') && !webDistIsCurrent()) console.log('\nThe dashboard rows loaded a web/dist that is missing or older than web/src (run `npm run build` first).');
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
