// The base of every contract fake: an HTTP server on 127.0.0.1 (random port) that records
// requests and can be told to fail the next N requests in a given way.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

export class HttpFake {
  readonly requests: RecordedRequest[] = [];
  private readonly scripted: FakeReply[] = [];
  private server?: Server;
  baseUrl = '';

  constructor(private readonly handler: Handler) {}

  /** The next `times` requests get `reply` instead of the normal answer. */
  failNext(reply: FakeReply, times = 1): this {
    for (let i = 0; i < times; i++) this.scripted.push(reply);
    return this;
  }

  /** Every request until reset() gets `reply`. */
  failAlways(reply: FakeReply): this {
    this.always = reply;
    return this;
  }

  reset(): void {
    this.scripted.length = 0;
    this.always = undefined;
    this.requests.length = 0;
  }

  private always?: FakeReply;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      /* keep raw text */
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
    this.requests.push(recorded);
    const reply = this.scripted.shift() ?? this.always ?? (await this.handler(recorded));
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  }
}
