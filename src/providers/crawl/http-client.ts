// Crawlee's HTTP layer, replaced. CheerioCrawler accepts any BaseHttpClient (`httpClient`
// option); this one sends every request through the GuardedFetcher, so the SSRF guard's
// lookup runs on every connection and each redirect hop is vetted (guard, robots.txt,
// same site) and logged by the crawl. got-scraping, Crawlee's default, is not used: it
// would follow redirects on its own and generate browser headers for a bot that must
// identify itself honestly.
import type { BaseHttpClient, HttpRequest, HttpResponse, RedirectHandler, ResponseTypes, StreamingHttpResponse } from '@crawlee/cheerio';
import type { GuardedFetcher, HopRecord } from './fetcher.ts';

export interface ClientHooks {
  /** Per hop, from request to end of body. */
  timeoutMs: number;
  /** Throw to refuse following a redirect of the request that started at `startUrl`. */
  beforeRedirect(startUrl: string, next: URL): Promise<void> | void;
  /** Every hop of the request that started at `startUrl`. */
  onHop(startUrl: string, hop: HopRecord): void;
}

function plainHeaders(headers: HttpRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export class GuardedHttpClient implements BaseHttpClient {
  constructor(
    private readonly fetcher: GuardedFetcher,
    private readonly hooks: ClientHooks,
  ) {}

  // Cookies are not kept between pages (no session pool), so `onRedirect` has nothing to do.
  async stream(request: HttpRequest, _onRedirect?: RedirectHandler): Promise<StreamingHttpResponse> {
    const startUrl = String(request.url);
    const method = String(request.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') throw new Error(`the crawler only sends GET and HEAD, not ${method}`);
    const res = await this.fetcher.fetch({
      url: startUrl,
      method,
      headers: plainHeaders(request.headers),
      timeoutMs: this.hooks.timeoutMs,
      maxRedirects: Math.min(request.maxRedirects ?? 5, 5),
      signal: request.signal,
      beforeRedirect: (next) => this.hooks.beforeRedirect(startUrl, next),
      onHop: (hop) => this.hooks.onHop(startUrl, hop),
    });
    return {
      stream: res.body,
      request,
      redirectUrls: res.redirectUrls,
      url: res.url,
      ip: res.ip,
      statusCode: res.status,
      statusMessage: res.statusMessage,
      headers: res.headers,
      trailers: {},
      complete: false,
      // Not tracked: a 'data' listener here would start the stream before Crawlee reads it.
      get downloadProgress() {
        return { percent: res.body.readableEnded ? 1 : 0, transferred: 0 };
      },
      get uploadProgress() {
        return { percent: 1, transferred: 0 };
      },
    };
  }

  async sendRequest<T extends keyof ResponseTypes = 'text'>(request: HttpRequest<T>): Promise<HttpResponse<T>> {
    const { stream, ...rest } = await this.stream(request as HttpRequest);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const buffer = Buffer.concat(chunks);
    const text = () => buffer.toString(request.encoding ?? 'utf8');
    const body = request.responseType === 'buffer' ? buffer : request.responseType === 'json' ? JSON.parse(text()) : text();
    return { ...rest, request, complete: true, body: body as ResponseTypes[T] };
  }
}
