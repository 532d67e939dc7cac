// Sites generated for a search ("roofers in Phoenix") served by the sandbox web over real
// http and https connections: any sandbox server renders them from the Host header alone,
// so a process that joined another's sandbox gets the same sites, served by that process.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { SandboxSearch } from '../../src/providers/search/sandbox.ts';
import { SandboxHost } from '../../src/sandbox/host.ts';
import { matchSites } from '../../src/sandbox/query.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.ts';
import { groundTruth } from '../../src/sandbox/truth.ts';

const LABEL = 'Sandbox site — generated test data, not a real business';

const lookup = ((_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) =>
  options?.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)) as unknown as LookupFunction;

interface Answer {
  status: number;
  body: string;
  location?: string;
}

/** `readPastExpiry`: accept an expired certificate (only that), as a browser's "proceed anyway" does. */
function getOnce(url: string, ca: string, readPastExpiry = false): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(target, { lookup, ca, agent: false, ...(readPastExpiry && { rejectUnauthorized: false }) }, (res) => {
      const tlsError = (res.socket as import('node:tls').TLSSocket).authorizationError;
      if (readPastExpiry && String(tlsError) !== 'CERT_HAS_EXPIRED') return reject(new Error(`expected an expired certificate, got ${String(tlsError)}`));
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, location: res.headers.location }));
    });
    req.on('error', reject);
  });
}

async function get(url: string, ca: string, readPastExpiry = false): Promise<Answer & { url: string; hops: number }> {
  let hops = 0;
  let answer = await getOnce(url, ca, readPastExpiry && url.startsWith('https:'));
  while (answer.status >= 300 && answer.status < 400 && hops < 5) {
    url = new URL(answer.location!, url).href;
    answer = await getOnce(url, ca, readPastExpiry && url.startsWith('https:'));
    hops++;
  }
  return { ...answer, url, hops };
}

let web: Sandbox;
beforeAll(async () => {
  web = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 240, httpPort: 0, httpsPort: 0, slow: false });
});
afterAll(() => web.close());

describe('generated sites on the sandbox web', () => {
  it('serves every business generated for a query, over http and https, as its ground truth declares', async () => {
    const search = new SandboxSearch(web);
    const urls: string[] = [];
    for (const query of ['roofers in Phoenix', 'dog groomers in Smallville, KS']) {
      for (let page = 0; ; page++) {
        const result = await search.search({ query, page, pageSize: 10 });
        urls.push(...result.hits.map((h) => h.url));
        if (!result.hasMore) break;
      }
    }
    expect(urls.length).toBeGreaterThan(40);
    const schemes = new Set<string>();
    for (const url of urls) {
      const site = web.siteByHostname(new URL(url).hostname)!;
      expect(site, url).toBeDefined();
      const t = groundTruth(site);
      // A site whose certificate has expired is read past it (and only such a site: getOnce checks).
      const home = await get(url, web.caPem, t.certificate === 'expired');
      expect(home.status, t.slug).toBe(t.fault === '500' ? 500 : t.fault === '404' ? 404 : 200);
      expect(home.hops, t.slug).toBe(t.redirects);
      expect(home.body, t.slug).toContain(LABEL);
      if (home.status !== 200) continue;
      expect(home.url).toBe(web.baseUrlOf(site));
      schemes.add(new URL(home.url).protocol);
      expect(home.body).toContain(`<link rel="canonical" href="${web.baseUrlOf(site)}"`);
      if (t.reachable && t.primary_email && site.email.presentation === 'mailto') expect(home.body).toContain(`mailto:${t.primary_email}`);
    }
    expect(schemes).toEqual(new Set(['http:', 'https:']));
  });

  it('refuses TLS for an http-only generated site and 404s a label that names no site', async () => {
    const plain = matchSites(web.sites, 'roofers in Phoenix').find((s) => s.scheme === 'http')!;
    await expect(getOnce(`https://${plain.slug}.localhost:${web.httpsPort}/`, web.caPem)).rejects.toThrow();
    expect((await getOnce(`http://roofers-in-phoenix-3.localhost:${web.httpPort}/`, web.caPem)).status).toBe(404);
    expect(web.siteByHostname('roofers-in-phoenix-3.localhost')).toBeUndefined();
  });

  it('renders a generated site the same on another sandbox server, whatever its seed and size', async () => {
    const other = await startSandbox({ seed: 'another-seed', sites: 30, httpPort: 0, httpsPort: 0, slow: false });
    try {
      const site = matchSites(web.sites, 'roofers in Phoenix').find((s) => s.scheme === 'https' && s.fault === 'none')!;
      expect(other.siteByHostname(`${site.slug}.localhost`)).toEqual(site);
      const here = await get(web.baseUrlOf(site), web.caPem);
      const there = await get(other.baseUrlOf(site), other.caPem);
      const portless = (html: string) => html.replace(/localhost:\d+/g, 'localhost:PORT');
      expect(there.status).toBe(200);
      expect(portless(there.body)).toBe(portless(here.body));
    } finally {
      await other.close();
    }
  });

  it('lets a process that joined the sandbox list generated sites that the serving process serves', async () => {
    const config = loadConfig({});
    const serving = new SandboxHost(config, { seed: 'host-generated', sites: 40, httpPort: 0, httpsPort: 0, slow: false });
    try {
      const a = await serving.start();
      const joined = new SandboxHost(config, { seed: 'other', sites: 240, httpPort: a.httpPort, httpsPort: a.httpsPort });
      const b = await joined.start();
      expect(b.joined).toBe(true);
      const query = { query: 'carpet cleaning in Boise', page: 0, pageSize: 8 };
      const found = await (await joined.search()).search(query);
      expect(found).toEqual(await (await serving.search()).search(query));
      expect(found.hits).toHaveLength(8);
      for (const hit of found.hits) {
        expect(new URL(hit.url).hostname).toMatch(/^carpet-cleaning-in-boise-id-\d+\.localhost$/);
        const answer = await get(hit.url, b.caPem); // the joined process trusts the serving one's authority
        expect([200, 404, 500]).toContain(answer.status);
        expect(answer.body).toContain(LABEL);
      }
      await joined.close();
    } finally {
      await serving.close();
    }
  });
});
