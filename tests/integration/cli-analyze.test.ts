// `outreach analyze` as a user runs it: the real binary on a saved page (no database needed)
// and on a live sandbox site (a temp database, the sandbox web on free loopback ports).
import { execa } from 'execa';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-analyze-'));
let env: Record<string, string> = { OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'analyze.db')}` };
const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });

const REALWEB = join(import.meta.dirname, '../fixtures/realweb-shared/pages/013.html');
const URL_ = 'https://rossi-bakery.example/';

/** A small bakery home page: a phone layout, Google Analytics, a tel: link, an address, a
 * mailto, and a link to a contact page that a saved page cannot include (so: no form seen). */
const PAGE = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rossi Bakery | Fresh bread in Springfield</title>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag('config', 'G-ABC123XYZ9');</script>
</head><body>
<header><h1>Rossi Bakery</h1><nav><a href="/">Home</a> <a href="/contact">Contact</a></nav></header>
<main>
<h2>Fresh bread every morning</h2>
<p>Family bakery since 1987: sourdough, focaccia, cakes for every occasion and coffee to take away.</p>
<img src="/bread.jpg" alt="Sourdough loaves">
</main>
<footer>
<p>Call us: <a href="tel:+12175550142">(217) 555-0142</a></p>
<p>Write to us: <a href="mailto:hello@rossi-bakery.example">hello@rossi-bakery.example</a></p>
<address>1200 Main Street, Springfield, IL 62701</address>
</footer>
</body></html>`;

