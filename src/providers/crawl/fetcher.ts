// Guarded HTTP(S) GETs with node's http/https: the guard's lookup on every connection, our
// own redirect loop (each hop re-checked, reported and vetoable), a timeout per hop that
// also covers a stalled body, decompression and a size cap.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { X509Certificate } from 'node:crypto';
import { checkServerIdentity, createSecureContext, rootCertificates, type SecureContext, type TLSSocket } from 'node:tls';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { certificateFacts, chainTrustedButForTime, EXPIRED, isExpired, parseRoots, type PeerCertificateFacts } from './certificates.ts';
import { bareHostname, BlockedAddressError, portOf, SsrfGuard } from './ssrf-guard.ts';

export type { PeerCertificateFacts };

export const DEFAULT_USER_AGENT = 'OutreachBot/1.0 (+https://example.invalid/bot)';
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchRequest {
  url: string | URL;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Per hop, from sending the request to the end of the body. */
  timeoutMs: number;
  /** Default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Runs before each redirect is followed; throw to refuse the hop (robots.txt, other host...). */
  beforeRedirect?: (next: URL, from: HopRecord) => Promise<void> | void;
  /** Every hop that got an answer or failed, redirects included, in order. */
  onHop?: (hop: HopRecord) => void;
}

export interface HopRecord {
  url: string;
  status: number | null;
  ms: number;
  fetched_at: string;
  location?: string;
  error?: Error;
}

export interface FetchResponse {
  url: string;
  status: number;
  statusMessage?: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  redirectUrls: URL[];
  ip?: string;
  /** The final response's peer certificate, for https. */
  certificate?: PeerCertificateFacts;
  /** The decoded body. */
  body: Readable;
}

export class FetchTimeoutError extends Error {
  constructor(
    url: string,
    readonly ms: number,
  ) {
    super(`timed out after ${ms} ms fetching ${url}`);
    this.name = 'FetchTimeoutError';
  }
}

export class TooManyRedirectsError extends Error {
  constructor(url: string, max: number) {
    super(`more than ${max} redirects starting at ${url}`);
    this.name = 'TooManyRedirectsError';
  }
}

export interface FetcherOptions {
  userAgent?: string;
  /** Extra trusted certificates (PEM), used only for allow-listed endpoints such as the sandbox. */
  ca?: string[];
  /**
   * Read a site whose certificate is trusted and names it but has expired, as a visitor who
   * clicks through the browser's warning would (the crawl then reports the expiry). Any other
   * certificate problem still refuses the connection. Off by default.
   */
  readPastExpiredCertificates?: boolean;
}

export function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function decode(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > MAX_BODY_BYTES ? new Error(`body larger than ${MAX_BODY_BYTES} bytes`) : null, chunk);
    },
  });
  const source: Readable = decoder ? res.pipe(decoder) : res;
  const fail = (error: Error) => cap.destroy(error);
  res.on('error', fail);
  decoder?.on('error', fail);
  return source.pipe(cap);
}

let publicRoots: X509Certificate[] | undefined;

export class GuardedFetcher {
  readonly userAgent: string;
  /** The TLS contexts, built once rather than for every request: the default trust, and with the extra certificates. */
  private readonly publicContext = createSecureContext();
  private readonly trustedContext?: SecureContext;
  private readonly readPastExpired: boolean;
  /** host:port of sites whose certificate has expired, so that their next requests read past it at once. */
  private readonly expiredHosts = new Set<string>();

  constructor(
    readonly guard: SsrfGuard,
    options: FetcherOptions = {},
  ) {
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.trustedContext = options.ca?.length ? createSecureContext({ ca: options.ca }) : undefined;
    this.readPastExpired = options.readPastExpiredCertificates ?? false;
    this.extraRoots = options.ca?.length ? parseRoots(options.ca) : [];
  }

  private readonly extraRoots: X509Certificate[];

  /** One request; a certificate that has only expired is read past when the fetcher allows it (a second handshake). */
  private async attempt(url: URL, req: FetchRequest) {
    const key = `${url.hostname}:${portOf(url)}`;
    const tolerant = this.readPastExpired && url.protocol === 'https:';
    if (tolerant && this.expiredHosts.has(key)) return this.once(url, req, true);
    try {
      return await this.once(url, req, false, tolerant);
    } catch (error) {
      if (!tolerant || !isExpired(error)) throw error;
      if (this.expiredHosts.size > 1000) this.expiredHosts.clear();
      this.expiredHosts.add(key);
      return this.once(url, req, true);
    }
  }

