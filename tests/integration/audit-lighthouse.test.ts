// The site audit for real: Lighthouse 12 in Debian's Chromium on pages served from a local
// server (allow-listed the way the crawler allow-lists the sandbox: "127.0.0.1:<port>"), and
// `outreach analyze` on the compiled dist against the sandbox web. A heavy page must measure
// worse than a light one; a page that hangs or errors must come back "not measured", never
// with numbers. Lighthouse takes 10-40 s a run on this 2-core machine: one run per page, and
// the CLI runs (other processes) go alongside the provider's runs.
import { execa } from 'execa';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandOf } from '../../src/core/audit/bands.ts';
import type { MeasuredAudit, SiteAudit } from '../../src/core/model/audit.ts';
import { siteAuditSchema } from '../../src/core/model/audit.ts';
import { LighthouseAuditor } from '../../src/providers/audit/lighthouse.ts';
import { freePort } from '../support/ports.ts';

const HEAD = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';
const LIGHT = `<!doctype html><html lang="en"><head>${HEAD}<title>Light bakery</title><meta name="description" content="Fresh bread every morning.">
</head><body><h1>Light bakery</h1><p>Fresh bread every morning, coffee to take away.</p></body></html>`;
// A render-blocking script served slowly, a 4 MB uncompressed hero image without dimensions
// (the text under it jumps when it arrives) and a banner pushed in above everything.
const HEAVY = `<!doctype html><html lang="en"><head>${HEAD}<title>Heavy bakery</title>
<script src="/slow.js"></script></head><body>
<h1>Heavy bakery</h1><img src="/hero.bmp" alt="Our shop"><p>Fresh bread every morning, coffee to take away.</p>
<script>setTimeout(() => { const d = document.createElement('div'); d.style.height = '240px'; d.textContent = 'Special offer'; document.body.prepend(d); }, 1000);</script>
</body></html>`;

