// The personal report pages (/r/<token>), public like the tracking links: no sign-in, nothing
// indexed, a policy that allows only the page's own style and this server's images (no script,
// no third party), and a per-address limit. An unknown or tampered token is a plain 404, an
// expired one a plain 410; neither says whether a lead exists.
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context as HonoContext, type Next } from 'hono';
import { clientAddress } from '../../client-address.ts';
import { REPORT_CSP, renderReportPage, reportUnavailablePage } from '../../core/report/page.ts';
import type { AppEnv } from '../env.ts';

/**
 * The report pages' own Content-Security-Policy, in place of the dashboard's. Register before
 * secureHeaders: it writes its headers after the handler, and this runs after it.
 */
export async function reportPageHeaders(c: HonoContext, next: Next) {
  await next();
  c.res.headers.set('Content-Security-Policy', REPORT_CSP);
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Cache-Control', 'no-store');
}

function address(c: HonoContext<AppEnv>): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // in-process requests (tests) have no socket
  }
  return clientAddress(socket, c.req.header('x-forwarded-for'), c.var.ctx.config.trustedProxies) ?? 'unknown';
}

const unavailable = (c: HonoContext<AppEnv>, expired: boolean) => c.html(reportUnavailablePage(expired), expired ? 410 : 404);

export function reportRoutes() {
  const app = new Hono<AppEnv>();

  app.use('/r/*', async (c, next) => {
    const limiter = c.var.ctx.reportLimiter;
    const key = address(c);
    if (!limiter.hit(key)) {
      c.header('Retry-After', String(limiter.retryAfterSeconds(key)));
      return c.text('Too many requests: wait a minute and try again.', 429);
    }
    await next();
  });

  app.get('/r/:token/:file{(mobile|desktop)\\.jpg}', async (c) => {
    const kind = c.req.param('file') === 'mobile.jpg' ? 'mobile' : 'desktop';
    const bytes = await c.var.ctx.reports.screenshot(c.req.param('token'), kind);
    if (bytes === 'expired') return c.text('This report has expired.', 410);
    if (!bytes) return c.text('No such image.', 404);
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) });
  });

  // GET, and HEAD (a link checker's: counted as a machine's view).
  app.get('/r/:token', async (c) => {
    const hit = { method: c.req.method, userAgent: c.req.header('user-agent') };
    const answer = await c.var.ctx.reports.open(c.req.param('token'), hit, c.req.query('preview'));
    if (answer.kind !== 'page') return unavailable(c, answer.kind === 'expired');
    return c.html(renderReportPage(answer.report), 200);
  });

  // Anything else under /r/ (a token cut short, a made-up file): the plain 404, never the dashboard.
  app.all('/r/*', (c) => unavailable(c, false));
  app.all('/r', (c) => unavailable(c, false));
  return app;
}
