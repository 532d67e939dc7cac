// The bounce and complaint guard over HTTP: what is paused and the figures, and the operator's
// resume (recorded in the feed). Resend's signed webhook, a source of complaints, lives with
// the other public endpoints (routes/tracking.ts).
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { CampaignGuard, GuardsState } from '../../core/model/sending-guards.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json } from '../schemas.ts';

const common = { tags: ['Sending guards'], security: bearer, middleware: [requireUser] };

const routes = {
  state: createRoute({
    ...common,
    method: 'get',
    path: '/api/guards',
    summary: 'The bounce and complaint guard: whether live sending is paused, the paused campaigns (each with its reason and figures), the thresholds',
    responses: { 200: json(GuardsState, 'The guard now'), 401: errors[401] },
  }),
  campaign: createRoute({
    ...common,
    method: 'get',
    path: '/api/guards/campaigns/{id}',
    summary: "One campaign's guard: its pause, if any, and the hard-bounce and complaint figures over its window",
    request: { params: IdParam },
    responses: { 200: json(CampaignGuard, "The campaign's guard"), 401: errors[401], 404: errors[404], 422: errors[422] },
  }),
  resumeAll: createRoute({
    ...common,
    method: 'post',
    path: '/api/guards/all/resume',
    summary: 'Resume live sending the guard paused (recorded in the feed; the guard reads the sends from now on)',
    responses: { 200: json(GuardsState, 'The guard now'), 401: errors[401], 409: errors[409] },
  }),
  resumeCampaign: createRoute({
    ...common,
    method: 'post',
    path: '/api/guards/campaigns/{id}/resume',
    summary: "Resume a campaign's sending the guard paused (recorded in the feed; the guard reads its sends from now on)",
    request: { params: IdParam },
    responses: { 200: json(GuardsState, 'The guard now'), 401: errors[401], 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
  resumeMailbox: createRoute({
    ...common,
    method: 'post',
    path: '/api/guards/mailboxes/{id}/resume',
    summary: "Resume a mailbox's sending the guard paused (recorded in the feed; the guard reads its sends from now on)",
    request: { params: IdParam },
    responses: { 200: json(GuardsState, 'The guard now'), 401: errors[401], 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
};

export function sendingGuardRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.state, async (c) => c.json(await c.var.ctx.guards.overview(), 200))
    .openapi(routes.campaign, async (c) => {
      const { id } = c.req.valid('param');
      await c.var.ctx.campaigns.get(id); // 404 for a campaign that does not exist
      return c.json(await c.var.ctx.guards.campaign(id), 200);
    })
    .openapi(routes.resumeAll, async (c) => {
      await c.var.ctx.guards.resume({ kind: 'all' }, c.var.user.username);
      return c.json(await c.var.ctx.guards.overview(), 200);
    })
    .openapi(routes.resumeCampaign, async (c) => {
      await c.var.ctx.guards.resume({ kind: 'campaign', campaignId: c.req.valid('param').id }, c.var.user.username);
      return c.json(await c.var.ctx.guards.overview(), 200);
    })
    .openapi(routes.resumeMailbox, async (c) => {
      await c.var.ctx.guards.resume({ kind: 'mailbox', mailboxId: c.req.valid('param').id }, c.var.user.username);
      return c.json(await c.var.ctx.guards.overview(), 200);
    });
}
