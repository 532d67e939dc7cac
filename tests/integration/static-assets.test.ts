// The dashboard's files: the build writes brotli and gzip copies of each asset; the server picks
// one by Accept-Encoding, caches hashed names for a year and index.html never, answers a missing
// asset with a 404 (not the SPA page), lets no path leave web/dist, and keeps the security
// headers on all of it.
import type { ServerType } from '@hono/node-server';
import { serve } from '@hono/node-server';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../vite.config.ts';
import { startHarness, type Harness } from './support/harness.ts';

const SECRET = 'secret-outside-web-dist';
const INDEX = '<!doctype html><script type="module" src="/assets/index-AbC_12-x.js"></script><div id="root"></div>';
// Big enough to be precompressed (over 1 KB), varied enough that each encoding differs.
const JS = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i * 7} + "${'x'.repeat(i % 13)}";`).join('\n');
const CSS = Array.from({ length: 120 }, (_, i) => `.rule-${i} { margin: ${i}px; color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }`).join('\n');

let h: Harness;
let assets: string;

beforeAll(async () => {
  h = await startHarness();
  // The app was made with config.webDist = <temp>/web-dist: build a small dist there.
  const dist = h.ctx.config.webDist;
  assets = join(dist, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(assets, 'index-AbC_12-x.js'), JS);
  writeFileSync(join(assets, 'index-Zz9_ab-C.css'), CSS);
  writeFileSync(join(assets, 'tiny-Qw3rTy12.js'), 'export {};');
  writeFileSync(join(assets, 'logo-PnG12345.png'), Buffer.alloc(2048, 7));
  await precompressDir(assets);
  // What a path traversal would be after: a file beside web-dist.
  writeFileSync(join(h.dir, 'secret.txt'), SECRET);
});
afterAll(() => h?.close());

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  h.app.request(path, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get('content-security-policy'), what).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';/);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
}

describe('the build (vite.config.ts)', () => {
  it('writes a brotli and a gzip copy of each compressible asset over 1 KB, decoding to the original', () => {
    for (const [name, text] of [
      ['index-AbC_12-x.js', JS],
      ['index-Zz9_ab-C.css', CSS],
    ]) {
      const br = readFileSync(join(assets, `${name}.br`));
      const gz = readFileSync(join(assets, `${name}.gz`));
      expect(brotliDecompressSync(br).toString(), name).toBe(text);
      expect(gunzipSync(gz).toString(), name).toBe(text);
      expect(br.length, name).toBeLessThan(gz.length);
      expect(gz.length, name).toBeLessThan(Buffer.byteLength(text) / 3);
    }
    for (const name of ['tiny-Qw3rTy12.js', 'logo-PnG12345.png']) {
      expect(existsSync(join(assets, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(assets, `${name}.gz`)), name).toBe(false);
    }
  });
});

describe('GET /assets/*', () => {
  it('sends brotli to a browser that accepts it, with the type, Vary and a year-long immutable cache', async () => {
    const res = await get('/assets/index-AbC_12-x.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(brotliDecompressSync(body).toString()).toBe(JS);
    expectSecurityHeaders(res, 'brotli asset');
  });

  it('falls back to gzip, then to the plain file, as Accept-Encoding allows', async () => {
    const cases: [string | undefined, string | null][] = [
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'br'],
      ['*, br;q=0', 'gzip'],
      ['identity', null],
      ['deflate', null],
      ['gzip;q=0, br;q=0', null],
      [undefined, null],
    ];
    for (const [accept, expected] of cases) {
      const res = await get('/assets/index-Zz9_ab-C.css', accept);
      const what = `Accept-Encoding: ${accept}`;
      expect(res.status, what).toBe(200);
      expect(res.headers.get('content-encoding'), what).toBe(expected);
      expect(res.headers.get('content-type'), what).toBe('text/css; charset=utf-8');
      expect(res.headers.get('vary'), what).toBe('Accept-Encoding');
      const body = await bytes(res);
      const text = expected === 'br' ? brotliDecompressSync(body) : expected === 'gzip' ? gunzipSync(body) : body;
      expect(text.toString(), what).toBe(CSS);
    }
  });

  it('sends small and binary files as they are', async () => {
    const tiny = await get('/assets/tiny-Qw3rTy12.js', 'br, gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('export {};');
    const png = await get('/assets/logo-PnG12345.png', 'br, gzip');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bytes(png)).length).toBe(2048);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const get_ = await get('/assets/index-AbC_12-x.js', 'br');
    const head = await get('/assets/index-AbC_12-x.js', 'br', 'HEAD');
    expect(head.status).toBe(200);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary', 'content-security-policy']) {
      expect(head.headers.get(name), name).toBe(get_.headers.get(name));
    }
    expect((await bytes(head)).length).toBe(0);
  });

  it('answers a missing asset with a 404, not the dashboard page', async () => {
    for (const path of ['/assets/index-OldBuild.js', '/assets/nothing-AbCdEf12.css', '/assets/', '/assets', '/assets/index-AbC_12-x.js.br', '/assets/index-AbC_12-x.js.gz']) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<div id="root">');
      expectSecurityHeaders(res, path);
    }
  });
});

describe('index.html and the SPA fallback', () => {
  it('are never cached without asking again, and keep the security headers', async () => {
    for (const path of ['/', '/index.html', '/leads', '/campaigns/12']) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toBe(INDEX);
      expectSecurityHeaders(res, path);
    }
  });

  it('serves a file at the top of web/dist, revalidated (not hashed)', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

// Through app.request the URL parser already removes some dot segments; a raw HTTP request
// reaches the server as written. Either way nothing outside web/dist may come back.
const TRAVERSALS = [
  '/assets/../secret.txt',
  '/assets/../../secret.txt',
  '/assets/..%2fsecret.txt',
  '/assets/..%2f..%2fsecret.txt',
  '/assets/%2e%2e%2fsecret.txt',
  '/assets/%2e%2e/%2e%2e/secret.txt',
  '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
  '/assets/..%5csecret.txt',
  '/assets/..\\..\\secret.txt',
  '/assets/%252e%252e%252fsecret.txt',
  '/assets/....//....//secret.txt',
  '/assets/%c0%ae%c0%ae%2fsecret.txt',
  '/assets/index-AbC_12-x.js%00.png',
  '/assets/.%2e/.%2e/secret.txt',
  '/..%2fsecret.txt',
  '/%2e%2e%2fsecret.txt',
  '/%2e%2e/secret.txt',
  '/secret.txt/..%2f..%2fsecret.txt',
];

describe('path traversal', () => {
  it('never answers with a file outside web/dist/assets (app.request)', async () => {
    for (const path of TRAVERSALS) {
      const res = await get(path);
      const body = await res.text();
      expect(body, path).not.toContain(SECRET);
      if (res.status === 200) expect(body, path).toBe(INDEX); // the SPA page, for a path that is not under /assets
      else expect(res.status, path).toBe(404);
    }
  });

  it('never answers with a file outside web/dist/assets (raw HTTP, paths as written)', async () => {
    const server: ServerType = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((done) => server.once('listening', () => done()));
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of TRAVERSALS) {
        const answer = await rawGet(port, path);
        expect(answer, path).not.toContain(SECRET);
        expect(answer, path).toMatch(/^HTTP\/1\.1 (200|400|404) /);
        if (answer.startsWith('HTTP/1.1 200')) expect(answer, path).toContain(INDEX);
      }
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}
