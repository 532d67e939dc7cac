// The measured findings of the crawl over real sockets: a loopback site whose links and images
// answer 404, 410 and 500 (and one that never answers), checked HEAD-first within the cap and
// the per-host delay; https servers whose certificates have expired, expire in days, are
// untrusted or name another host, made at test time by the sandbox's authority code; and a
// campaign whose search stage stores each lead's position and query for the analysis.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlOptions, LinkCheck } from '../../src/core/model/crawl.ts';
import { dayOf, ordinal } from '../../src/core/pipeline/analyze/crawl-findings.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { CheerioSiteCrawler } from '../../src/providers/crawl/index.ts';
import { createAuthority, issueCertificate, type Authority } from '../../src/sandbox/tls.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const FAST: CrawlOptions = { maxPages: 3, timeoutMs: 1500, delaySeconds: 0, ratePerMinute: 0 };
const MEASURE = { maxUrls: 25, budgetMs: 8000 };
const page = (body: string) => `<!DOCTYPE html><html lang="en"><head><title>Test Plumbing</title><meta name="viewport" content="width=device-width"></head><body>${body}</body></html>`;

interface Seen {
  host: string;
  method: string;
  path: string;
  range?: string;
  at: number;
}
const seen: Seen[] = [];
const servers: Server[] = [];
let httpPort = 0;
let otherPort = 0;
let httpsPort = 0;
let authority: Authority;

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function site(req: IncomingMessage, res: ServerResponse): void {
  const host = (req.headers.host ?? '').split(':')[0];
  const path = req.url ?? '/';
  seen.push({ host, method: req.method ?? '', path, range: req.headers.range, at: Date.now() });
  const send = (status: number, body = '', type = 'text/html; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (path === '/') {
    return send(
      200,
      page(
        `<h1>Test Plumbing</h1><p>Plumbers in Denver, open every day for repairs, boilers and bathrooms.</p>
        <a href="/contact">Contact</a> <a href="/gone">Old offers</a> <a href="/old">News</a> <a href="/fine">Gallery</a>
        <a href="/head-refused">Prices</a> <a href="/hang">Blog</a> <a href="#top">Top</a> <a href="mailto:info@test-plumbing.example">Mail</a>
        <a href="http://127.0.0.1:${otherPort}/moved">Our partner</a> <a href="http://elsewhere.example/">A real site</a>
        <img src="/logo.png" alt="Logo" width="10" height="10"> <img src="/photo.jpg" alt="Van" width="10" height="10">
        <script src="/js/jquery-1.12.4.min.js"></script>
        <footer>© 2016 Test Plumbing. All rights reserved.</footer>`,
      ),
    );
  }
  if (path === '/contact') return send(200, page('<p>Call us: info@test-plumbing.example</p>'));
  if (path === '/gone') return send(404, page('Not found'));
  if (path === '/old') return send(500, page('Server error'));
  if (path === '/fine') return send(200, page('Fine'));
  if (path === '/head-refused') return req.method === 'HEAD' ? send(405) : send(200, page('Prices'));
  if (path === '/hang') return; // never answers: unreachable is not broken
  if (path === '/logo.png') return send(410, '', 'text/plain');
  if (path === '/photo.jpg') return send(200, 'jpeg', 'image/jpeg');
  if (path === '/js/jquery-1.12.4.min.js') return send(200, '/* jQuery */', 'text/javascript');
  return send(404, 'no');
}

beforeAll(async () => {
  httpPort = await listen(createHttpServer(site));
  otherPort = await listen(
    createHttpServer((req, res) => {
      seen.push({ host: 'other', method: req.method ?? '', path: req.url ?? '', at: Date.now() });
      res.writeHead(410).end();
    }),
  );
  authority = await createAuthority();
  const contexts = new Map<string, SecureContext>();
  const make = async (name: string, days: number) => {
    const { key, cert } = await issueCertificate(authority, [name], false, days);
    return createSecureContext({ key, cert });
  };
  contexts.set('expired.localhost', await make('expired.localhost', -30));
  contexts.set('soon.localhost', await make('soon.localhost', 5));
  contexts.set('valid.localhost', await make('valid.localhost', 365));
  // Serves the expired certificate of another name.
  contexts.set('wrong.localhost', contexts.get('expired.localhost')!);
  const fallback = await issueCertificate(authority, ['valid.localhost'], false, 365);
  httpsPort = await listen(
    createHttpsServer({ ...fallback, SNICallback: (name, cb) => cb(null, contexts.get(name) ?? contexts.get('valid.localhost')!) }, (req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('<h1>Secure Plumbing</h1><p>Plumbers in Denver, open every day for repairs.</p>'));
    }) as unknown as Server,
  );
});
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