  /** GET with redirects; resolves once the final response's headers arrive. */
  async fetch(req: FetchRequest): Promise<FetchResponse> {
    const max = req.maxRedirects ?? 5;
    const redirectUrls: URL[] = [];
    let url = this.guard.checkUrl(req.url);
    for (;;) {
      const { res, hop, ip, done, certificate } = await this.attempt(url, req);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode ?? 0) || !location) {
        req.onHop?.(hop);
        return { url: url.href, status: res.statusCode ?? 0, statusMessage: res.statusMessage, headers: flattenHeaders(res.headers), redirectUrls, ip, certificate, body: done };
      }
      done.resume(); // a redirect's body is not needed
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        req.onHop?.(hop);
        throw new Error(`bad redirect location "${location}" from ${url.href}`);
      }
      req.onHop?.({ ...hop, location: next.href });
      if (redirectUrls.length >= max) throw new TooManyRedirectsError(String(req.url), max);
      this.guard.checkUrl(next);
      await req.beforeRedirect?.(next, hop);
      redirectUrls.push(next);
      url = next;
    }
  }

  /** GET and read the whole body as text (robots.txt). */
  async text(req: FetchRequest): Promise<{ status: number; url: string; headers: Record<string, string>; body: string }> {
    const res = await this.fetch(req);
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    return { status: res.status, url: res.url, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
  }

  /**
   * One request, no redirects. `expiredOk`: accept a certificate whose only fault is its end
   * date (the name is still checked); `quietExpiry`: do not report a CERT_HAS_EXPIRED failure
   * as a hop (the caller retries it).
   */
  private async once(
    url: URL,
    req: FetchRequest,
    expiredOk = false,
    quietExpiry = false,
  ): Promise<{ res: IncomingMessage; hop: HopRecord; ip?: string; done: Readable; certificate?: PeerCertificateFacts }> {
    const started = Date.now();
    const fetchedAt = new Date(started).toISOString();
    const failed = (error: Error): HopRecord => ({ url: url.href, status: null, ms: Date.now() - started, fetched_at: fetchedAt, error });
    let trusted = false;
    try {
      // Early, clear refusal; the lookup below repeats the check at connect time.
      const addresses = await this.guard.check(url);
      trusted = addresses.every((a) => this.guard.isAllowListed(a.address, portOf(url)));
    } catch (error) {
      req.onHop?.(failed(error as Error));
      throw error;
    }
    const host = bareHostname(url);
    const secure = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const send = secure ? httpsRequest : httpRequest;
      const request = send({
        protocol: url.protocol,
        host,
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: req.method ?? 'GET',
        headers: { 'user-agent': this.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br', ...req.headers },
        agent: false,
        lookup: this.guard.lookupFor(url),
        ...(secure && { servername: isIP(host) ? undefined : host, secureContext: (trusted && this.trustedContext) || this.publicContext }),
        // Verified below instead, where only an expired date is let through.
        ...(expiredOk && { rejectUnauthorized: false }),
      });
      let settled = false;
      let done: PassThrough | undefined;
      // Before the answer the request fails with this error; after it, the body does.
      const abort = (error: Error) => {
        done?.destroy(error);
        request.destroy(error);
      };
      const timer = setTimeout(() => abort(new FetchTimeoutError(url.href, req.timeoutMs)), req.timeoutMs);
      const onAbort = () => abort(req.signal?.reason instanceof Error ? req.signal.reason : new Error('aborted'));
      req.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
      };
      // Belt and braces: whatever path the socket took, vet the peer it is connected to.
      request.on('socket', (socket: Socket) => {
        if (expiredOk) {
          socket.once('secureConnect', () => {
            const tls = socket as TLSSocket;
            if (tls.authorized) return;
            const code = String(tls.authorizationError);
            if (code !== EXPIRED) return request.destroy(Object.assign(new Error(`certificate verify failed: ${code}`), { code }));
            // The roots this connection trusts: the extra certificates for an allow-listed endpoint, else the public ones.
            const roots = trusted && this.trustedContext ? this.extraRoots : (publicRoots ??= parseRoots(rootCertificates));
            if (!chainTrustedButForTime(tls, roots)) {
              return request.destroy(Object.assign(new Error('unable to verify the first certificate (and it has expired)'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }));
            }
            const wrongName = checkServerIdentity(host, tls.getPeerCertificate());
            if (wrongName) request.destroy(wrongName);
          });
        }
        socket.once('connect', () => {
          if (!socket.remoteAddress) return;
          try {
            this.guard.checkAddress(socket.remoteAddress, url);
          } catch (error) {
            request.destroy(error as BlockedAddressError);
          }
        });
      });
      request.on('error', (error) => {
        cleanup();
        if (!settled) {
          settled = true;
          if (!(quietExpiry && isExpired(error))) req.onHop?.(failed(error));
          reject(error);
        }
      });
      request.on('response', (res) => {
        settled = true;
        const body = decode(res);
        const out = (done = new PassThrough());
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
        out.on('close', cleanup);
        const hop: HopRecord = { url: url.href, status: res.statusCode ?? 0, ms: Date.now() - started, fetched_at: fetchedAt };
        const certificate = secure ? certificateFacts(res.socket as TLSSocket) : undefined;
        resolve({ res, hop, ip: res.socket?.remoteAddress, done: out, certificate });
      });
      request.end();
    });
  }
}
