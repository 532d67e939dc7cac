// What a sandbox site answers to one request, faults included. Pure apart from the (bounded)
// render cache, so the servers stay thin.
import { heroImage } from './images.ts';
import { Lru } from './lru.ts';
import { sitePerformance } from './performance.ts';
import { CRAWLED_PATHS } from './placement.ts';
import { COPY } from './render/copy.ts';
import { plainPage, renderPage, type PagePath } from './render/pages.ts';
import { renderRobots } from './render/robots.ts';
import { vendorId } from './render/widgets.ts';
import type { SandboxSite } from './site.ts';
import { baseUrlOf, hostnameOf, type SandboxPorts } from './urls.ts';

export interface SandboxRequest {
  secure: boolean;
  method: string;
  /** Path and query, as in the request line. */
  url: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** Wait this long before answering (the "slow" fault, a slow first byte, a slow render-blocking file). */
  delayMs?: number;
}

// Browsers showing a sandbox page must not fetch the vendors' real scripts from the internet.
const CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src 'none'";
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const HTML = 'text/html; charset=utf-8';

function platformHeaders(site: SandboxSite, base: string): Record<string, string> {
  switch (site.cms) {
    case 'WordPress':
      return { link: `<${base}wp-json/>; rel="https://api.w.org/"` };
    case 'Wix':
      return { 'x-wix-request-id': vendorId(site, 31, 32) };
    case 'Squarespace':
      return { server: 'Squarespace' };
    case 'Shopify':
      return { 'x-shopid': vendorId(site, 7, 8, '0123456789'), 'x-shopify-stage': 'production' };
    default:
      return { server: 'nginx' };
  }
}

function asset(path: string): SandboxResponse | null {
  if (/\.(css)$/.test(path)) return { status: 200, headers: { 'content-type': 'text/css' }, body: '/* sandbox stylesheet */\n' };
  if (/\.(js)$/.test(path)) return { status: 200, headers: { 'content-type': 'application/javascript' }, body: '/* sandbox script */\n' };
  if (/\.(jpe?g|png|gif|webp|svg)$/.test(path)) return { status: 200, headers: { 'content-type': 'image/gif' }, body: GIF };
  return null;
}

/** Rendered pages kept for repeat visits: bounded, so a 10,000-site sandbox stays small. */
const PAGE_CACHE = 2048;

export class SiteResponder {
  private readonly cache = new Lru<string, string | null>(PAGE_CACHE);

  constructor(
    private readonly ports: SandboxPorts,
    /** Serve the delays: the "slow" fault's, slow first bytes and slow render-blocking files. */
    private readonly slow: boolean,
  ) {}

  respond(site: SandboxSite, req: SandboxRequest): SandboxResponse {
    const url = new URL(req.url, 'http://sandbox');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const base = baseUrlOf(site, this.ports);
    const headers = { 'content-security-policy': CSP, 'x-sandbox': 'generated test data', ...platformHeaders(site, base) };
    const page = (status: number, body: string, extra: Record<string, string> = {}): SandboxResponse => ({
      status,
      headers: { ...headers, 'content-type': HTML, ...extra },
      body,
    });
    const notFound = () => page(404, plainPage(404, 'Not Found', COPY[site.language].notFound));

    if (!req.secure && site.scheme === 'https') {
      return { status: 301, headers: { ...headers, location: `https://${hostnameOf(site)}:${this.ports.httpsPort}${url.pathname}${url.search}` }, body: '' };
    }
    if (req.secure && site.scheme === 'http') return page(421, plainPage(421, 'Misdirected Request', 'This site is served over http only.'));
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return page(405, plainPage(405, 'Method Not Allowed', 'Use GET.'), { allow: 'GET, HEAD, POST' });

    if (path === '/robots.txt') {
      const robots = renderRobots(site);
      return robots === null ? notFound() : { status: 200, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' }, body: robots };
    }
    const perf = sitePerformance(site);
    if (perf.hero && path === perf.hero.path) {
      return { status: 200, headers: { ...headers, 'content-type': perf.hero.contentType, 'cache-control': 'max-age=3600' }, body: heroImage(perf.hero) };
    }
    if (path === perf.missingImage) return notFound();
    const assetAnswer = asset(path);
    if (assetAnswer) {
      const delayMs = this.slow && perf.renderBlocking.includes(path) ? perf.renderBlockingDelayMs : 0;
      return { ...assetAnswer, headers: { ...headers, ...assetAnswer.headers }, ...(delayMs > 0 && { delayMs }) };
    }

    if (site.fault === '500') return page(500, plainPage(500, 'Internal Server Error', 'The server encountered an error and could not complete your request.'));
    if (site.fault === '404') return notFound();
    if (path === '/home' && site.fault === 'redirect') return { status: 301, headers: { ...headers, location: '/' }, body: '' };

    if (req.method === 'POST') {
      return path === '/contact' || path === '/subscribe' ? page(200, plainPage(200, 'OK', COPY[site.language].thanks)) : notFound();
    }
    if (path === '/cdn-cgi/l/email-protection' && site.email.presentation === 'cloudflare') {
      return page(200, plainPage(200, 'Email Protection', 'You are unable to access this email address. The website is protected by Cloudflare.'));
    }
    if (perf.deadLink && path === perf.deadLink.path) {
      const status = perf.deadLink.status;
      if (status === 410) return page(410, plainPage(410, 'Gone', 'This page has been removed.'));
      if (status === 500) return page(500, plainPage(500, 'Internal Server Error', 'The server encountered an error and could not complete your request.'));
      return notFound();
    }
    // A shop's product pages and cart answer as a real shop's do (its cards link there): only the truth's broken links are broken.
    if (site.ecommerce && /^\/(?:products?\/item-\d+\/?|cart)$/.test(path)) return page(200, plainPage(200, site.name, COPY[site.language].heading.shop));
    if (!(CRAWLED_PATHS as readonly string[]).includes(path)) return notFound();

    const body = this.cache.getOr(`${site.slug}${path}`, () => renderPage(site, path as PagePath, base));
    if (body == null) return notFound();
    const delayMs = path !== '/' || !this.slow ? 0 : site.fault === 'slow' ? site.slowMs : perf.firstByteDelayMs;
    return { ...page(200, body), ...(delayMs > 0 && { delayMs }) };
  }
}
