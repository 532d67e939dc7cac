// The HTTP application: the REST API under /api, its OpenAPI document, and the dashboard.
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Context } from '../app.ts';
import type { AppEnv } from './env.ts';
import { contentSecurityPolicy } from './middleware/csp.ts';
import { onError, utf8Only, validationHook } from './middleware/errors.ts';
import { closeIfBodyUnread } from './middleware/unread-body.ts';
import { authRoutes } from './routes/auth.ts';
import { activityRoutes } from './routes/activity.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { suggestionRoutes } from './routes/suggestions.ts';
import { emailRoutes } from './routes/emails.ts';
import { draftRoutes } from './routes/drafts.ts';
import { schedulingRoutes } from './routes/scheduling.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { exportRoutes } from './routes/exports.ts';
import { leadRoutes } from './routes/leads.ts';
import { auditRoutes } from './routes/audits.ts';
import { dealRoutes } from './routes/deals.ts';
import { IMPORT_PATHS, leadImportRoutes } from './routes/lead-import.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { settingsRoutes } from './routes/settings.ts';
import { replySettingsRoutes } from './routes/reply-settings.ts';
import { replyRoutes } from './routes/replies.ts';
import { usageRoutes } from './routes/usage.ts';
import { userRoutes } from './routes/users.ts';
import { serveDashboard } from './static.ts';
import type { LiveHub } from './live-hub.ts';
import { liveRoutes } from './routes/live.ts';
import { crossOriginPixel, trackingRoutes } from './routes/tracking.ts';
import { reportPageHeaders, reportRoutes } from './routes/reports.ts';
import { reportPreviewRoutes } from './routes/report-preview.ts';
import { pitchPreviewRoutes } from './routes/pitch-preview.ts';
import { sendingGuardRoutes } from './routes/sending-guards.ts';
import { deliverabilityRoutes } from './routes/deliverability.ts';
import { mailboxRoutes } from './routes/mailboxes.ts';

/** `live`: the live channel's hub, when the app runs on a real server (not in app.request tests). */
export function createApp(ctx: Context, live?: LiveHub) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(onError);
  // The OAuth2 pop-up comes back from Google to this page and must still reach its
  // opener: it gets no opener isolation. (Registered first: secureHeaders writes its
  // headers after the handler and would otherwise overwrite this one.)
  app.use('/oauth2/google-ads/callback', async (c, next) => {
    await next();
    c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
  });
  app.use('/t/o/*', crossOriginPixel);
  app.use('/r/*', reportPageHeaders); // the report pages' own, stricter policy (no script at all)
  // One Content-Security-Policy for every answer (src/server/middleware/csp.ts says why each source is there).
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
      xFrameOptions: 'DENY', // as frame-ancestors 'none', for browsers that predate it
      contentSecurityPolicy,
    }),
  );
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  app.use('/api/*', closeIfBodyUnread);
  const jsonBodyLimit = bodyLimit({
    maxSize: ctx.config.bodyLimitBytes,
    onError: (c) => {
      // The rest of the body is not read: the connection cannot carry another request.
      c.header('Connection', 'close');
      return c.json({ detail: `Request body is larger than ${ctx.config.bodyLimitBytes} bytes` }, 413);
    },
  });
  // A lead list upload streams under its own, larger cap (src/server/routes/lead-import.ts). A
  // GET or HEAD has no body to limit (asking builds the whole Request: 20 µs a list page).
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || IMPORT_PATHS.has(c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.use('/api/*', utf8Only);

  app.route('/', authRoutes());
  app.route('/', userRoutes());
  app.route('/', replySettingsRoutes()); // before settingsRoutes: its DELETE /api/settings/{key} would match first
  app.route('/', settingsRoutes());
  app.route('/', deliverabilityRoutes());
  app.route('/', mailboxRoutes());
  app.route('/', replyRoutes());
  app.route('/', usageRoutes());
  app.route('/', oauthRoutes());
  app.route('/', suggestionRoutes()); // before campaignRoutes: /api/campaigns/{id} would take 'suggestions'
  app.route('/', campaignRoutes());
  app.route('/', sendingGuardRoutes());
  app.route('/', draftRoutes());
  app.route('/', emailRoutes());
  app.route('/', schedulingRoutes());
  app.route('/', leadImportRoutes()); // before leadRoutes: /api/leads/{id} would take 'import'
  app.route('/', leadRoutes());
  app.route('/', auditRoutes());
  app.route('/', reportPreviewRoutes());
  app.route('/', pitchPreviewRoutes());
  app.route('/', dealRoutes());
  app.route('/', activityRoutes());
  app.route('/', dashboardRoutes());
  app.route('/', analyticsRoutes());
  app.route('/', exportRoutes());
  // Public (no sign-in): pixel, tracked links, unsubscribe, Brevo webhook. Before the SPA fallback.
  app.route('/', trackingRoutes());
  // Public: the leads' personal report pages (signed, expiring links).
  app.route('/', reportRoutes());

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access_token from POST /api/auth/login',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Outreach API',
      version: '1',
      description: 'Every error answers {"detail": "..."} with a 4xx status that names the problem.',
    },
  });
  app.all('/api/*', (c) => c.json({ detail: `No such API route: ${c.req.method} ${c.req.path}` }, 404));

  if (live) app.route('/', liveRoutes(live));
  serveDashboard(app, ctx.config.webDist);
  return app;
}
