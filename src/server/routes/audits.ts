// A lead's site audit (the figures with their public bands, the screenshots, the "check it
// yourself" link) for every signed-in user, as the lead itself; and, for administrators, whether
// this host can run the local audit (Chromium) and which auditor is active.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AuditView, auditView } from '../../core/audit/view.ts';
import { notFound } from '../../core/errors.ts';
import { wholeNumber } from '../../core/model/validate.ts';
import { chromePathOf, chromiumStatus } from '../../providers/audit/chromium-status.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json } from '../schemas.ts';

const common = { tags: ['Leads'], security: bearer, middleware: [requireUser] };
const missing = { 401: errors[401], 404: errors[404], 422: errors[422] };

const ScreenshotParams = z.object({
  id: wholeNumber('id'),
  kind: z.enum(['mobile', 'desktop'], { error: 'kind must be mobile or desktop' }),
});

const AuditSettings = z
  .object({
    chromium: z.object({
      available: z.boolean(),
      path: z.string(),
      hint: z.string().nullable().describe('How to install Chromium when it is missing; null when it is there'),
    }),
    provider: z.enum(['lighthouse', 'psi']).describe('psi: PageSpeed Insights on the Google API key; lighthouse: local Chromium'),
  })
  .meta({ id: 'AuditSettings' });

const routes = {
  audit: createRoute({
    ...common,
    method: 'get',
    path: '/api/leads/{id}/audit',
    summary: "The lead's latest site audit: figures with their public bands, screenshots, and the PageSpeed Insights link (404 before one exists)",
    request: { params: IdParam },
    responses: { 200: json(AuditView, 'The audit'), ...missing },
  }),
  screenshot: createRoute({
    ...common,
    method: 'get',
    path: '/api/leads/{id}/audit/screenshots/{kind}',
    summary: "A screenshot of the lead's site from its latest audit: on a phone (mobile) or a desktop",
    request: { params: ScreenshotParams },
    responses: { 200: { content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } }, description: 'The JPEG' }, ...missing },
  }),
  settings: createRoute({
    tags: ['Settings'],
    security: bearer,
    middleware: [requireUser, requireAdmin],
    method: 'get',
    path: '/api/settings/audit',
    summary: 'Site audits on this host: whether Chromium is installed (with how to install it) and which auditor is active',
    responses: { 200: json(AuditSettings, 'Audit status'), 401: errors[401], 403: errors[403] },
  }),
};

export function auditRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.audit, async (c) => {
      const { id } = c.req.valid('param');
      await c.var.ctx.leads.get(id); // 404 'Lead not found'
      const stored = await c.var.ctx.audits.latest(id);
      if (!stored) throw notFound(`Lead ${id} has not been audited`);
      return c.json(auditView(id, stored), 200);
    })
    .openapi(routes.screenshot, async (c) => {
      const { id, kind } = c.req.valid('param');
      await c.var.ctx.leads.get(id);
      const bytes = await c.var.ctx.audits.screenshot(id, kind);
      if (!bytes) throw notFound(`Lead ${id} has no ${kind} screenshot`);
      return c.body(new Uint8Array(bytes), 200, {
        'content-type': 'image/jpeg',
        'content-length': String(bytes.length),
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
      }) as never;
    })
    .openapi(routes.settings, async (c) => {
      const { config, providers } = c.var.ctx;
      const chromium = await chromiumStatus(chromePathOf(config.env, config.defaults.audit.chrome_path));
      return c.json({ chromium, provider: await providers.auditorKind() }, 200);
    });
}
