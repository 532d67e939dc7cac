// Serves the built dashboard, with the SPA fallback: any other GET outside /api gets index.html.
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppEnv } from './env.ts';

const NOT_BUILT = 'The dashboard has not been built yet. Run `npm run build` (or `npm start`, which builds it) and reload.';

export function serveDashboard(app: Hono<AppEnv>, webDist: string): void {
  const indexFile = join(webDist, 'index.html');
  const root = relative(process.cwd(), webDist) || '.';
  // Hashed asset names never change content, so they may be cached for a year.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  if (existsSync(webDist)) app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text(NOT_BUILT, 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
