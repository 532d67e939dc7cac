// The dashboard's first load in Debian's Chromium (playwright-core, launched as the e2e tests
// launch it): `outreach serve` on a small fresh database, a signed-in user opening /dashboard
// in a new browser context each time (an empty cache), beside a bare React page (React +
// ReactDOM rendering one element, bundled here with esbuild and served compressed by a bare
// node:http server) loaded the same way, the two interleaved. Reported: First Contentful Paint
// (the page's own 'paint' performance entry) and the JS and CSS bytes sent (as encoded on the
// wire: what Chromium's Accept-Encoding got). The dashboard is web/dist as `npm run build` left
// it; the rows say when web/src changed after it.
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { ms, pct, section, type Row } from './measure.ts';

const ROOT = join(import.meta.dirname, '../..');
const WEB_DIST = join(ROOT, 'web/dist/index.html');
const ADMIN = { username: 'admin', password: 'bench-password-1' };

/** web/dist was built after every change to the dashboard's sources. */
export function webDistIsCurrent(): boolean {
  if (!existsSync(WEB_DIST)) return false;
  const builtAt = statSync(WEB_DIST).mtimeMs;
  const newer = (path: string): boolean => {
    const s = statSync(path);
    return s.isDirectory() ? readdirSync(path).some((name) => newer(join(path, name))) : s.mtimeMs > builtAt;
  };
  return ![join(ROOT, 'web/src'), join(ROOT, 'web/index.html'), join(ROOT, 'vite.config.ts')].some(newer);
}

/** One element rendered by React, bundled and minified for production, served compressed by node:http. */
async function bareReactServer(dir: string) {
  const out = join(dir, 'bare-react.js');
  await build({
    stdin: {
      contents: "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));",
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: out,
    logLevel: 'silent',
  });
  const js = readFileSync(out);
  const variants = { br: await promisify(brotliCompress)(js, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: await promisify(gzip)(js, { level: 9 }) };
  const html = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Bare</title><script type="module" src="/bare-react.js"></script></head><body><div id="root"></div></body></html>';
  const server = http.createServer((req, res) => {
    if (req.url !== '/bare-react.js') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const coding = (['br', 'gzip'] as const).find((c) => accepted.includes(c));
    res.writeHead(200, { 'content-type': 'text/javascript', vary: 'Accept-Encoding', ...(coding && { 'content-encoding': coding }) });
    res.end(coding ? variants[coding] : js);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

interface Load {
  fcp: number;
  js: number;
  css: number;
  files: number;
  codings: Set<string>;
  /** The paths of the JS and CSS files loaded. */
  paths: string[];
}

/** Opens url in a fresh context (empty cache), waits for `ready` and the network to go quiet. */
async function firstLoad(browser: Browser, url: string, o: { prepare?: (context: BrowserContext) => Promise<unknown>; ready: (page: Page) => Promise<unknown> }): Promise<Load> {
  const context = await browser.newContext();
  try {
    await o.prepare?.(context);
    const page = await context.newPage();
    const load: Load = { fcp: NaN, js: 0, css: 0, files: 0, codings: new Set(), paths: [] };
    const sizes: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      sizes.push(
        (async () => {
          const [{ responseBodySize }, response] = await Promise.all([request.sizes(), request.response()]);
          load[type === 'script' ? 'js' : 'css'] += responseBodySize;
          load.files++;
          load.paths.push(new URL(request.url()).pathname);
          load.codings.add((await response?.headerValue('content-encoding')) ?? 'identity');
        })(),
      );
    });
    await page.goto(url);
    await o.ready(page);
    await page.waitForLoadState('networkidle');
    load.fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
          setTimeout(() => resolve(NaN), 10_000);
        }),
    );
    if (!Number.isFinite(load.fcp)) throw new Error(`${url}: no first-contentful-paint entry`);
    await Promise.all(sizes);
    return load;
  } finally {
    await context.close();
  }
}

/** The size of the built files behind these asset paths, as stored with `suffix` ('.gz', or '' for the raw file). */
const onDisk = (paths: string[], suffix: string) =>
  paths.reduce((n, path) => {
    const file = join(ROOT, 'web/dist', path);
    return n + statSync(existsSync(file + suffix) ? file + suffix : file).size;
  }, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const range = (xs: number[]) => `p50 ${ms(pct(xs, 50))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;

export async function webRows(loads: number, log: (line: string) => void): Promise<Row[]> {
  const rows: Row[] = [section(`Dashboard first load in Chromium (signed in, empty cache, ${loads} loads each, interleaved)`)];
  if (!existsSync(WEB_DIST)) {
    rows.push({ name: 'dashboard first load: skipped, web/dist is missing (run `npm run build` first)', figure: '—', bare: '—' });
    return rows;
  }
  const how = webDistIsCurrent() ? 'web/dist' : 'web/dist STALE: web/src changed after `npm run build`';
  const server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password, allowSources: true });
  const bare = await bareReactServer(server.dataDir);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
    const { access_token, user } = (await res.json()) as { access_token: string; user: unknown };
    // Signed in as the dashboard keeps it (web/src/session.ts), before any of its scripts run.
    const signedIn = (context: BrowserContext) =>
      context.addInitScript((session) => window.localStorage.setItem('outreach.session', session), JSON.stringify({ access_token, user }));
    // The dashboard's own heading: signed in, not sent to the login page.
    const dashboard = () => firstLoad(browser, `${server.url}/dashboard`, { prepare: signedIn, ready: (page) => page.getByRole('heading', { name: 'Dashboard' }).waitFor() });
    const react = () => firstLoad(browser, bare.url, { ready: (page) => page.getByRole('heading', { name: 'Hello' }).waitFor() });
    await dashboard(); // warms the server's file cache and Chromium's start-up
    await react();
    const product: Load[] = [];
    const baseline: Load[] = [];
    for (let i = 0; i < loads; i++) {
      product.push(await dashboard());
      baseline.push(await react());
    }
    const p = product.at(-1)!;
    const b = baseline.at(-1)!;
    const pFcp = product.map((l) => l.fcp);
    const bFcp = baseline.map((l) => l.fcp);
    rows.push({
      name: `dashboard First Contentful Paint (${how})`,
      figure: range(pFcp),
      bare: `React page: ${range(bFcp)}`,
      ratio: pct(pFcp, 50) / pct(bFcp, 50),
    });
    rows.push({
      name: `dashboard JS + CSS sent (${p.files} files, ${[...p.codings].join('/')})`,
      figure: `${kb(p.js + p.css)} (JS ${kb(p.js)}, CSS ${kb(p.css)}; as gzip ${kb(onDisk(p.paths, '.gz'))}, raw ${kb(onDisk(p.paths, ''))})`,
      bare: `React page JS: ${kb(b.js)} (${[...b.codings].join('/')})`,
      ratio: (p.js + p.css) / (b.js + b.css),
    });
    log(`  FCP each: dashboard ${pFcp.map((v) => v.toFixed(0)).join(" ")}; React page ${bFcp.map((v) => v.toFixed(0)).join(" ")}`);
    log(`  dashboard: FCP ${range(pFcp)}, ${kb(p.js + p.css)} JS+CSS; React page: FCP ${range(bFcp)}, ${kb(b.js)}`);
  } finally {
    await browser.close();
    await bare.close();
    await server.stop();
  }
  return rows;
}
