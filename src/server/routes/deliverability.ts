// The sending domain (admins, as every email setting): its last check of SPF, DKIM, DMARC,
// MX and the DNS blocklists, and a check made now through the configured DNS.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus } from '../../core/model/sending-domain.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireUser, requireAdmin] };
const refused = { 401: errors[401], 403: errors[403] };

const routes = {
  status: createRoute({
    ...admin,
    method: 'get',
    path: '/api/deliverability',
    summary: "The sender configured now and its sending domain's last check (SPF, DKIM, DMARC, MX, blocklists); nothing is asked of DNS",
    responses: { 200: json(SendingDomainStatus, 'The sender and its last check (report null: not checked yet)'), ...refused },
  }),
  check: createRoute({
    ...admin,
    method: 'post',
    path: '/api/deliverability/check',
    summary: 'Check the sending domain now through the configured DNS (OUTREACH_DNS_SERVER); for SMTP, optionally name the DKIM selector and SPF include first',
    request: { body: { content: { 'application/json': { schema: SendingDomainCheckInput } }, required: false } },
    responses: { 200: json(SendingDomainReport, 'The check, stored as the last one'), 400: errors[400], ...refused, 422: errors[422] },
  }),
};

export function deliverabilityRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.status, async (c) => c.json(await c.var.ctx.sendingDomain.status(c.var.user), 200))
    .openapi(routes.check, async (c) => c.json(await c.var.ctx.sendingDomain.checkNow(c.var.user, c.req.valid('json') ?? {}), 200));
}
