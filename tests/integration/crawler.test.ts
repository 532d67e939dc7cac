// CheerioSiteCrawler over real sockets: a local test site (redirects to refused addresses,
// robots.txt rules, timeouts) whose server records every request it gets, a trap server no
// request may reach, and a sample of the sandbox web checked against its ground truth.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlOptions, CrawlResult } from '../../src/core/model/crawl.ts';
import { BlockedAddressError, CheerioSiteCrawler, GuardedFetcher, SsrfGuard } from '../../src/providers/crawl/index.ts';
import { FAULTS, ROBOTS_POLICIES, type SandboxSite } from '../../src/sandbox/site.ts';
import { groundTruth, SANDBOX_LABEL, startSandbox, type Sandbox } from '../../src/sandbox/index.ts';

const FAST: CrawlOptions = { maxPages: 5, timeoutMs: 3000, delaySeconds: 0, ratePerMinute: 60_000 };
const page = (body: string) => `<!DOCTYPE html><html lang="en"><head><title>Test</title></head><body>${body}</body></html>`;

type Handler = (req: IncomingMessage, res: ServerResponse, ports: { site: number; trap: number }) => void;
const send = (res: ServerResponse, status: number, body = '', headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
};
const redirect = (to: string): Handler => (_req, res) => send(res, 302, '', { location: to });

// host → path → answer; "*" for any other path of that host.
const SITES: Record<string, Record<string, Handler>> = {
  'shop.localhost': {
    '/': (_q, res) =>
      send(res, 200, page('<a href="/kontakt">Kontakt</a> <a href="/ueber-uns">Über uns</a> <a href="/leistungen">Leistungen</a> <a href="/team">Our team</a> <a href="/blog">Blog</a> <a href="http://elsewhere.example/contact">Partner</a> <a href="/brochure.pdf">Contact sheet</a>')),
    '/kontakt': (_q, res) => send(res, 200, page('<a href="mailto:info@shop.example">info@shop.example</a>')),
    '/ueber-uns': (_q, res) => send(res, 200, page('Über uns')),
    '/leistungen': (_q, res) => send(res, 200, page('Leistungen')),
    '/team': (_q, res) => send(res, 200, page('Team')),
  },
  'trap-port.localhost': { '/': (_q, res, p) => send(res, 302, '', { location: `http://127.0.0.1:${p.trap}/` }) },
  'metadata.localhost': { '/': redirect('http://169.254.169.254/latest/meta-data/') },
  'page-redirect.localhost': {
    '/': (_q, res) => send(res, 200, page('<a href="/contact">Contact</a> <a href="/about">About</a>')),
    '/contact': redirect('http://10.0.0.5/admin'),
    '/about': (_q, res) => send(res, 200, page('About us')),
  },
  'loop.localhost': { '/robots.txt': (_q, res) => send(res, 404), '*': (req, res) => send(res, 302, '', { location: `/r${Number(req.url!.slice(2) || 0) + 1}` }) },
  'no-contact.localhost': {
    '/robots.txt': (_q, res) => send(res, 200, 'User-agent: OutreachBot\nDisallow: /contact\n\nUser-agent: *\nDisallow:\n', { 'content-type': 'text/plain' }),
    '/': (_q, res) => send(res, 200, page('<a href="/contact">Contact</a> <a href="/about">About</a>')),
    '/about': (_q, res) => send(res, 200, page('About us')),
  },
  'robots-503.localhost': { '/robots.txt': (_q, res) => send(res, 503, 'down'), '/': (_q, res) => send(res, 200, page('home')) },
  'robots-hop.localhost': {
    '/robots.txt': (_q, res) => send(res, 200, 'User-agent: *\nDisallow: /private\n', { 'content-type': 'text/plain' }),
    '/': redirect('/private/home'),
  },
  'slow.localhost': { '/': () => undefined }, // never answers
  'pdf-home.localhost': { '/': (_q, res) => send(res, 200, '%PDF-1.4 brochure', { 'content-type': 'application/pdf' }) },
  'latin1.localhost': {
    '/': (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      res.end(Buffer.from(page('<h1>Café Müller</h1> <a href="/contact">Contact</a>'), 'latin1'));
    },
    '/contact': (_q, res) => {
      // No charset in the header: the page says it in a <meta> tag.
      res.writeHead(200, { 'content-type': 'text/html' });
      // 0x96 is an en dash in windows-1252 (a control character in ISO-8859-1).
      res.end(Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"></head><body>Straße 5 ', 'latin1'), Buffer.from([0x96]), Buffer.from(' Öffnungszeiten</body></html>', 'latin1')]));
    },
  },
  'no-type.localhost': {
    '/': (_q, res) => {
      res.writeHead(200);
      res.end(page('<h1>Served without a Content-Type</h1>'));
    },
  },
  'gzip.localhost': { '/': (_q, res) => send(res, 200, gzipSync(page('<h1>Compressed home</h1>')) as unknown as string, { 'content-encoding': 'gzip' }) },
};

const seen: string[] = []; // "host path" of every request the site server answered
let trapHits = 0;
let site: Server;
let trap: Server;
let ports: { site: number; trap: number };
let crawler: CheerioSiteCrawler;
let workDir: string;
const startDir = process.cwd();

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}
const close = (server: Server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
const url = (host: string, path = '/') => `http://${host}:${ports.site}${path}`;
const requested = (host: string) => seen.filter((s) => s.startsWith(`${host} `)).map((s) => s.split(' ')[1]);

beforeAll(async () => {
  // The crawler must not write anything: run from an empty directory and check it stays empty.
  workDir = mkdtempSync(join(tmpdir(), 'outreach-crawl-'));
  process.chdir(workDir);
  site = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    seen.push(`${host} ${req.url}`);
    const routes = SITES[host] ?? {};
    const handler = routes[req.url!] ?? routes['*'];
    if (handler) handler(req, res, ports);
    else send(res, 404, page('Not found'));
  });
  trap = createServer((_req, res) => {
    trapHits++;
    send(res, 200, 'you should not be here');
  });
  ports = { site: await listen(site), trap: await listen(trap) };
  crawler = new CheerioSiteCrawler({ allow: [`127.0.0.1:${ports.site}`] });
});