const crawler = () => new CheerioSiteCrawler({ allow: [`127.0.0.1:${httpPort}`, `127.0.0.1:${otherPort}`, `127.0.0.1:${httpsPort}`], ca: [authority.cert] });
const byPath = (checks: LinkCheck[]) => Object.fromEntries(checks.map((c) => [c.url.replace(/^http:\/\/[^/]+/, ''), [c.status, c.method]]));

describe('broken links and images', () => {
  it('checks every link and image once, HEAD first, and reports 404/410/5xx with the page they are on', async () => {
    seen.length = 0;
    const home = `http://site.localhost:${httpPort}/`;
    const result = await crawler().crawlSite(home, { ...FAST, measure: MEASURE });
    expect(result.home?.status).toBe(200);
    expect(byPath(result.linkChecks!)).toEqual({
      '/contact': [200, 'crawl'], // the crawl read it: not asked again
      '/gone': [404, 'GET'], // HEAD said 404; a GET confirmed it
      '/old': [500, 'GET'],
      '/fine': [200, 'HEAD'],
      '/head-refused': [200, 'GET'], // HEAD refused (405): asked with GET
      '/hang': [null, 'HEAD'],
      '/moved': [410, 'GET'], // the other site (a loopback address: no DNS needed)
      '/logo.png': [410, 'GET'],
      '/photo.jpg': [200, 'HEAD'],
    });
    expect(result.linkChecks!.find((c) => c.url.endsWith('/hang'))!.note).toMatch(/^timeout/);
    // A link to a name that needs DNS is not checked while the crawler is confined to loopback.
    expect(result.linkChecks!.some((c) => c.url.includes('elsewhere.example'))).toBe(false);
    const gets = seen.filter((s) => s.method === 'GET' && ['/gone', '/head-refused', '/logo.png'].includes(s.path));
    expect(gets.every((s) => s.range === 'bytes=0-0')).toBe(true);
    expect(seen.filter((s) => s.path === '/contact')).toHaveLength(1);

    const facts = extractFacts(result, new Date());
    const broken = facts.findings.find((f) => f.id === 'broken_links')!;
    expect(broken).toMatchObject({ claim: '3 broken links (HTTP 404, 410, 500)', value: 3, url: home });
    expect(broken.evidence).toContain(`site.localhost:${httpPort}/gone answered 404 (on site.localhost:${httpPort}/)`);
    expect(broken.evidence).toContain(`127.0.0.1:${otherPort}/moved answered 410`);
    expect(broken.evidence).not.toContain('/hang');
    expect(facts.findings.find((f) => f.id === 'broken_images')).toMatchObject({ claim: '1 broken image (HTTP 410)', value: 1 });
    expect(facts.findings.find((f) => f.id === 'stale_copyright')).toMatchObject({ claim: 'The footer still says "© 2016 Test Plumbing"', value: 2016 });
    expect(facts.findings.find((f) => f.id === 'outdated_software')?.claim).toBe('Outdated software: jQuery 1.12.4');
    // Served over http, and https on the same address failed: "Not secure", with the proof.
    expect(result.tls?.httpsProbe).toMatchObject({ url: `https://site.localhost:${httpPort}/`, outcome: 'failed' });
    expect(facts.findings.find((f) => f.id === 'no_ssl')).toMatchObject({ confidence: 1, evidence: expect.stringContaining(`https://site.localhost:${httpPort}/ failed`) });
  }, 30_000);

  it('asks at most the cap, same-site first, at the per-host delay', async () => {
    seen.length = 0;
    const result = await crawler().crawlSite(`http://capped.localhost:${httpPort}/`, { ...FAST, delaySeconds: 0.2, measure: { maxUrls: 3, budgetMs: 8000 } });
    const asked = result.linkChecks!.filter((c) => c.method !== 'crawl');
    expect(asked).toHaveLength(3);
    expect(asked.every((c) => c.sameSite)).toBe(true);
    // The checks (after the crawl's pages) reach the host one delay apart; arrival times vary by a connection's set-up.
    const checks = seen.filter((s) => s.host === 'capped.localhost' && (s.method === 'HEAD' || asked.some((c) => c.url.endsWith(s.path))));
    expect(checks.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < checks.length; i++) expect(checks[i].at - checks[i - 1].at).toBeGreaterThanOrEqual(150);
  }, 30_000);

  it('checks nothing without being asked to measure', async () => {
    const result = await crawler().crawlSite(`http://plain.localhost:${httpPort}/`, FAST);
    expect(result.linkChecks).toBeUndefined();
    expect(result.tls).toBeUndefined();
  });
});