const pagePath = join(dir, 'rossi.html');
writeFileSync(pagePath, PAGE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEYS = [
  'url', 'hostname', 'business_name', 'title', 'site_state', 'pages_crawled', 'cms_platform', 'ecommerce_platform', 'booking_platform', 'analytics',
  'live_chat', 'has_ssl', 'is_mobile_responsive', 'has_contact_form', 'has_analytics', 'has_online_booking', 'has_ecommerce', 'has_live_chat',
  'accessibility_score', 'unoptimized_images_count', 'website_language', 'country', 'emails', 'primary_email', 'contact_name', 'email_sources',
  'phones', 'address', 'business_hours', 'technical_issues', 'findings', 'evidence',
];
// A saved page says it was not audited; a live site's audit is tested in audit-lighthouse.test.ts (here: --no-audit).
const SAVED_AUDIT = { measured: false, reason: 'not audited: a saved page has no live site to measure' };

type Report = Record<string, unknown> & { findings: Record<string, unknown>[]; evidence: Record<string, { url: string; detail: string; confidence: number }> };

const stringOrNull = (v: unknown) => v === null || typeof v === 'string';
const boolOrNull = (v: unknown) => v === null || typeof v === 'boolean';
const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The report's shape: the issue's fields with their types, unknowns as null (never undefined). */
function expectShape(r: Report): void {
  if ('audit' in r) expect(r.audit).toMatchObject(SAVED_AUDIT);
  expect(Object.keys(r).filter((k) => k !== 'audit').sort()).toEqual([...KEYS].sort());
  for (const key of ['cms_platform', 'ecommerce_platform', 'booking_platform', 'live_chat', 'address', 'website_language', 'business_name', 'primary_email'])
    expect(stringOrNull(r[key]), key).toBe(true);
  for (const key of ['has_contact_form', 'is_mobile_responsive', 'has_ssl', 'has_analytics', 'has_online_booking', 'has_ecommerce', 'has_live_chat'])
    expect(boolOrNull(r[key]), key).toBe(true);
  for (const key of ['analytics', 'emails', 'phones', 'technical_issues']) expect(strings(r[key]), key).toBe(true);
  expect(r.findings.length).toBe((r.technical_issues as string[]).length);
  for (const f of r.findings) {
    expect(typeof f.claim).toBe('string');
    expect(typeof f.evidence).toBe('string');
    expect(f.evidence).not.toBe('');
    expect(typeof f.confidence).toBe('number');
    expect(f.confidence).toBeGreaterThan(0);
    expect(f.confidence).toBeLessThanOrEqual(1);
  }
  expect(r.findings.map((f) => f.claim)).toEqual(r.technical_issues);
}

const report = (stdout: string) => JSON.parse(stdout) as Report;

describe('outreach analyze --html FILE --url URL', () => {
  it('prints one JSON object with every fact, known or null, and the proofs', async () => {
    const run = await outreach('analyze', '--html', pagePath, '--url', URL_, '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toBe(''); // nothing crawled: no progress to show
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    const r = report(run.stdout);
    expectShape(r);
    expect(r).toMatchObject({
      url: URL_,
      hostname: 'rossi-bakery.example',
      site_state: 'ok',
      pages_crawled: 1,
      has_ssl: true,
      is_mobile_responsive: true,
      has_analytics: true,
      // A link to /contact the saved page could not follow: the form is unknown, not missing.
      has_contact_form: null,
      website_language: 'en',
      primary_email: 'hello@rossi-bakery.example',
    });
    expect(r.analytics).toContain('Google Analytics');
    expect(r.emails).toEqual(['hello@rossi-bakery.example']);
    expect((r.phones as string[]).map((p) => p.replace(/\D/g, '').slice(-10))).toContain('2175550142');
    expect(r.address).toContain('1200 Main Street');
    expect(r.evidence.has_contact_form.detail).toContain('/contact');
    expect(r.evidence.is_mobile_responsive.detail).toContain('viewport');
    expect(r.evidence.has_analytics.detail).toMatch(/Google Analytics/);
    // No negative claim rests on what the crawl did not see.
    expect(r.findings.map((f) => f.id)).not.toContain('no_contact_form');
    expect(r.findings.map((f) => f.id)).not.toContain('no_analytics');
  });

  it('says what is wrong, with the evidence, in a readable audit', async () => {
    const plain = PAGE.replace('<meta name="viewport" content="width=device-width, initial-scale=1">', '').replace(/<script[\s\S]*?<\/script>/g, '');
    const path = join(dir, 'plain.html');
    writeFileSync(path, plain);
    const json = report((await outreach('analyze', '--html', path, '--url', 'http://rossi-bakery.example/', '--json')).stdout);
    expect(json).toMatchObject({ has_ssl: false, is_mobile_responsive: false, has_analytics: false, analytics: [] });
    expect(json.findings.length).toBeGreaterThan(0);

    const run = await outreach('analyze', '--html', path, '--url', 'http://rossi-bakery.example/');
    expect(run.exitCode, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out.split('\n').slice(0, 2)).toEqual([json.business_name ?? json.title, 'http://rossi-bakery.example/']);
    expect(out).not.toContain('\x1b['); // not a terminal: no colour codes
    expect(out).toMatch(/^ {2}Secure \(https\) +No$/m);
    expect(out).toMatch(/^ {2}Mobile friendly +No$/m);
    expect(out).toMatch(/^ {2}Contact form +Unknown$/m);
    expect(out).toContain(json.evidence.is_mobile_responsive.detail);
    expect(out).toContain(`Findings (${json.findings.length})`);
    for (const f of json.findings) {
      expect(out).toContain(String(f.claim));
      expect(out).toContain(String(f.evidence));
    }
    expect(out).toContain('hello@rossi-bakery.example (the one to write to)');
    expect(out).toMatch(/^ {2}Address +1200 Main Street/m);
  });

  it('reads a real saved restaurant page', async () => {
    const run = await outreach('analyze', '--html', REALWEB, '--url', 'https://joeysitalianrestaurant.com/', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const r = report(run.stdout);
    expectShape(r);
    expect(r).toMatchObject({ hostname: 'joeysitalianrestaurant.com', site_state: 'ok', has_ssl: true, website_language: 'en' });
    expect(r.business_name).toMatch(/Joey/);
    expect(r.phones).not.toEqual([]);

    const text = await outreach('analyze', '--html', REALWEB, '--url', 'https://joeysitalianrestaurant.com/');
    expect(text.exitCode).toBe(0);
    for (const claim of r.technical_issues as string[]) expect(text.stdout).toContain(claim);
  });

  it.concurrent.for<[string[], RegExp]>([
    [['--html', join(dir, 'missing.html'), '--url', URL_], /^error: cannot read .*missing\.html: no such file$/],
    [['--html', dir, '--url', URL_], /^error: cannot read .*: it is a directory$/],
    [['--html', pagePath], /^error: --html needs --url/],
    [['--html', pagePath, '--url', 'not a url'], /^error: "not a url" is not a website address/],
    [['ftp://rossi-bakery.example/'], /^error: only http and https sites can be analysed/],
    [['bakery'], /^error: "bakery" is not a website address/],
    [[], /^error: say which site to analyse/],
  ])('refuses %j with one line on stderr and exit code 1', async ([args, message], { expect }) => {
    const run = await outreach('analyze', ...args, '--json');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});


interface Truth {
  url: string;
  reachable: boolean;
  fault: string;
  has_ssl: boolean;
  cms_platform: string | null;
  primary_email: string | null;
  robots: { disallowed: string[] };
}

describe('outreach analyze <url> on the sandbox web', () => {
  let sites: Truth[] = [];

  beforeAll(async () => {
    // The analyze process starts (or joins) the sandbox on these ports, as `outreach run` does.
    env = { ...env, OUTREACH_SANDBOX_PORT: String(await freePort()), OUTREACH_SANDBOX_HTTPS_PORT: String(await freePort()) };
    const fast = await outreach('settings', 'system', '--set', 'scraping_delay=0.5', 'enable_rate_limiting=false');
    expect(fast.exitCode, fast.stderr).toBe(0);
    sites = (await outreach('sandbox', 'list', '--json')).stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Truth);
  });

  it('crawls a site like the pipeline does and reports it, with progress on stderr', async () => {
    const site = sites.find((s) => s.reachable && s.fault === 'none' && s.robots.disallowed.length === 0 && s.cms_platform && s.primary_email)!;
    const run = await outreach('analyze', site.url, '--json', '--no-audit');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Crawling ${site.url}`);
    const r = report(run.stdout);
    expectShape(r);
    expect(r.site_state).toBe('ok');
    expect(r.pages_crawled).toBeGreaterThan(1);
    expect(r.has_ssl).toBe(site.has_ssl);
    expect(r.cms_platform).toBe(site.cms_platform);
    expect(r.emails).toContain(site.primary_email);

    const text = await outreach('analyze', site.url, '--no-audit');
    expect(text.stdout).toContain('Sandbox site: generated test data, not a real business.');
    expect(text.stdout).toMatch(/Crawled \d+ pages/);
  });

  it('stops at a robots.txt refusal and at an address it may not fetch', async () => {
    const refused = sites.find((s) => s.robots.disallowed.includes('/'))!;
    const robots = await outreach('analyze', refused.url, '--json');
    expect(robots.exitCode).toBe(1);
    expect(robots.stdout).toBe('');
    expect(robots.stderr.split('\n').at(-1)).toBe(`error: could not crawl ${refused.url}: robots.txt forbids crawling`);

    const closed = await outreach('analyze', `http://nothing.localhost:${await freePort()}/`);
    expect(closed.exitCode).toBe(1);
    expect(closed.stderr.split('\n').at(-1)).toMatch(/^error: could not crawl .*: refusing to fetch .*the sandbox web is served on ports/);
  });
});
