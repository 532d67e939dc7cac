// The served sandbox web against its ground truth, checked with simple, independent readers
// (regular expressions, a tiny robots.txt reader, our own email decoders) through real
// http and https connections to *.localhost on 127.0.0.1.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSearch } from '../../src/providers/search/sandbox.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.ts';
import type { SandboxSite } from '../../src/sandbox/site.ts';
import { groundTruth, type SiteTruth } from '../../src/sandbox/truth.ts';

const LABEL = 'Sandbox site — generated test data, not a real business';

// *.localhost is loopback (RFC 6761); the system resolver here does not know that.
const lookup = ((_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) =>
  options?.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)) as unknown as LookupFunction;

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
  hops: number;
  /** The certificate had expired: read past it, as a browser's "proceed anyway" does. */
  expired?: boolean;
}

let web: Sandbox;

function getOnce(url: string, readPastExpiry = false): Promise<Omit<Fetched, 'hops'>> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(target, { lookup, ca: web.caPem, agent: false, ...(readPastExpiry && { rejectUnauthorized: false }) }, (res) => {
      const tlsError = (res.socket as import('node:tls').TLSSocket).authorizationError;
      if (readPastExpiry && String(tlsError) !== 'CERT_HAS_EXPIRED') return reject(new Error(`expected an expired certificate, got ${String(tlsError)}`));
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, url, ...(readPastExpiry && { expired: true }) }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (!readPastExpiry && error.code === 'CERT_HAS_EXPIRED' ? getOnce(url, true).then(resolve, reject) : reject(error)));
  });
}

async function get(url: string, follow = true): Promise<Fetched> {
  let hops = 0;
  let answer = await getOnce(url);
  while (follow && answer.status >= 300 && answer.status < 400 && hops < 5) {
    hops++;
    answer = await getOnce(new URL(answer.headers.location!, answer.url).href);
  }
  return { ...answer, hops };
}

const decodeEntities = (text: string) =>
  text.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&#160;/g, ' ');

function cloudflare(hex: string): string {
  const key = parseInt(hex.slice(0, 2), 16);
  let out = '';
  for (let i = 2; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16) ^ key);
  return out;
}

/** Every address a page shows, in any of the forms small sites use; attributes are not text. */
function emailsIn(html: string): string[] {
  const found = new Set<string>();
  const add = (e: string) => found.add(e.toLowerCase());
  for (const [, e] of html.matchAll(/href="mailto:([^"?]+)"/g)) add(decodeEntities(e));
  for (const [, hex] of html.matchAll(/data-cfemail="([0-9a-f]+)"/g)) add(cloudflare(hex));
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const email = (JSON.parse(json) as { email?: string }).email;
    if (email) add(email);
  }
  const text = decodeEntities(html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s*\[at\]\s*|\s*\(at\)\s*/g, '@')
    .replace(/\s*\[dot\]\s*/g, '.');
  for (const [e] of text.matchAll(/[a-z0-9._-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi)) add(e);
  return [...found];
}

