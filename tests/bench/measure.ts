// What every benchmark row is made of: timing helpers, an HTTP load generator (keep-alive
// connections over node:http, no dependency), the RSS sampler and the table printer.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Row {
  /** What was measured. */
  name: string;
  /** The figure, as printed (p50/p99, req/s, rows/s...). */
  figure: string;
  /** The bare baseline measured in the same run, as printed ('—' when there is none). */
  bare: string;
  /** figure ÷ bare on the figures' leading number (time: lower is better; rates: higher is). */
  ratio?: number;
  /** RSS high-water mark of the process that did the work during the row, bytes. */
  rss?: number;
}

export const section = (title: string): Row => ({ name: `— ${title}`, figure: '', bare: '' });

export const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const ms = (v: number) => (v >= 100 ? `${v.toFixed(0)} ms` : v >= 1 ? `${v.toFixed(2)} ms` : `${(v * 1000).toFixed(0)} µs`);
export const mb = (bytes: number | undefined) => (bytes === undefined ? '—' : `${Math.round(bytes / 1048576)} MB`);
export const num = (v: number) => Math.round(v).toLocaleString('en-US');

export interface Latency {
  p50: number;
  p99: number;
  max: number;
  n: number;
}
export const lat = (t: number[]): Latency => ({ p50: pct(t, 50), p99: pct(t, 99), max: t.reduce((a, b) => Math.max(a, b), 0), n: t.length });
export const p50p99 = (l: Latency) => `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;

/** Sequential calls after a short warm-up: per-call latencies; `before` runs untimed before each. */
export async function timed(n: number, fn: () => unknown, warmup = Math.min(20, Math.ceil(n / 5)), before?: () => Promise<unknown>): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    await before?.();
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  return lat(t);
}

/** `conc` callers each calling `fn` back to back for `seconds`: throughput and latencies. */
export async function load(seconds: number, conc: number, fn: () => Promise<unknown>): Promise<Latency & { rps: number }> {
  const t: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        await fn();
        t.push(performance.now() - s);
      }
    }),
  );
  return { ...lat(t), rps: t.length / ((performance.now() - start) / 1000) };
}

/** A keep-alive HTTP client for one server: `get` reads the whole body (or streams it to `onData`). */
export function httpClient(port: number, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  let headers: Record<string, string> = {};
  const request = (method: string, path: string, body?: string, onData?: (chunk: Buffer) => void, signal?: AbortSignal) =>
    new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path, agent, signal, headers: { ...headers, ...(body && { 'content-type': 'application/json' }) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => (onData ? onData(c) : chunks.push(c)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 200) reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`));
            else resolve({ status: res.statusCode, body: text, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return {
    get: (path: string, onData?: (chunk: Buffer) => void, signal?: AbortSignal) => request('GET', path, undefined, onData, signal),
    post: (path: string, json: unknown) => request('POST', path, JSON.stringify(json)),
    json: async <T>(path: string) => JSON.parse((await request('GET', path)).body) as T,
    authorize: (token: string) => void (headers = { authorization: `Bearer ${token}` }),
    close: () => agent.destroy(),
  };
}
export type HttpClient = ReturnType<typeof httpClient>;

/** This process's RSS high-water mark between start() and stop(), sampled every 10 ms. */
export function rssPeak() {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  sample();
  const timer = setInterval(sample, 10);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

export function printTable(rows: Row[], out: (line: string) => void = console.log) {
  const head = ['row', 'figure', 'bare baseline', 'ratio', 'RSS peak'];
  const cells = rows.map((r) =>
    r.figure === '' && r.bare === '' ? [r.name] : [r.name, r.figure, r.bare, r.ratio === undefined || !Number.isFinite(r.ratio) ? '—' : `${r.ratio.toFixed(r.ratio < 10 ? 2 : 0)}×`, mb(r.rss)],
  );
  const width = head.map((h, i) => Math.max(h.length, ...cells.filter((c) => c.length > 1).map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i === 3 || i === 4 ? v.padStart(width[i]) : v.padEnd(width[i]))).join('  ').trimEnd();
  out(line(head));
  out(width.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) out(c.length === 1 ? c[0] : line(c));
}

/** One process's line of /proc/<pid>/status in bytes (VmRSS, VmHWM), or undefined once it is gone. */
export function procMemory(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Every process descending from `root` (not root itself), with its command name, from /proc/<pid>/stat. */
export function descendants(root: number): { pid: number; comm: string }[] {
  const children = new Map<number, { pid: number; comm: string }[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid ...": the name may hold spaces and parentheses, so split after the last ')'.
    const close = stat.lastIndexOf(')');
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    const entry = { pid: Number(name), comm: stat.slice(stat.indexOf('(') + 1, close) };
    children.set(ppid, [...(children.get(ppid) ?? []), entry]);
  }
  const out: { pid: number; comm: string }[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return out;
}

/**
 * Memory of a process tree, sampled every `everyMs` until stop(): the root's own high-water mark
 * (VmHWM), the largest high-water mark of any Node child (a Lighthouse CLI), and the largest sum
 * of the resident sets of the other descendants at one moment (Chromium's processes; pages they
 * share are counted once per process, as `ps` would).
 */
export function treeMemory(root: number, everyMs = 100) {
  let node = 0;
  let browser = 0;
  let rootPeak = 0;
  const sample = () => {
    rootPeak = Math.max(rootPeak, procMemory(root, 'VmHWM') ?? 0);
    let sum = 0;
    for (const p of descendants(root)) {
      if (p.comm === 'node' || p.comm.startsWith('node ')) node = Math.max(node, procMemory(p.pid, 'VmHWM') ?? 0);
      else sum += procMemory(p.pid, 'VmRSS') ?? 0;
    }
    browser = Math.max(browser, sum);
  };
  const timer = setInterval(sample, everyMs);
  return {
    /** Stops sampling (call while the root still runs, so its own peak is read). */
    stop() {
      clearInterval(timer);
      sample();
      return { root: rootPeak || undefined, node: node || undefined, browser: browser || undefined };
    },
  };
}
