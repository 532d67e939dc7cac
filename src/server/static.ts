// Serves the built dashboard (web/dist): the hashed files under /assets, precompressed at build
// time (vite.config.ts writes NAME.br and NAME.gz beside each), and the SPA fallback: any other
// GET outside the server's own prefixes (/api, /t, /u, /hooks, /r, /ws) gets index.html; an unknown
// path under one of those is a plain 404 (a forged tracking link must not get the dashboard). Every
// answer still passes through the app's middleware, so it carries the Content-Security-Policy and
// the other security headers.
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppEnv } from './env.ts';

const NOT_BUILT = 'The dashboard has not been built yet. Run `npm run build` (or `npm start`, which builds it) and reload.';

/** Vite names what it emits into assets/ NAME-HASH.EXT (8 characters of base64url): the content never changes under a name. */
const HASHED = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
/** One path segment of plain characters: no separators, no percent-escapes left, no dot files (so no `..`). */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** The variants the build writes, best first, with the file suffix each is stored under. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the server answers itself (API, tracking, unsubscribe, webhooks, reports, live channel): never the dashboard. */
const SERVER_PATHS = /^\/(?:api|t|u|hooks|r|ws)(?:\/|$)/;

export function serveDashboard(app: Hono<AppEnv>, webDist: string): void {
  const indexFile = join(webDist, 'index.html');

  // A missing asset is a 404: an old page asking for a chunk of a previous build must not get index.html as JavaScript.
  const assets = join(webDist, 'assets');
  app.get('/assets/*', async (c) => (await sendFile(c, assets, c.req.path.slice('/assets/'.length), true)) ?? c.text('Not found', 404));

  app.get('*', async (c) => {
    if (SERVER_PATHS.test(c.req.path)) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    // Files at the top of web/dist (vite copies web/public there): not hashed, so revalidated.
    const top = c.req.path.slice(1);
    if (top && top !== 'index.html') {
      const answer = await sendFile(c, webDist, top, false);
      if (answer) return answer;
    }
    if (!existsSync(indexFile)) return c.text(NOT_BUILT, 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

/**
 * Answers with the file `rawName` (as it appears in the URL) of `dir`, in the best encoding the
 * client accepts that the build wrote; undefined when there is no such file. Only one plain
 * path segment is looked up, so no path (`../`, `%2e%2e%2f`, `..%5c`) can leave `dir`.
 * `hashedDir`: vite's assets/, where a hashed name may be cached for a year.
 */
async function sendFile(c: Context<AppEnv>, dir: string, rawName: string, hashedDir: boolean): Promise<Response | undefined> {
  let name: string;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    return undefined;
  }
  // The variants are reached through Accept-Encoding only.
  if (!SAFE_NAME.test(name) || name.endsWith('.br') || name.endsWith('.gz')) return undefined;
  const file = join(dir, name);
  if (!(await isFile(file))) return undefined;

  const compressible = COMPRESSIBLE.test(name);
  let body: Buffer | undefined;
  if (compressible) {
    c.header('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    for (const encoding of ENCODINGS) {
      if (!accepted.has(encoding.name)) continue;
      body = await readFile(file + encoding.suffix).catch(() => undefined);
      if (body) {
        c.header('Content-Encoding', encoding.name);
        break;
      }
    }
  }
  body ??= await readFile(file).catch(() => undefined); // gone since stat: a rebuild emptied web/dist
  if (!body) return undefined;

  c.header('Content-Type', getMimeType(name) ?? 'application/octet-stream');
  c.header('Content-Length', String(body.length));
  c.header('Cache-Control', hashedDir && HASHED.test(name) ? IMMUTABLE : 'no-cache');
  // HEAD: same headers, no body (Hono routes HEAD to this GET handler and drops the body too).
  return c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(body));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The content codings an Accept-Encoding header allows (q > 0); `*` stands for any not named. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const allowed = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (token === '*') wildcard = ok;
    else (ok ? allowed : refused).add(token === 'x-gzip' ? 'gzip' : token);
  }
  if (wildcard) for (const { name } of ENCODINGS) if (!refused.has(name)) allowed.add(name);
  return allowed;
}
