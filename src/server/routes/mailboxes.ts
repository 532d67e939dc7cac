// The sending mailboxes over HTTP (src/core/mailboxes): listed with today's allowance and ramp
// day by any signed-in user (a campaign's mailboxes are chosen among them), created, changed,
// tested, paused, resumed and removed by admins, as every email setting. Credentials go in and
// are never returned. A campaign's mailboxes ([]: all of them) are set like its other fields.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { CampaignMailboxesInput, Mailbox, MailboxInput, MailboxUpdate } from '../../core/model/mailboxes.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const tags = ['Mailboxes'];
const user = { tags, security: bearer, middleware: [requireUser] };
const admin = { tags, security: bearer, middleware: [requireUser, requireAdmin] };
const refused = { 401: errors[401], 403: errors[403] };
const byId = { params: IdParam };

const PauseInput = z
  .object({ reason: z.string({ error: 'reason must be text' }).trim().max(300, 'reason must be at most 300 characters').optional() })
  .strict()
  .meta({ id: 'MailboxPauseInput' });
const CampaignMailboxes = z
  .object({ mailbox_ids: z.array(z.number()).meta({ description: "The mailboxes the campaign's new threads go from; [] (the default): every mailbox" }) })
  .meta({ id: 'CampaignMailboxes' });

const routes = {
  list: createRoute({
    ...user,
    method: 'get',
    path: '/api/mailboxes',
    summary: "The sending mailboxes with today's figures: sent in 24 hours, today's allowance, ramp day, pause, last test and last error (never a credential)",
    responses: { 200: json(z.array(Mailbox), 'The mailboxes, mailbox 1 (Settings → Email) first'), 401: errors[401] },
  }),
  get: createRoute({
    ...user,
    method: 'get',
    path: '/api/mailboxes/{id}',
    summary: 'One mailbox with its figures',
    request: byId,
    responses: { 200: json(Mailbox, 'The mailbox'), 401: errors[401], 404: errors[404], 422: errors[422] },
  }),
  create: createRoute({
    ...admin,
    method: 'post',
    path: '/api/mailboxes',
    summary: "Add a mailbox: its credential is checked against the provider first (a refusal is a 400 with the provider's answer, and nothing is saved); it starts on the ramp unless ramp is false",
    request: jsonBody(MailboxInput),
    responses: { 201: json(Mailbox, 'The new mailbox'), 400: errors[400], ...refused, 422: errors[422] },
  }),
  update: createRoute({
    ...admin,
    method: 'patch',
    path: '/api/mailboxes/{id}',
    summary: "Change a mailbox (a new credential is checked first; daily_cap null removes its cap; ramp true starts the ramp over). Mailbox 1's provider, sender and signature are saved in Settings → Email",
    request: { ...byId, ...jsonBody(MailboxUpdate) },
    responses: { 200: json(Mailbox, 'The mailbox now'), 400: errors[400], ...refused, 404: errors[404], 422: errors[422] },
  }),
  remove: createRoute({
    ...admin,
    method: 'delete',
    path: '/api/mailboxes/{id}',
    summary: 'Remove a mailbox no email waits on (mailbox 1 is Settings → Email and is not removed); its sent threads keep it in their history',
    request: byId,
    responses: { 200: json(MessageBody, 'Removed'), ...refused, 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
  test: createRoute({
    ...admin,
    method: 'post',
    path: '/api/mailboxes/{id}/test',
    summary: "Test the mailbox's connection now (an SMTP login or the provider's API); the provider's answer is kept on the mailbox and shown",
    request: byId,
    responses: { 200: json(Mailbox, 'The mailbox with the test result (test.ok false: refused, with the answer)'), ...refused, 404: errors[404], 422: errors[422] },
  }),
  pause: createRoute({
    ...admin,
    method: 'post',
    path: '/api/mailboxes/{id}/pause',
    summary: "Pause a mailbox: its emails stay queued (other mailboxes still send) until it is resumed; recorded in the feed with the reason",
    request: { ...byId, body: { content: { 'application/json': { schema: PauseInput } }, required: false } },
    responses: { 200: json(Mailbox, 'The mailbox, paused'), ...refused, 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
  resume: createRoute({
    ...admin,
    method: 'post',
    path: '/api/mailboxes/{id}/resume',
    summary: 'Resume a paused mailbox (recorded in the feed)',
    request: byId,
    responses: { 200: json(Mailbox, 'The mailbox, sending again'), ...refused, 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
  campaign: createRoute({
    ...user,
    tags: ['Campaigns'],
    method: 'get',
    path: '/api/campaigns/{id}/mailboxes',
    summary: "The mailboxes a campaign's new threads go from ([]: every mailbox)",
    request: byId,
    responses: { 200: json(CampaignMailboxes, "The campaign's mailboxes"), 401: errors[401], 404: errors[404], 422: errors[422] },
  }),
  setCampaign: createRoute({
    ...user,
    tags: ['Campaigns'],
    method: 'put',
    path: '/api/campaigns/{id}/mailboxes',
    summary: "Choose the mailboxes a campaign's new threads go from ([]: every mailbox); threads already written keep theirs",
    request: { ...byId, ...jsonBody(CampaignMailboxesInput) },
    responses: { 200: json(CampaignMailboxes, "The campaign's mailboxes now"), 400: errors[400], 401: errors[401], 404: errors[404], 422: errors[422] },
  }),
};

export function mailboxRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.list, async (c) => c.json(await c.var.ctx.mailboxes.list(), 200))
    .openapi(routes.get, async (c) => c.json(await c.var.ctx.mailboxes.get(c.req.valid('param').id), 200))
    .openapi(routes.create, async (c) => c.json(await c.var.ctx.mailboxes.create(c.req.valid('json')), 201))
    .openapi(routes.update, async (c) => c.json(await c.var.ctx.mailboxes.update(c.req.valid('param').id, c.req.valid('json'), c.var.user.id), 200))
    .openapi(routes.remove, async (c) => {
      const { id } = c.req.valid('param');
      const { label } = await c.var.ctx.mailboxes.get(id);
      await c.var.ctx.mailboxes.remove(id);
      return c.json({ message: `Mailbox "${label}" removed` }, 200);
    })
    .openapi(routes.test, async (c) => c.json(await c.var.ctx.mailboxes.test(c.req.valid('param').id), 200))
    .openapi(routes.pause, async (c) => c.json(await c.var.ctx.mailboxes.pause(c.req.valid('param').id, c.req.valid('json')?.reason, c.var.user.username), 200))
    .openapi(routes.resume, async (c) => c.json(await c.var.ctx.mailboxes.resume(c.req.valid('param').id, c.var.user.username), 200))
    .openapi(routes.campaign, async (c) => {
      const { id } = c.req.valid('param');
      await c.var.ctx.campaigns.get(id); // 404 for a campaign that does not exist
      return c.json({ mailbox_ids: await c.var.ctx.mailboxes.campaignMailboxes(id) }, 200);
    })
    .openapi(routes.setCampaign, async (c) => {
      const { id } = c.req.valid('param');
      await c.var.ctx.campaigns.get(id);
      return c.json({ mailbox_ids: await c.var.ctx.mailboxes.setCampaignMailboxes(id, c.req.valid('json').mailbox_ids) }, 200);
    });
}