afterAll(async () => {
  process.chdir(startDir);
  await Promise.all([close(site), close(trap)]);
  expect(readdirSync(workDir)).toEqual([]); // no ./storage, nothing at all
  rmSync(workDir, { recursive: true, force: true });
});

describe('CheerioSiteCrawler on a test site', () => {
  it('reads the home page and the pages that matter, linked in another language, and nothing off the site', async () => {
    const result = await crawler.crawlSite(url('shop.localhost'), FAST);
    expect(result.error).toBeUndefined();
    expect(result.home).toMatchObject({ url: url('shop.localhost'), finalUrl: url('shop.localhost'), status: 200, kind: 'home' });
    expect(result.home!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(result.pages.map((p) => [new URL(p.url).pathname, p.kind])).toEqual([
      ['/', 'home'],
      ['/kontakt', 'contact'],
      ['/ueber-uns', 'about'],
      ['/leistungen', 'services'],
      ['/team', 'about'],
    ]);
    expect(result.pages[1].html).toContain('mailto:info@shop.example');
    expect(requested('shop.localhost')).toEqual(['/robots.txt', '/', '/kontakt', '/ueber-uns', '/leistungen', '/team']);
    expect(result.log.every((e) => e.status === 200 || e.url.endsWith('/robots.txt'))).toBe(true);
  });

  it('stops at maxPages', async () => {
    seen.length = 0;
    const result = await crawler.crawlSite(url('shop.localhost'), { ...FAST, maxPages: 2 });
    expect(result.pages.map((p) => p.kind)).toEqual(['home', 'contact']);
    expect(requested('shop.localhost')).toEqual(['/robots.txt', '/', '/kontakt']);
  });

  it('refuses a redirect to a loopback port that is not allow-listed, and logs it', async () => {
    const result = await crawler.crawlSite(url('trap-port.localhost'), FAST);
    const refusal = `refusing to fetch http://127.0.0.1:${ports.trap}/: loopback address`;
    expect(result.error).toBe(refusal);
    expect(result.home).toBeUndefined();
    expect(result.log.map((e) => [e.url, e.status, e.note])).toContainEqual([`http://127.0.0.1:${ports.trap}/`, null, `blocked address: ${refusal}`]);
    expect(trapHits).toBe(0);
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    const result = await crawler.crawlSite(url('metadata.localhost'), FAST);
    expect(result.error).toBe('refusing to fetch http://169.254.169.254/latest/meta-data/: link-local address');
    expect(result.log.find((e) => e.url.startsWith('http://169.254.169.254'))).toMatchObject({ status: null, note: expect.stringMatching(/^blocked address/) });
  });

  it('refuses a redirect to a private address from an inner page and keeps the rest of the site', async () => {
    const result = await crawler.crawlSite(url('page-redirect.localhost'), FAST);
    expect(result.error).toBeUndefined();
    expect(result.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/about']);
    expect(result.log).toContainEqual(expect.objectContaining({ url: 'http://10.0.0.5/admin', status: null, note: 'blocked address: refusing to fetch http://10.0.0.5/admin: private address' }));
  });

  it('follows at most 5 redirects', async () => {
    seen.length = 0;
    const result = await crawler.crawlSite(url('loop.localhost'), FAST);
    expect(result.error).toBe('the site redirects too many times');
    expect(result.errorDetail).toMatch(/more than 5 redirects/);
    expect(requested('loop.localhost')).toEqual(['/robots.txt', '/', '/r1', '/r2', '/r3', '/r4', '/r5']);
  });

  it('refuses names that resolve to addresses off the allow-list, on the first connection', async () => {
    const resolving = new CheerioSiteCrawler({ allow: [`127.0.0.1:${ports.site}`], resolve: async () => [{ address: '10.0.0.5', family: 4 }] });
    expect((await resolving.crawlSite('http://intranet.example.test/', FAST)).error).toBe('refusing to fetch http://intranet.example.test/: private address');
    const local = await crawler.crawlSite(`http://internal.localhost:${ports.trap}/`, FAST);
    expect(local.error).toBe(`refusing to fetch http://internal.localhost:${ports.trap}/: loopback address`);
    expect(local.log).toHaveLength(1);
    expect(trapHits).toBe(0);
  });

  it('vets the address it connects to, not only the pre-check (DNS rebinding)', async () => {
    let calls = 0;
    const guard = new SsrfGuard({ resolve: async () => [{ address: calls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }] });
    const error = await new GuardedFetcher(guard).fetch({ url: `http://rebind.example.test:${ports.trap}/`, timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(calls).toBe(2); // the pre-check, then the lookup made while connecting
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toBe(`refusing to fetch http://rebind.example.test:${ports.trap}/: loopback address`);
    expect(trapHits).toBe(0);
  });

  it('never fetches what robots.txt disallows, and logs the skip', async () => {
    seen.length = 0;
    const result = await crawler.crawlSite(url('no-contact.localhost'), FAST);
    expect(requested('no-contact.localhost')).toEqual(['/robots.txt', '/', '/about', '/services']);
    expect(result.log).toContainEqual(expect.objectContaining({ url: url('no-contact.localhost', '/contact'), status: null, note: 'robots.txt disallows (rule on line 2)' }));
    expect(result.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/about']); // the guessed /services answered 404: not kept
  });

  it('treats an unreachable robots.txt (5xx) as disallow all', async () => {
    seen.length = 0;
    const result = await crawler.crawlSite(url('robots-503.localhost'), FAST);
    // Said in a person's words; the crawler's own stays beside it for operators.
    expect(result.error).toBe("the site's server failed (HTTP 503) (robots.txt could not be read)");
    expect(result.errorDetail).toBe(`${url('robots-503.localhost')}: robots.txt unreachable (HTTP 503), so disallow all`);
    expect(requested('robots-503.localhost')).toEqual(['/robots.txt']);
  });

  it('checks robots.txt on every redirect hop', async () => {
    seen.length = 0;
    const result = await crawler.crawlSite(url('robots-hop.localhost'), FAST);
    expect(result.error).toBe('robots.txt forbids crawling');
    expect(result.errorDetail).toMatch(/private\/home: robots\.txt disallows/);
    expect(requested('robots-hop.localhost')).toEqual(['/robots.txt', '/']);
  });

  it('skips a page that is not a web page (a PDF home page) and says why', async () => {
    const result = await crawler.crawlSite(url('pdf-home.localhost'), FAST);
    expect(result.home).toBeUndefined();
    expect(result.error).toBe('the home page is not a web page (application/pdf)');
    expect(result.errorDetail).toMatch(/served Content-Type application\/pdf, not a web page/);
    expect(result.log.at(-1)?.note).toMatch(/^failed: .*application\/pdf/);
  });

  it('reads a page in its declared charset, from the header or a <meta> tag', async () => {
    const result = await crawler.crawlSite(url('latin1.localhost'), FAST);
    expect(result.home?.html).toContain('Café Müller');
    expect(result.pages.find((p) => p.kind === 'contact')?.html).toContain('Straße 5 – Öffnungszeiten');
  });

  it('reads a page served without a Content-Type when it is HTML', async () => {
    const result = await crawler.crawlSite(url('no-type.localhost'), FAST);
    expect(result.error).toBeUndefined();
    expect(result.home?.html).toContain('Served without a Content-Type');
  });

  it('gives up on a page after the timeout', async () => {
    const result = await crawler.crawlSite(url('slow.localhost'), { ...FAST, timeoutMs: 300 });
    expect(result.error).toBe('the site did not answer in 0.3 s');
    expect(result.errorDetail).toBe(`timed out after 300 ms fetching ${url('slow.localhost')}`);
    expect(result.log.at(-1)).toMatchObject({ status: null, note: expect.stringMatching(/^timeout/) });
  });

  it('decodes compressed pages', async () => {
    expect((await crawler.crawlSite(url('gzip.localhost'), FAST)).home?.html).toContain('<h1>Compressed home</h1>');
  });

  it('waits the politeness delay between two requests to the same host', async () => {
    const result = await crawler.crawlSite(url('no-contact.localhost'), { ...FAST, delaySeconds: 0.2 });
    const times = result.log.filter((e) => e.status !== null).map((e) => Date.parse(e.fetched_at));
    expect(times.length).toBe(4);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(190);
  });

  it('keeps to the global rate across sites crawled at the same time', async () => {
    const paced = new CheerioSiteCrawler({ allow: [`127.0.0.1:${ports.site}`] });
    const options = { ...FAST, ratePerMinute: 600 }; // one request per 100 ms, whatever the host
    const results = await Promise.all([paced.crawlSite(url('shop.localhost'), options), paced.crawlSite(url('no-contact.localhost'), options)]);
    const times = results.flatMap((r) => r.log.filter((e) => e.status !== null).map((e) => Date.parse(e.fetched_at))).sort((a, b) => a - b);
    expect(times.length).toBe(10);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(95);
  });
});

describe('CheerioSiteCrawler on the sandbox web', () => {
  let sandbox: Sandbox;
  let sample: SandboxSite[];
  const results = new Map<string, CrawlResult>();

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 120, httpPort: 0, httpsPort: 0, slow: false });
    // Every fault and every robots policy, then the first other sites: 30 in all.
    const firsts = [...FAULTS.map((f) => sandbox.sites.find((s) => s.fault === f)), ...ROBOTS_POLICIES.map((r) => sandbox.sites.find((s) => s.robots === r))];
    sample = [...new Set([...firsts.filter((s): s is SandboxSite => s !== undefined), ...sandbox.sites])].slice(0, 30);
    const sandboxCrawler = new CheerioSiteCrawler({ allow: [`127.0.0.1:${sandbox.httpPort}`, `127.0.0.1:${sandbox.httpsPort}`], ca: [sandbox.caPem] });
    const started = Date.now();
    for (const s of sample) results.set(s.slug, await sandboxCrawler.crawlSite(sandbox.urlOf(s), { ...FAST, maxPages: 4 }));
    console.info(`crawled ${sample.length} sandbox sites in ${Date.now() - started} ms`);
  });
  afterAll(() => sandbox?.close());

  it('covers every fault and every robots policy', () => {
    expect(new Set(sample.map((s) => s.fault))).toEqual(new Set(FAULTS));
    expect(new Set(sample.map((s) => s.robots))).toEqual(new Set(ROBOTS_POLICIES));
  });

  it('matches the ground truth of each site', () => {
    for (const s of sample) {
      const truth = groundTruth(s);
      const result = results.get(s.slug)!;
      const allowed = (path: string) => !truth.robots.disallowed.some((d) => path.startsWith(d));
      const fetched = result.log.filter((e) => e.status !== null && !e.url.endsWith('/robots.txt')).map((e) => new URL(e.url).pathname);
      const context = `${s.slug} (${truth.fault}, robots ${s.robots})`;
      expect(fetched.filter((p) => !allowed(p)), context).toEqual([]); // robots.txt is never overruled
      expect(result.pages.length, context).toBeLessThanOrEqual(4);
      if (!allowed('/')) {
        expect(result.home, context).toBeUndefined();
        expect(result.error, context).toBe('robots.txt forbids crawling');
        expect(fetched, context).toEqual([]);
      } else if (truth.fault === '500' || truth.fault === '404') {
        expect(truth.reachable).toBe(false);
        expect(result.home?.status, context).toBe(Number(truth.fault));
        expect(result.pages, context).toHaveLength(1);
      } else {
        expect(truth.reachable, context).toBe(true);
        expect(result.error, context).toBeUndefined();
        expect(result.home, context).toMatchObject({ url: sandbox.urlOf(s), finalUrl: sandbox.baseUrlOf(s), status: 200, kind: 'home' });
        expect(result.home!.html, context).toContain(SANDBOX_LABEL);
        expect(new URL(result.home!.finalUrl).protocol === 'https:', context).toBe(truth.has_ssl);
        const hops = result.log.filter((e) => e.status !== null && e.status >= 300 && e.status < 400 && !e.url.endsWith('/robots.txt'));
        expect(hops.length, context).toBe(truth.redirects);
        const read = result.pages.filter((p) => p.status === 200).map((p) => new URL(p.finalUrl).pathname);
        expect(read.sort(), context).toEqual(truth.pages.filter(allowed).sort());
      }
    }
  });

  it('trusts the sandbox certificate only when told to, and sends SNI', async () => {
    const untrusting = new CheerioSiteCrawler({ allow: [`127.0.0.1:${sandbox.httpPort}`, `127.0.0.1:${sandbox.httpsPort}`] });
    const httpsSite = sample.find((s) => s.scheme === 'https' && s.fault === 'none')!;
    const untrusted = await untrusting.crawlSite(sandbox.baseUrlOf(httpsSite), FAST);
    expect(untrusted.error).toMatch(/^the site's certificate is not trusted/);
    expect(untrusted.errorDetail).toMatch(/certificate/);
    // An http-only site refuses the TLS handshake for its name: only possible when SNI names it.
    const httpSite = sample.find((s) => s.scheme === 'http' && s.fault === 'none')!;
    const trusting = new CheerioSiteCrawler({ allow: [`127.0.0.1:${sandbox.httpsPort}`], ca: [sandbox.caPem] });
    const result = await trusting.crawlSite(`https://${new URL(sandbox.baseUrlOf(httpSite)).hostname}:${sandbox.httpsPort}/`, FAST);
    expect(result.error).toBe('the site closed the connection (robots.txt could not be read)');
    expect(result.errorDetail).toMatch(/before secure TLS connection was established/);
    expect(result.log.every((e) => e.status === null)).toBe(true);
  });
});
