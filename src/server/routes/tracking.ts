// The public endpoints recipients and Brevo reach, without signing in: the open pixel,
// tracked links, the unsubscribe page (RFC 8058 one-click target), Brevo's and Resend's webhooks.
// Every answer here is deliberately plain: no external resources, nothing indexed, no
// detail that would tell a stranger whether a token was real.
import { Hono, type Context as HonoContext, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Hit } from '../../core/emails/tracking.ts';
import { escapeHtml } from '../../core/html.ts';
import type { AppEnv } from '../env.ts';

// The smallest transparent 1x1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');


// The pages' only styling, a stylesheet of their own: the Content-Security-Policy every answer
// carries (src/server/middleware/csp.ts) allows no inline <style>.
export const PAGE_CSS_PATH = '/t/page.css';
const PAGE_CSS =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}\n' +
  'button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}\n';

function page(c: HonoContext<AppEnv>, status: 200 | 404, title: string, content: string) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
      `<link rel="stylesheet" href="${PAGE_CSS_PATH}"></head>` +
      `<body><h1>${escapeHtml(title)}</h1>${content}</body></html>`,
    status,
  );
}

const hit = (c: HonoContext<AppEnv>): Hit => ({ method: c.req.method, userAgent: c.req.header('user-agent'), at: new Date() });

// Bodies here are tiny; refuse large ones before reading them.
const limit = (c: HonoContext<AppEnv>, next: Next) =>
  bodyLimit({ maxSize: c.var.ctx.config.bodyLimitBytes, onError: (cc) => cc.json({ detail: 'Request body is too large' }, 413) })(c, next);

/**
 * The pixel is embedded by webmail pages on other origins: it must not carry the
 * same-origin resource policy the rest of the app gets. Register before secureHeaders
 * (which writes its headers after the handler and would overwrite this one).
 */
export async function crossOriginPixel(c: HonoContext, next: Next) {
  await next();
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
}

export function trackingRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/u/*', limit);
  app.use('/hooks/*', limit);

  app.get(PAGE_CSS_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(PAGE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  // GET (and HEAD, which Hono routes here with c.req.method 'HEAD'). Always the pixel.
  app.get('/t/o/:file', async (c) => {
    const token = c.req.param('file').replace(/\.gif$/, '');
    await c.var.ctx.tracking.open(token, hit(c));
    c.header('Cache-Control', 'no-store, no-cache, must-revalidate, private');
    c.header('X-Robots-Tag', 'noindex');
    return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length) });
  });

  app.get('/t/c/:token/:index', async (c) => {
    const raw = c.req.param('index');
    const target = raw === 'hp' ? 'hp' : /^\d{1,4}$/.test(raw) ? Number(raw) : undefined;
    const url = target === undefined ? undefined : await c.var.ctx.tracking.click(c.req.param('token'), target, hit(c));
    if (target === 'hp') return page(c, 200, 'Nothing to see here', '<p>This link leads nowhere.</p>');
    if (!url) return page(c, 404, 'Link not found', '<p>This link is not valid, or no longer leads anywhere.</p>');
    c.header('Cache-Control', 'no-store');
    return c.redirect(url, 302);
  });
  // A click link cut short or made up: the answer an unknown token gets, never the dashboard.
  app.get('/t/c/*', (c) => page(c, 404, 'Link not found', '<p>This link is not valid, or no longer leads anywhere.</p>'));

  // Showing the page must not unsubscribe: scanners follow every link of an email.
  app.get('/u/:token', (c) => {
    if (!c.var.ctx.tokens.verify('unsubscribe', c.req.param('token'))) return notFound(c);
    const action = escapeHtml(c.req.path);
    return page(
      c,
      200,
      'Unsubscribe',
      `<p>Click the button to stop receiving emails from us at this address.</p>` +
        `<form method="post" action="${action}"><input type="hidden" name="confirm" value="1"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  // The page's button and the RFC 8058 one-click POST (body List-Unsubscribe=One-Click) land here.
  app.post('/u/:token', async (c) => {
    const body = await c.req.text();
    const source = /List-Unsubscribe=One-Click/i.test(body) ? 'one-click' : 'link';
    if (!(await c.var.ctx.tracking.unsubscribe(c.req.param('token'), source))) return notFound(c);
    return page(c, 200, 'You have been unsubscribed', '<p>You will not receive any more emails from us at this address.</p>');
  });

  app.post('/hooks/brevo', async (c) => {
    const tracking = c.var.ctx.tracking;
    const auth = await tracking.brevoAuth(c.req.header('authorization'));
    if (auth === 'not_configured') return c.json({ detail: 'Brevo webhooks are not configured: generate a token in Settings → Reply Detection, or set OUTREACH_BREVO_WEBHOOK_TOKEN' }, 503);
    if (auth === 'unauthorized') return c.json({ detail: 'Missing or wrong webhook token: send Authorization: Bearer <brevo_webhook_token>' }, 401);
    let payload: unknown;
    try {
      payload = JSON.parse(await c.req.text());
    } catch {
      return c.json({ detail: 'The request body is not valid JSON' }, 400);
    }
    return c.json({ applied: await tracking.brevoEvents(payload) }, 200);
  });

  // Resend's webhooks (bounces and complaints), signed the Svix way with resend_webhook_secret; beside Brevo's (rate-limited with it).
  app.post('/hooks/resend', async (c) => {
    const tracking = c.var.ctx.tracking;
    const body = await c.req.text();
    const headers = { id: c.req.header('svix-id'), timestamp: c.req.header('svix-timestamp'), signature: c.req.header('svix-signature') };
    const auth = await tracking.resendAuth(headers, body);
    if (auth === 'not_configured') return c.json({ detail: "Resend webhooks are not configured: set resend_webhook_secret (the webhook's signing secret, whsec_…) in Settings or OUTREACH_RESEND_WEBHOOK_SECRET" }, 503);
    if (auth !== 'ok') return c.json({ detail: auth.unauthorized }, 401);
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return c.json({ detail: 'The request body is not valid JSON' }, 400);
    }
    return c.json({ applied: (await tracking.resendEvent(payload, headers.id)) ? 1 : 0 }, 200);
  });

  return app;
}

function notFound(c: HonoContext<AppEnv>) {
  return page(c, 404, 'Link not found', '<p>This unsubscribe link is not valid. If you keep receiving emails, reply and ask to be removed.</p>');
}