describe('certificates', () => {
  const url = (name: string) => `https://${name}.localhost:${httpsPort}/`;

  it('reads past an expired certificate and quotes its end date', async () => {
    const result = await crawler().crawlSite(url('expired'), FAST);
    expect(result.home?.status).toBe(200);
    const cert = result.tls!.certificate!;
    expect(cert.error).toBe('CERT_HAS_EXPIRED');
    expect(Date.parse(cert.validToIso)).toBeLessThan(Date.now());
    const f = extractFacts(result).findings.find((x) => x.id === 'certificate_expired')!;
    expect(f.claim).toBe(`The site's security certificate expired on ${dayOf(cert.validToIso)}`);
    expect(f.evidence).toContain(`valid to ${cert.validTo}`);
    expect(f.value).toBe(30);
    // The crawl log shows the page once, not a failed attempt before it.
    expect(result.log.filter((e) => e.url === url('expired'))).toHaveLength(1);
  });

  it('says when a certificate expires within two weeks', async () => {
    const result = await crawler().crawlSite(url('soon'), FAST);
    const cert = result.tls!.certificate!;
    expect(cert.error).toBeNull();
    const f = extractFacts(result).findings.find((x) => x.id === 'certificate_expiring')!;
    expect(f.claim).toMatch(new RegExp(`^The site's security certificate expires on ${dayOf(cert.validToIso)} \\(in [45] days\\)$`));
    const valid = await crawler().crawlSite(url('valid'), FAST);
    expect(valid.tls?.certificate?.error).toBeNull();
    expect(extractFacts(valid).findings.map((x) => x.id)).not.toContain('certificate_expiring');
  });

  it('reads past nothing else: an untrusted or misnamed certificate still refuses the site', async () => {
    const untrusting = new CheerioSiteCrawler({ allow: [`127.0.0.1:${httpsPort}`] });
    const untrusted = await untrusting.crawlSite(url('expired'), FAST);
    expect(untrusted.home).toBeUndefined();
    expect(untrusted.error).toMatch(/^the site's certificate is not trusted/);
    const misnamed = await crawler().crawlSite(url('wrong'), FAST);
    expect(misnamed.home).toBeUndefined();
    expect(misnamed.error).toMatch(/certificate is for another address/);
  });
});

describe('search position', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
    await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
  });
  afterAll(() => h.close());

  it('stores where the search listed each lead and for which query; the analysis says it below the top 3', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const created = (await h.call('POST', '/api/campaigns', { token, body: { name: 'Denver plumbers', search_query: 'plumbers', location: 'Denver', max_results: 5 } })).body;
    await h.call('POST', `/api/campaigns/${created.id}/start`, { token });
    expect((await h.runToEnd(created.id, { workers: 2 })).status).toBe('COMPLETED');
    const rows = (
      await h.ctx.db.$client.execute({
        sql: 'SELECT l.search_position AS position, l.search_query AS query, a.findings AS findings FROM leads l LEFT JOIN lead_analyses a ON a.lead_id = l.id WHERE l.campaign_id = ? ORDER BY l.search_position',
        args: [created.id],
      })
    ).rows;
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rows.map((r) => r.query))).toEqual(new Set(['plumbers in Denver']));
    for (const r of rows) {
      if (r.findings === null) continue; // a site that could not be read has no analysis
      const said = (JSON.parse(String(r.findings)) as { id: string; claim: string; value: number }[]).find((f) => f.id === 'search_position');
      if (Number(r.position) <= 3) expect(said, `position ${r.position}`).toBeUndefined();
      else expect(said, `position ${r.position}`).toMatchObject({ claim: `Came up ${ordinal(Number(r.position))} for "plumbers in Denver"`, value: Number(r.position) });
    }
    expect(rows.filter((r) => r.findings !== null && Number(r.position) > 3).length).toBeGreaterThan(0);
  }, 120_000);
});
