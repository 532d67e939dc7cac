// startSandbox: one http and one https server on loopback, routing on the Host header to the
// generated sites — the catalogue of `sites` sites, and any site generated for a search, which
// is rendered from its host label alone. Sites served over http only refuse the TLS
// handshake, as a host without a certificate would.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSites } from './generate.ts';
import { plainPage, SANDBOX_LABEL } from './render/pages.ts';
import { esc } from './render/html.ts';
import { SiteResponder, type SandboxResponse } from './respond.ts';
import type { SandboxSite } from './site.ts';
import { sharedAuthority } from './authority.ts';
import { SiteCertificates } from './certificates.ts';
import { generatedSite } from './generated/sites.ts';
import type { Authority } from './tls.ts';
import { groundTruth, type SiteTruth } from './truth.ts';
import { baseUrlOf, slugFromHost, urlOf, type SandboxPorts } from './urls.ts';

export interface SandboxOptions {
  seed: string;
  /** How many sites to generate. */
  sites: number;
  /** 0 picks a free port (tests); a fixed port keeps stored lead URLs valid across restarts. */
  httpPort?: number;
  httpsPort?: number;
  /** Loopback only. */
  host?: string;
  /**
   * Serve the delays: the home page of "slow" sites (3-5 s), slow first bytes (up to 1.5 s) and
   * slow render-blocking files (up to 2 s, see performance.ts). Default true; tests turn it off.
   */
  slow?: boolean;
  /** The certificate authority that signs the https sites; default: the one this user's processes share. */
  authority?: Authority;
}

export interface Sandbox extends SandboxPorts {
  host: string;
  /** The catalogue; sites generated for a search are served too (siteByHostname finds them). */
  sites: SandboxSite[];
  /** The URL search results list (may start a redirect chain). */
  urlOf(site: SandboxSite): string;
  /** The home page a crawler ends on. */
  baseUrlOf(site: SandboxSite): string;
  siteByHostname(hostname: string): SandboxSite | undefined;
  truth(site: SandboxSite): SiteTruth;
  /** The self-signed certificate (PEM) to trust for https sites. */
  caPem: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(readonly port: number, what: string) {
    super(`Sandbox ${what} port ${port} is already in use: choose another.`);
    this.name = 'PortInUseError';
  }
}

function listen(server: Server, port: number, host: string, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, what) : error));
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function directoryPage(sites: SandboxSite[], link: (s: SandboxSite) => string): string {
  const rows = sites.map((s) => `<li><a href="${esc(link(s))}">${esc(s.name)}</a> — ${esc(s.industry)}, ${esc(s.city)}, ${s.state}</li>`);
  return `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" /><title>Outreach sandbox web</title></head>\n<body>\n<h1>Outreach sandbox web: ${sites.length} sites</h1>
<p>Certificate for the https sites: <a href="/ca.pem">/ca.pem</a> · settings: <a href="/sandbox.json">/sandbox.json</a></p>
<p>A search these sites cannot answer gets businesses generated for it, on hosts that spell the search, e.g. roofers-in-phoenix-az-1.localhost.</p>\n<ul>\n${rows.join('\n')}\n</ul>\n<p class="sandbox-label">${SANDBOX_LABEL}</p>\n</body>\n</html>\n`;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`The sandbox web listens on loopback only, not "${host}".`);
  const sites = generateSites({ seed: options.seed, count: options.sites });
  const bySlug = new Map(sites.map((s) => [s.slug, s]));
  // A catalogue site by its slug, else a site generated for a search, from its label alone.
  const siteOf = (slug: string | null) => (slug ? (bySlug.get(slug) ?? generatedSite(slug)) : undefined);
  const tls = await SiteCertificates.create(sites, options.authority ?? (await sharedAuthority()).authority);
  const ports: SandboxPorts = { httpPort: 0, httpsPort: 0 };
  let responder: SiteResponder | undefined;
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, answer: SandboxResponse, head: boolean) => {
    res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
    res.end(head ? undefined : answer.body);
  };

  const handle = (secure: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    req.resume(); // form posts are accepted and dropped: nothing is stored
    const site = siteOf(slugFromHost(req.headers.host));
    const head = req.method === 'HEAD';
    if (!site) {
      const bare = (req.headers.host ?? '').replace(/:\d+$/, '');
      if (LOOPBACK.has(bare) && req.url === '/ca.pem') return send(res, { status: 200, headers: { 'content-type': 'application/x-pem-file' }, body: tls.caPem }, head);
      if (LOOPBACK.has(bare) && req.url === '/sandbox.json') {
        const about = JSON.stringify({ seed: options.seed, sites: sites.length, httpPort: ports.httpPort, httpsPort: ports.httpsPort, pid: process.pid });
        return send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: about }, head);
      }
      if (LOOPBACK.has(bare)) return send(res, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: directoryPage(sites, (s) => urlOf(s, ports)) }, head);
      return send(res, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: plainPage(404, 'Not Found', 'No sandbox site has this name.') }, head);
    }
    const answer = responder!.respond(site, { secure, method: req.method ?? 'GET', url: req.url ?? '/' });
    if (!answer.delayMs) return send(res, answer, head);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) send(res, answer, head);
    }, answer.delayMs);
    timers.add(timer);
  };

  const http = createHttpServer(handle(false));
  const https = createHttpsServer(
    {
      key: tls.fallback.key,
      cert: tls.fallback.cert,
      // http-only sites have no certificate: fail the handshake like such a host would.
      SNICallback: (servername, done) => {
        const site = siteOf(slugFromHost(servername));
        if (!site) return done(null, undefined);
        if (site.scheme === 'http') return done(new Error(`${servername} does not serve https`));
        tls.contextFor(site).then((context) => done(null, context), (error: Error) => done(error));
      },
    },
    handle(true),
  );

  ports.httpPort = await listen(http, options.httpPort ?? 0, host, 'http');
  try {
    ports.httpsPort = await listen(https, options.httpsPort ?? 0, host, 'https');
  } catch (error) {
    http.close();
    throw error;
  }
  responder = new SiteResponder(ports, options.slow ?? true);

  return {
    host,
    httpPort: ports.httpPort,
    httpsPort: ports.httpsPort,
    sites,
    urlOf: (site) => urlOf(site, ports),
    baseUrlOf: (site) => baseUrlOf(site, ports),
    siteByHostname: (hostname) => siteOf(slugFromHost(hostname)),
    truth: groundTruth,
    caPem: tls.caPem,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const server of [http, https]) server.closeAllConnections();
      await Promise.all([http, https].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
