// The sandbox web performs differently site to site, as its ground truth says, and a real
// Lighthouse audit sees it: a heavy site (a multi-megabyte hero image in an unoptimised
// format, slow render-blocking files, a late banner) measures worse than a light one. The
// sites are served by an in-process sandbox with its delays on; certificates, first bytes and
// broken links are checked over real connections. Lighthouse takes 10-40 s a run on this
// 2-core machine: one run per site.
import http from 'node:http';
import type { LookupFunction } from 'node:net';
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';
import { LighthouseAuditor } from '../../src/providers/audit/lighthouse.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.ts';
import type { SandboxSite } from '../../src/sandbox/site.ts';
import { groundTruth, type SiteTruth } from '../../src/sandbox/truth.ts';

const lookup = ((_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) =>
  options?.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)) as unknown as LookupFunction;

let web: Sandbox;
let sites: { site: SandboxSite; t: SiteTruth }[];

beforeAll(async () => {
  web = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 240, httpPort: 0, httpsPort: 0 }); // delays on
  sites = web.sites.map((site) => ({ site, t: groundTruth(site) }));
});
afterAll(() => web?.close());

/** A plain, readable site of this profile: no fault, robots.txt open, a certificate a browser accepts, no hosted builder's outside scripts. */
function pick(profile: string, also: (t: SiteTruth) => boolean = () => true) {
  const found = sites.find(({ t }) =>
    t.performance.profile === profile && t.reachable && t.fault === 'none' && t.robots.disallowed.length === 0 &&
    (t.certificate === 'valid' || t.certificate === 'none') && (t.cms_platform === null || t.cms_platform === 'WordPress') && also(t));
  expect(found, `a ${profile} site in the sandbox`).toBeDefined();
  return found!;
}

/** GET over http: status, when the first byte came, and the body's length. */
function fetchHttp(url: string): Promise<{ status: number; firstByteMs: number; bytes: number; type?: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { lookup, agent: false }, (res) => {
      const firstByteMs = Date.now() - started;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode!, firstByteMs, bytes, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
  });
}

/** The certificate an https site shows (not verified: an expired one is what is asked about). */
function certificateOf(site: SandboxSite): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: web.httpsPort, servername: `${site.slug}.localhost`, ca: web.caPem, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert);
    });
    socket.on('error', reject);
  });
}

const DAY = 24 * 3600_000;

describe('the sandbox serves what its truth says about performance', () => {
  it('sends a slow server\'s home page late and a heavy site\'s hero at its full size', async () => {
    const slow = pick('slow-server', (t) => !t.has_ssl);
    const home = await fetchHttp(web.baseUrlOf(slow.site));
    expect(home.status).toBe(200);
    expect(home.firstByteMs).toBeGreaterThanOrEqual(slow.t.performance.first_byte_delay_ms - 20);
    expect(slow.t.performance.first_byte_delay_ms).toBeLessThanOrEqual(1500);

    const heavy = pick('heavy', (t) => !t.has_ssl);
    const hero = await fetchHttp(new URL(heavy.t.performance.hero!.path, web.baseUrlOf(heavy.site)).href);
    expect(hero).toMatchObject({ status: 200, bytes: heavy.t.performance.hero_bytes, type: `image/${heavy.t.performance.hero!.format}` });
    const blocking = await fetchHttp(new URL(heavy.t.performance.render_blocking[0], web.baseUrlOf(heavy.site)).href);
    expect(blocking.firstByteMs).toBeGreaterThanOrEqual(heavy.t.performance.render_blocking_delay_ms - 20);
  });

  it('shows expired and expiring certificates with the dates the truth gives, and none for http sites', async () => {
    const now = Date.now();
    for (const state of ['expired', 'expiring'] as const) {
      const { site, t } = sites.find((s) => s.t.certificate === state)!;
      const ends = Date.parse((await certificateOf(site)).valid_to);
      expect(Math.round((ends - now) / DAY), t.slug).toBe(t.certificate_days);
    }
    const valid = sites.find((s) => s.t.certificate === 'valid')!;
    expect(Date.parse((await certificateOf(valid.site)).valid_to)).toBeGreaterThan(now + 300 * DAY);
    const none = sites.find((s) => s.t.certificate === 'none')!;
    await expect(certificateOf(none.site)).rejects.toThrow();
  });

  it('answers each broken link and image on http sites with the status the truth gives', async () => {
    const broken = sites.filter(({ t }) => !t.has_ssl && t.fault === 'none' && t.broken_resources.length > 0).slice(0, 8);
    expect(new Set(broken.flatMap(({ t }) => t.broken_resources.map((r) => r.kind)))).toEqual(new Set(['link', 'image']));
    for (const { site, t } of broken) {
      for (const r of t.broken_resources) expect((await fetchHttp(new URL(r.path, web.baseUrlOf(site)).href)).status, `${t.slug} ${r.path}`).toBe(r.status);
    }
  });
});

describe('Lighthouse on a heavy and a light sandbox site', () => {
  it('measures the heavy site worse on LCP and weight, and as heavy as its truth says', { timeout: 150_000 }, async () => {
    const heavy = pick('heavy', (t) => t.performance.layout_shift);
    const light = pick('light');
    const auditor = new LighthouseAuditor({ allow: [`127.0.0.1:${web.httpPort}`, `127.0.0.1:${web.httpsPort}`], ca: [web.caPem] });
    const measure = async (url: string) => {
      const audit = await auditor.audit(url);
      expect(audit.measured, JSON.stringify(audit)).toBe(true);
      return audit as MeasuredAudit;
    };
    const h = await measure(web.baseUrlOf(heavy.site));
    const l = await measure(web.baseUrlOf(light.site));
    console.log(
      `heavy ${heavy.t.slug} (${heavy.t.performance.hero!.format} hero ${heavy.t.performance.hero_bytes} B, render-blocking +${heavy.t.performance.render_blocking_delay_ms} ms): ` +
        `LCP ${h.lcp_ms} ms, ${h.total_bytes} B, CLS ${h.cls}, performance ${h.performance} in ${h.duration_ms} ms; ` +
        `light ${light.t.slug}: LCP ${l.lcp_ms} ms, ${l.total_bytes} B, CLS ${l.cls}, performance ${l.performance} in ${l.duration_ms} ms`,
    );
    expect(h.lcp_ms!).toBeGreaterThan(l.lcp_ms! + 1000);
    expect(h.total_bytes!).toBeGreaterThan(l.total_bytes! + 1_000_000);
    expect(h.performance!).toBeLessThan(l.performance!);
    // The truth's numbers hold: the hero is in the weight, the light site weighs far less than a heavy hero.
    expect(h.total_bytes!).toBeGreaterThanOrEqual(heavy.t.performance.hero_bytes);
    expect(l.total_bytes!).toBeGreaterThanOrEqual(light.t.performance.hero_bytes);
    expect(l.total_bytes!).toBeLessThan(200_000);
    // The banner pushed in a second after load moves the content: a layout shift the light site has not.
    expect(h.cls!).toBeGreaterThan(l.cls!);
  });
});
