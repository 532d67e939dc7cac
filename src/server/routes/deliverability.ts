// The sending domain (admins, as every email setting): its last check of SPF, DKIM, DMARC,
// MX and the DNS blocklists, and a check made now through the configured DNS; what refuses
// live sending from it, the operator's override of the SPF/DKIM rule and acknowledgements of
// blocklist listings (each recorded with who and when).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { SendingDomainCheckInput, SendingDomainReport, SendingDomainStatus } from '../../core/model/sending-domain.ts';
import type { StoredUser } from '../../core/users/repo.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireUser, requireAdmin] };
const refused = { 401: errors[401], 403: errors[403] };
const DomainParam = z.object({ domain: z.string().max(253).meta({ description: 'The sending domain (the part of the from-address after @)', example: 'agency.com' }) });
const DomainQuery = z.object({ domain: z.string().max(253).optional().meta({ description: "Another from-domain sent through the configured provider (default: the configured sender's)" }) });
const status = (what: string) => json(SendingDomainStatus, `${what}; the sending domain's status after it`);

const routes = {
  status: createRoute({
    ...admin,
    method: 'get',
    path: '/api/deliverability',
    summary: "The sender configured now and its sending domain's last check (SPF, DKIM, DMARC, MX, blocklists), what refuses its live sending, the override and the acknowledged listings; nothing is asked of DNS",
    request: { query: DomainQuery },
    responses: { 200: json(SendingDomainStatus, 'The sender and its last check (report null: not checked yet)'), ...refused, 422: errors[422] },
  }),
  check: createRoute({
    ...admin,
    method: 'post',
    path: '/api/deliverability/check',
    summary: 'Check the sending domain now through the configured DNS (OUTREACH_DNS_SERVER); for SMTP, optionally name the DKIM selector and SPF include first',
    request: { body: { content: { 'application/json': { schema: SendingDomainCheckInput } }, required: false } },
    responses: { 200: json(SendingDomainReport, 'The check, stored as the last one'), 400: errors[400], ...refused, 422: errors[422] },
  }),
  override: createRoute({
    ...admin,
    method: 'put',
    path: '/api/deliverability/overrides/{domain}',
    summary:
      'Override the rule that refuses live sending from a domain whose SPF or DKIM is missing or wrong (recorded with who and when). Gmail and Yahoo reject or junk unauthenticated bulk mail, and each rejection costs the domain reputation',
    request: { params: DomainParam },
    responses: { 200: status('The override recorded (an existing one is kept as it was)'), 400: errors[400], ...refused, 422: errors[422] },
  }),
  clearOverride: createRoute({
    ...admin,
    method: 'delete',
    path: '/api/deliverability/overrides/{domain}',
    summary: 'End the override: SPF and DKIM must pass again before live sending from the domain',
    request: { params: DomainParam },
    responses: { 200: status('The override removed'), 400: errors[400], ...refused, 409: errors[409], 422: errors[422] },
  }),
  acknowledge: createRoute({
    ...admin,
    method: 'post',
    path: '/api/deliverability/acknowledgements/{domain}',
    summary: "Acknowledge the blocklist listings found by the domain's last check (recorded: who, when, which listing, and in the feed): they no longer pause its live sending; a new listing does",
    request: { params: DomainParam },
    responses: { 200: status('The listings acknowledged'), 400: errors[400], ...refused, 409: errors[409], 422: errors[422] },
  }),
};

const operator = (user: StoredUser) => ({ id: user.id, role: user.role, name: user.username });

export function deliverabilityRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.status, async (c) => c.json(await c.var.ctx.sendingDomain.status(c.var.user, c.req.valid('query').domain), 200))
    .openapi(routes.check, async (c) => c.json(await c.var.ctx.sendingDomain.checkNow(c.var.user, c.req.valid('json') ?? {}), 200))
    .openapi(routes.override, async (c) => c.json(await c.var.ctx.sendingDomain.overrideAuth(operator(c.var.user), c.req.valid('param').domain), 200))
    .openapi(routes.clearOverride, async (c) => c.json(await c.var.ctx.sendingDomain.clearOverride(operator(c.var.user), c.req.valid('param').domain), 200))
    .openapi(routes.acknowledge, async (c) => c.json(await c.var.ctx.sendingDomain.acknowledge(operator(c.var.user), c.req.valid('param').domain), 200));
}