/** An uncompressed 24-bit BMP: width x height x 3 bytes of pixels. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + row * height);
  buf.write('BM', 0);
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) buf.writeUIntLE(((x * 7) ^ (y * 13)) & 0xffffff, 54 + y * row + x * 3, 3);
  return buf;
}
const HERO = bmp(1400, 1000);

/** A JPEG's size from its start-of-frame marker (SOF0-SOF15 but DHT, JPG, DAC); throws when it is not a JPEG. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG (no SOI marker)');
  for (let at = 2; at + 9 < jpeg.length; ) {
    if (jpeg[at] !== 0xff) throw new Error(`not a JPEG marker at byte ${at}`);
    const marker = jpeg[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame marker in the JPEG');
}

let server: Server;
let port: number;
/** A loopback server nothing may reach (not allow-listed): counts the requests it gets. */
let trap: Server;
let trapPort: number;
let trapHits = 0;
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
const later = (ms: number, res: ServerResponse, body: string, type: string) => {
  const t = setTimeout(() => {
    timers.delete(t);
    res.writeHead(200, { 'content-type': type }).end(body);
  }, ms);
  timers.add(t);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/light') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LIGHT);
    // Phones get the heavy page; a desktop browser is sent on to an address the guard refuses (one
    // Lighthouse run serves both the heavy page's numbers and the refused desktop view).
    if (path === '/heavy') {
      if (/Mobile/.test(req.headers['user-agent'] ?? '')) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HEAVY);
      return res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/secret` }).end();
    }
    if (path === '/slow.js') return later(1500, res, 'window.ready = true;', 'text/javascript');
    if (path === '/hero.bmp') return res.writeHead(200, { 'content-type': 'image/bmp', 'content-length': HERO.length }).end(HERO);
    if (path === '/hang') return; // never answers
    if (path === '/broken') return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    res.writeHead(404).end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  trap = createServer((_req, res) => {
    trapHits++;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>internal</h1>');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapPort = (trap.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const t of timers) clearTimeout(t);
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
  trap.closeAllConnections();
  await new Promise((resolve) => trap.close(resolve));
});

const auditor = () => new LighthouseAuditor({ allow: [`127.0.0.1:${port}`] });
const url = (path: string) => `http://127.0.0.1:${port}${path}`;

function expectNotMeasured(audit: SiteAudit, reason: RegExp): void {
  expect(siteAuditSchema.parse(audit)).toEqual(audit);
  expect(audit.measured).toBe(false);
  if (audit.measured) return;
  expect(audit.reason).toMatch(reason);
  for (const key of ['performance', 'lcp_ms', 'fcp_ms', 'cls', 'tbt_ms', 'total_bytes', 'screenshots']) expect(audit).not.toHaveProperty(key);
}

describe('Lighthouse in Chromium (the provider)', () => {
  let light: MeasuredAudit;
  let heavy: MeasuredAudit;

  it('measures a light page: scores, metrics, conditions and the phone screenshot', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const audit = await auditor().audit(url('/light'));
    expect(audit.measured, JSON.stringify(audit)).toBe(true);
    if (!audit.measured) return;
    light = audit;
    expect(siteAuditSchema.parse(audit)).toEqual(audit);
    console.log(`light page: one Lighthouse run in ${audit.duration_ms} ms (audit() took ${Date.now() - started} ms)`);
    for (const key of ['performance', 'accessibility', 'best_practices', 'seo'] as const) {
      expect(audit[key]).toBeGreaterThanOrEqual(0);
      expect(audit[key]).toBeLessThanOrEqual(100);
    }
    expect(audit.lcp_ms).toBeGreaterThan(0);
    expect(audit.fcp_ms).toBeGreaterThan(0);
    expect(audit.cls).toBeLessThanOrEqual(0.1);
    expect(audit.total_bytes).toBeLessThan(20_000);
    expect(audit).toMatchObject({ final_url: url('/light'), is_https: false, mixed_content: null, title: 'pass', meta_description: 'pass', font_size: 'pass', lighthouse_version: '12.2.3', device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run', runs: 1 });
    const jpeg = Buffer.from(audit.screenshots.mobile!.base64, 'base64');
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(jpeg.length).toBeGreaterThan(1000);
    expect(audit.source).toBe('lighthouse');
    // The desktop screenshot: the same page in a 1350x940 desktop window, above the fold.
    expect(audit.screenshots.desktop, audit.warnings.join('; ')).toBeDefined();
    const desktop = Buffer.from(audit.screenshots.desktop!.base64, 'base64');
    expect(jpegSize(desktop)).toEqual({ width: 1350, height: 940 });
    expect(jpegSize(jpeg).width).toBeLessThan(600); // the phone's is narrow
    expect(audit.warnings.filter((w) => /desktop/i.test(w))).toEqual([]);
  });

  it('measures a heavy page worse: slower LCP, megabytes more weight, a layout shift', { timeout: 120_000 }, async () => {
    expect(light, 'the light page was measured').toBeDefined();
    const audit = await auditor().audit(url('/heavy'));
    expect(audit.measured, JSON.stringify(audit)).toBe(true);
    if (!audit.measured) return;
    heavy = audit;
    console.log(`heavy page: one Lighthouse run in ${heavy.duration_ms} ms; LCP ${heavy.lcp_ms} vs ${light.lcp_ms} ms, ${heavy.total_bytes} vs ${light.total_bytes} bytes, CLS ${heavy.cls}, performance ${heavy.performance} vs ${light.performance}`);
    expect(heavy.lcp_ms!).toBeGreaterThan(light.lcp_ms! + 1000);
    expect(heavy.total_bytes!).toBeGreaterThan(light.total_bytes! + HERO.length * 0.9);
    expect(heavy.cls!).toBeGreaterThan(light.cls!);
    expect(heavy.performance!).toBeLessThan(light.performance!);
    expect(bandOf('lcp_ms', heavy.lcp_ms)).not.toBe('good');
    expect(heavy.meta_description).toBe('fail');
  });

  it('takes no desktop screenshot when the desktop view leads to a refused address, and never requests it', () => {
    // The heavy page's run above: its desktop view is sent to the trap.
    expect(heavy, 'the heavy page was measured').toBeDefined();
    const audit = heavy;
    expect(audit.screenshots.mobile).toBeDefined();
    expect(audit.screenshots).not.toHaveProperty('desktop');
    expect(audit.warnings).toContainEqual(expect.stringMatching(new RegExp(`^No desktop screenshot: the desktop view asked for http://127\\.0\\.0\\.1:${trapPort} \\(loopback address\\)`)));
    expect(trapHits).toBe(0);
  });

  it('gives "not measured" for a page that never answers within the time limit, and stops Chromium', { timeout: 60_000 }, async () => {
    const started = Date.now();
    const audit = await auditor().audit(url('/hang'), { timeoutMs: 8000 });
    expectNotMeasured(audit, /^the audit did not finish within 8 s/);
    expect(Date.now() - started).toBeLessThan(30_000);
    // Chromium and Lighthouse were killed: nothing is still holding a connection to the server.
    await expect.poll(() => sockets.size, { timeout: 10_000 }).toBe(0);
  });

  it('gives "not measured" with Lighthouse\'s reason for a page that errors', { timeout: 120_000 }, async () => {
    expectNotMeasured(await auditor().audit(url('/broken')), /^Lighthouse could not measure the page: .*500/);
  });

  it('refuses an address the crawler may not fetch, before starting anything', async () => {
    const other = await freePort();
    const audit = await auditor().audit(`http://127.0.0.1:${other}/`);
    expectNotMeasured(audit, /^refusing to fetch http:\/\/127\.0\.0\.1:\d+\/: loopback address$/);
    expect(audit.duration_ms).toBeLessThan(1000);
  });

  it('says how to install Chromium when it is missing', async () => {
    const audit = await new LighthouseAuditor({ allow: [`127.0.0.1:${port}`], chromePath: '/nonexistent/chromium' }).audit(url('/light'));
    expectNotMeasured(audit, /^Chromium is not installed at \/nonexistent\/chromium \(CHROME_PATH\): apt-get install chromium$/);
    expect(audit).toMatchObject({ chromium_missing: true });
  });
});

interface Truth {
  url: string;
  reachable: boolean;
  fault: string;
  has_ssl: boolean;
  robots: { disallowed: string[] };
}

describe.concurrent('outreach analyze <url> with the audit (compiled dist)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-audit-cli-'));
  // Chromium named here: the suite's default is a host without it (tests/support/no-chromium.ts).
  let env: Record<string, string> = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'audit.db')}`, CHROME_PATH: '/usr/bin/chromium' };
  const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
  let site: Truth;

  beforeAll(async () => {
    env = { ...env, OUTREACH_SANDBOX_PORT: String(await freePort()), OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()) };
    const fast = await outreach('settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false');
    expect(fast.exitCode, fast.stderr).toBe(0);
    const sites = (await outreach('sandbox', 'list', '--json')).stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Truth);
    site = sites.find((s) => s.reachable && s.fault === 'none' && !s.has_ssl && s.robots.disallowed.length === 0)!;
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--json has an audit object with the measured values, and --screenshots writes the JPEG', { timeout: 150_000 }, async () => {
    const shots = join(dir, 'shots');
    const run = await outreach('analyze', site.url, '--json', '--screenshots', shots);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('Measuring the site in Chromium (Lighthouse, mobile)');
    const report = JSON.parse(run.stdout) as { site_state: string; audit: Record<string, unknown> };
    expect(report.site_state).toBe('ok');
    const audit = report.audit;
    expect(audit, JSON.stringify(audit)).toMatchObject({ measured: true, source: 'lighthouse', device: 'mobile', lighthouse_version: '12.2.3', screenshots: ['mobile', 'desktop'], runs: 1 });
    for (const key of ['performance', 'accessibility', 'best_practices', 'seo']) expect(audit[key]).toEqual(expect.any(Number));
    for (const key of ['lcp_ms', 'fcp_ms', 'cls', 'tbt_ms', 'total_bytes']) expect(audit[key] === null || typeof audit[key] === 'number', key).toBe(true);
    expect(audit.lcp_ms).toEqual(expect.any(Number));
    expect(audit.total_bytes).toEqual(expect.any(Number));
    expect(run.stdout).not.toMatch(/base64|\/9j\//); // the JPEG is not printed
    const file = (audit.screenshot_files as Record<string, string>).mobile;
    expect(file.startsWith(shots)).toBe(true);
    expect([...readFileSync(file).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(readFileSync(file).length).toBe((audit.screenshot_bytes as Record<string, number>).mobile);
    const desktop = (audit.screenshot_files as Record<string, string>).desktop;
    expect(desktop).toBe(file.replace(/-mobile\.jpg$/, '-desktop.jpg'));
    expect(jpegSize(readFileSync(desktop))).toEqual({ width: 1350, height: 940 });
  });

  it('--no-audit skips it', { timeout: 60_000 }, async () => {
    const run = await outreach('analyze', site.url, '--json', '--no-audit');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Measuring');
    expect(JSON.parse(run.stdout)).not.toHaveProperty('audit');
  });

  it('without Chromium: not measured, the install hint said once, the crawl analysis still printed', { timeout: 60_000 }, async () => {
    const missing = { ...env, CHROME_PATH: join(dir, 'no-chromium') };
    const json = await execa('node', ['bin/outreach.js', 'analyze', site.url, '--json'], { env: missing, reject: false });
    expect(json.exitCode, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as { site_state: string; audit: Record<string, unknown> };
    expect(report.site_state).toBe('ok');
    expect(report.audit).toMatchObject({ measured: false, chromium_missing: true, reason: expect.stringContaining('apt-get install chromium') });
    expect(report.audit).not.toHaveProperty('lcp_ms');

    const text = await execa('node', ['bin/outreach.js', 'analyze', site.url], { env: missing, reject: false });
    expect(text.exitCode, text.stderr).toBe(0);
    expect((text.stdout + text.stderr).match(/apt-get install chromium/g)).toHaveLength(1);
    expect(text.stdout).toMatch(/^Site audit: not measured — Chromium is not installed/m);
    expect(text.stdout).toMatch(/^ {2}Secure \(https\) +No$/m);
    expect(text.stdout).toContain('Contacts');
  });

  it('--html: a saved page is not audited, and says so', async () => {
    const page = join(dir, 'saved.html');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(page, LIGHT);
    const run = await outreach('analyze', '--html', page, '--url', 'https://light-bakery.example/', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).audit).toMatchObject({ measured: false, reason: 'not audited: a saved page has no live site to measure' });
  });
});
