// Many campaigns at once in one `outreach serve`: 16 campaigns (one trade each) over a
// 1,000-site sandbox web, politeness at its minimum, started through the API as an operator
// would. Sites per minute for all of them together, and the server's RSS sampled every second
// (peak, and the median of each quarter of the run: memory should stay flat, not grow).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../src/config.ts';
import { INDUSTRIES, startSandbox } from '../../src/sandbox/index.ts';
import { freePort } from '../support/ports.ts';
import { mb, num, pct, section, type Row } from './measure.ts';

const ROOT = join(import.meta.dirname, '../..');
const SANDBOX_SITES = 1000;

interface CampaignView {
  id: number;
  status: string;
  total_leads: number;
  processed_leads: number;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export async function campaignsRows(opts: { dir: string; campaigns: number; log: (line: string) => void }): Promise<Row[]> {
  const config = loadConfig();
  const ports = { httpPort: await freePort(), httpsPort: await freePort() };
  const port = await freePort();
  // The sandbox web runs here; the server joins it on these ports, so its RSS is its own.
  const sandbox = await startSandbox({ seed: config.sandbox.seed, sites: SANDBOX_SITES, ...ports, host: '127.0.0.1' });
  const server = spawn(process.execPath, ['bin/outreach.js', 'serve', '--port', String(port)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      OUTREACH_DATA_DIR: opts.dir,
      OUTREACH_DB_URL: `file:${join(opts.dir, 'campaigns.db')}`,
      OUTREACH_SANDBOX_PORT: String(ports.httpPort),
      OUTREACH_SANDBOX_HTTPS_PORT: String(ports.httpsPort),
      OUTREACH_SANDBOX_SITES: String(SANDBOX_SITES),
      OUTREACH_ADMIN_USERNAME: 'bench',
      OUTREACH_ADMIN_PASSWORD: 'bench-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let out = '';
    server.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    await new Promise<void>((resolve, reject) => {
      server.stdout.setEncoding('utf8').on('data', (d: string) => ((out += d), out.includes('listening on') && resolve()));
      server.on('exit', (code) => reject(new Error(`outreach serve exited ${code}: ${out}`)));
    });
    server.on('exit', (code, signal) => opts.log(`  campaigns: outreach serve exited (${code ?? signal}): ${out.slice(-2000)}`));
    const base = `http://127.0.0.1:${port}`;
    const login = (await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }) })).json()) as { access_token: string };
    const call = async <T>(method: string, path: string, body?: unknown, retry = 2): Promise<T> => {
      // A reused keep-alive socket the server has just closed resets: ask again on a new one.
      const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${login.access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) }).catch((error: unknown) => {
        if (retry > 0 && server.exitCode === null) return null;
        throw error;
      });
      if (res === null) return call<T>(method, path, body, retry - 1);
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    await call('POST', '/api/settings/system-config', { scraping_delay: 0.5, enable_rate_limiting: false });

    opts.log(`  campaigns: ${opts.campaigns} campaigns over a ${num(SANDBOX_SITES)}-site sandbox in one serve…`);
    const t0 = performance.now();
    for (const industry of INDUSTRIES.slice(0, opts.campaigns)) {
      const c = await call<CampaignView>('POST', '/api/campaigns', { name: `Bench ${industry.label}`, search_query: industry.label.toLowerCase(), max_results: 100 });
      await call('POST', `/api/campaigns/${c.id}/start`);
    }
    const samples: { at: number; rss: number }[] = [];
    let all: CampaignView[] = [];
    for (const deadline = Date.now() + 30 * 60_000; Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 1000));
      samples.push({ at: performance.now() - t0, rss: rssOf(server.pid!) });
      all = await call<CampaignView[]>('GET', '/api/campaigns');
      if (all.every((c) => c.status !== 'RUNNING')) break;
    }
    const wall = (performance.now() - t0) / 1000;
    const sites = all.reduce((n, c) => n + c.processed_leads, 0);
    const quarter = (q: number) => pct(samples.filter((s) => s.at >= (q * wall * 1000) / 4 && s.at < ((q + 1) * wall * 1000) / 4).map((s) => s.rss), 50);
    const peak = Math.max(...samples.map((s) => s.rss));
    return [
      section(`${opts.campaigns} campaigns at once in one serve (${num(SANDBOX_SITES)}-site sandbox, politeness at its minimum)`),
      {
        name: `${opts.campaigns} campaigns, search → drafts`,
        figure: `${num((sites / wall) * 60)} sites/min (${num(sites)} sites in ${wall.toFixed(0)} s); RSS by quarter ${[0, 1, 2, 3].map((q) => mb(quarter(q))).join(' → ')}`,
        bare: '—',
        rss: peak,
      },
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await sandbox.close();
  }
}