/** The Disallow rules of the group that applies to OutreachBot (its own group, else *). */
function outreachBotDisallows(robots: string): string[] {
  const groups: { agents: string[]; disallow: string[] }[] = [];
  let current: { agents: string[]; disallow: string[] } | undefined;
  for (const raw of robots.split('\n')) {
    const [field, ...rest] = raw.replace(/#.*/, '').split(':');
    const value = rest.join(':').trim();
    if (/^user-agent$/i.test(field.trim())) {
      if (!current || current.disallow.length > 0) groups.push((current = { agents: [], disallow: [] }));
      current.agents.push(value.toLowerCase());
    } else if (/^disallow$/i.test(field.trim()) && current && value) current.disallow.push(value);
  }
  const own = groups.find((g) => g.agents.includes('outreachbot')) ?? groups.find((g) => g.agents.includes('*'));
  return own?.disallow ?? [];
}

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;

describe('the served sandbox web', () => {
  let truths: Map<SandboxSite, SiteTruth>;
  beforeAll(async () => {
    web = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 240, httpPort: 0, httpsPort: 0, slow: false });
    truths = new Map(web.sites.map((s) => [s, groundTruth(s)]));
  });
  afterAll(() => web.close());

  it('answers each home page as its ground truth declares: faults, redirects, TLS, viewport, language', async () => {
    for (const [site, t] of truths) {
      const home = await get(web.urlOf(site));
      const expected = t.fault === '500' ? 500 : t.fault === '404' ? 404 : 200;
      expect(home.status, t.slug).toBe(expected);
      expect(home.hops, t.slug).toBe(t.redirects);
      expect(Boolean(home.expired), t.slug).toBe(t.certificate === 'expired');
      expect(home.body).toContain(LABEL);
      if (expected !== 200) continue;
      expect(home.url).toBe(web.baseUrlOf(site));
      expect(new URL(home.url).protocol === 'https:', t.slug).toBe(t.has_ssl);
      expect(/<meta name="viewport"/.test(home.body), t.slug).toBe(t.is_mobile_responsive);
      const lang = /<html lang="([a-z]+)">/.exec(home.body)?.[1] ?? null;
      expect(lang, t.slug).toBe(t.has_lang_attribute ? t.website_language : null);
    }
  });

  it('carries exactly the declared platform markers, images and links on the home page', async () => {
    for (const [site, t] of truths) {
      if (t.fault === '500' || t.fault === '404') continue;
      const { body } = await get(web.baseUrlOf(site));
      expect(body.includes('/wp-content/'), t.slug).toBe(t.cms_platform === 'WordPress');
      expect(body.includes('Shopify.theme'), t.slug).toBe(t.cms_platform === 'Shopify');
      expect(body.includes('content="Wix.com Website Builder"'), t.slug).toBe(t.cms_platform === 'Wix');
      expect(body.includes('static1.squarespace.com'), t.slug).toBe(t.cms_platform === 'Squarespace');
      expect(body.includes('woocommerce'), t.slug).toBe(t.ecommerce_platform === 'WooCommerce');
      expect(body.includes('assets.calendly.com'), t.slug).toBe(t.booking_platform === 'Calendly');
      expect(body.includes('acuityscheduling.com'), t.slug).toBe(t.booking_platform === 'Acuity Scheduling');
      expect(body.includes('squareup.com/appointments'), t.slug).toBe(t.booking_platform === 'Square Appointments');
      expect(body.includes('opentable.com/widget'), t.slug).toBe(t.booking_platform === 'OpenTable');
      expect(body.includes('embed.tawk.to') || body.includes('widget.intercom.io') || body.includes('js.driftt.com'), t.slug).toBe(t.has_live_chat);
      expect(body.includes('googletagmanager.com/gtag') || body.includes('plausible.io/js'), t.slug).toBe(t.has_analytics);
      const images = body.match(/<img [^>]*>/g) ?? [];
      expect(images.length, t.slug).toBe(t.images_count);
      expect(images.filter((i) => !/ alt="/.test(i)).length, t.slug).toBe(t.images_without_alt);
      expect(images.filter((i) => !/ width="/.test(i) || !/ height="/.test(i)).length, t.slug).toBe(t.unoptimized_images_count);
      const emptyLinks = (body.match(/<a [^>]*>(?:\s|<i [^>]*><\/i>)*<\/a>/g) ?? []).filter((a) => !a.includes('aria-label'));
      expect(emptyLinks.length, t.slug).toBe(t.empty_links_count);
    }
  });

  it('lets a robots-honouring crawler recover the primary email and the contact form', async () => {
    let checked = 0;
    for (const [site, t] of truths) {
      if (!t.reachable) continue;
      const robots = await get(`${web.baseUrlOf(site)}robots.txt`);
      const disallowed = robots.status === 200 ? outreachBotDisallows(robots.body) : [];
      expect(disallowed, t.slug).toEqual(t.robots.disallowed);
      const emails = new Set<string>();
      let form = false;
      for (const path of ['/', '/contact', '/about', '/services']) {
        if (disallowed.some((rule) => path.startsWith(rule))) continue;
        const page = await get(new URL(path, web.baseUrlOf(site)).href);
        expect(page.status, `${t.slug}${path}`).toBe(t.pages.includes(path) ? 200 : 404);
        if (page.status !== 200) continue;
        emailsIn(page.body).forEach((e) => emails.add(e));
        form ||= /<textarea/.test(page.body);
      }
      expect([...emails].sort(), t.slug).toEqual([...t.emails].sort());
      if (t.primary_email) expect(emails.has(t.primary_email)).toBe(true);
      expect(form, t.slug).toBe(t.has_contact_form);
      if (t.contact_name) expect((await get(web.baseUrlOf(site))).body).toContain(t.contact_name);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('routes by host: unknown names get 404, https sites redirect from http, http-only sites have no TLS', async () => {
    expect((await get(`http://nosuchsite.localhost:${web.httpPort}/`)).status).toBe(404);
    const secure = web.sites.find((s) => s.scheme === 'https' && s.fault === 'none')!;
    const plainHit = await get(`http://${secure.slug}.localhost:${web.httpPort}/contact`, false);
    expect(plainHit.status).toBe(301);
    expect(plainHit.headers.location).toBe(`https://${secure.slug}.localhost:${web.httpsPort}/contact`);
    const plainOnly = web.sites.find((s) => s.scheme === 'http')!;
    await expect(getOnce(`https://${plainOnly.slug}.localhost:${web.httpsPort}/`)).rejects.toThrow();
    const directory = await get(`http://localhost:${web.httpPort}/`);
    expect(directory.body).toContain(web.urlOf(secure));
    expect((await get(`http://localhost:${web.httpPort}/ca.pem`)).body).toBe(web.caPem);
  });

  it('pages through "plumbers in Austin" covering every such site exactly once, each one served', async () => {
    const search = new SandboxSearch(web);
    const urls: string[] = [];
    for (let page = 0; ; page++) {
      const result = await search.search({ query: 'plumbers in Austin', page, pageSize: 5 });
      urls.push(...result.hits.map((h) => h.url));
      if (!result.hasMore) break;
    }
    const expected = web.sites.filter((s) => s.industry === 'plumbers' && s.city === 'Austin');
    expect(urls.length).toBe(expected.length);
    expect([...urls].sort()).toEqual(expected.map((s) => web.urlOf(s)).sort());
    for (const url of urls) {
      const site = web.siteByHostname(new URL(url).hostname)!;
      expect([site.industry, site.city]).toEqual(['plumbers', 'Austin']);
      expect((await get(url)).status).toBe(site.fault === '500' ? 500 : site.fault === '404' ? 404 : 200);
    }
  });
});

describe('slow sites', () => {
  it('delay the home page by 3-5 seconds unless told not to', async () => {
    const slowWeb = await startSandbox({ seed: 'slow-check', sites: 60, httpPort: 0, httpsPort: 0 });
    try {
      web = slowWeb; // the helpers trust this sandbox's certificate
      const site = slowWeb.sites.find((s) => s.fault === 'slow')!;
      const started = Date.now();
      expect((await get(slowWeb.urlOf(site))).status).toBe(200);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(site.slowMs - 50);
      expect(site.slowMs).toBeGreaterThanOrEqual(3000);
      expect(site.slowMs).toBeLessThanOrEqual(5000);
    } finally {
      await slowWeb.close();
    }
  });
});
