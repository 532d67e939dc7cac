import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { BulkRerunInput, Campaign, CreateCampaignInput, RestartInput, UpdateCampaignInput } from '../../core/model/campaign.ts';
import { CampaignSequenceState } from '../../core/model/sequence.ts';
import { notFound } from '../../core/errors.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const common = { tags: ['Campaigns'], security: bearer, middleware: [requireUser] };
const byId = { params: IdParam };
const missing = { 401: errors[401], 404: errors[404] };

const Progress = z
  .object({
    campaign_id: z.number(),
    status: z.string(),
    phase: z.string().nullable(),
    current_website_url: z.string().nullable(),
    max_results: z.number().nullable(),
    total_leads: z.number().meta({ description: 'Businesses found' }),
    processed_leads: z.number().meta({ description: 'Sites read so far: leads_analysed + leads_failed (a progress bar shows this over total_leads)' }),
    leads_analysed: z.number().meta({ description: 'Sites read and analysed' }),
    leads_failed: z.number().meta({ description: 'Sites that could not be read: not counted as analysed' }),
    emails_generated: z.number(),
    emails_sent: z.number(),
    jobs: z.object({ queued: z.number(), running: z.number(), done: z.number(), failed: z.number(), dlq: z.number() }),
  })
  .meta({ id: 'CampaignProgress' });

const Failures = z
  .object({
    leads_failed: z.number(),
    reasons: z
      .array(z.object({ reason: z.string().meta({ description: "In plain words, e.g. \"the site's certificate is not trusted\"" }), leads: z.number() }))
      .meta({ description: 'Why, most common first (at most 5 reasons)' }),
  })
  .meta({ id: 'CampaignFailures' });

const action = (name: 'start' | 'pause' | 'resume', summary: string) =>
  createRoute({ ...common, method: 'post', path: `/api/campaigns/{id}/${name}`, summary, request: byId, responses: { 200: json(Campaign, 'The campaign now'), ...missing, 409: errors[409] } });

const routes = {
  list: createRoute({ ...common, method: 'get', path: '/api/campaigns', summary: 'All campaigns, newest first, with their performance', responses: { 200: json(z.array(Campaign), 'Campaigns'), 401: errors[401] } }),
  create: createRoute({
    ...common,
    method: 'post',
    path: '/api/campaigns',
    summary: 'Create a campaign (status DRAFT; mode defaults to test); with start: true it starts at once (RUNNING)',
    request: jsonBody(CreateCampaignInput),
    responses: { 201: json(Campaign, 'Created'), 401: errors[401], 422: errors[422] },
  }),
  get: createRoute({ ...common, method: 'get', path: '/api/campaigns/{id}', summary: 'One campaign', request: byId, responses: { 200: json(Campaign, 'The campaign'), ...missing, 422: errors[422] } }),
  update: createRoute({
    ...common,
    method: 'patch',
    path: '/api/campaigns/{id}',
    summary: 'Change campaign fields (its search only while not running)',
    request: { ...byId, ...jsonBody(UpdateCampaignInput) },
    responses: { 200: json(Campaign, 'Updated'), ...missing, 409: errors[409], 422: errors[422] },
  }),
  remove: createRoute({ ...common, method: 'delete', path: '/api/campaigns/{id}', summary: 'Delete a campaign with its leads, emails and activity', request: byId, responses: { 200: json(MessageBody, 'Deleted'), ...missing } }),
  start: action('start', 'DRAFT → RUNNING: search, analyse, draft'),
  pause: action('pause', 'RUNNING → PAUSED: workers stop taking its jobs'),
  resume: action('resume', 'PAUSED → RUNNING'),
  restart: createRoute({
    ...common,
    method: 'post',
    path: '/api/campaigns/{id}/restart',
    summary: 'Continue a finished campaign with new limits from its cached search results (no search quota used)',
    request: { ...byId, ...jsonBody(RestartInput) },
    responses: { 200: json(Campaign, 'Restarted'), ...missing, 409: errors[409], 422: errors[422] },
  }),
  rerun: createRoute({ ...common, method: 'post', path: '/api/campaigns/{id}/rerun', summary: 'Analyse every lead again', request: byId, responses: { 200: json(Campaign, 'Rerunning'), ...missing, 409: errors[409] } }),
  requeue: createRoute({
    ...common,
    method: 'post',
    path: '/api/campaigns/{id}/requeue-leads',
    summary: 'Analyse again the leads that failed or were never analysed',
    request: byId,
    responses: { 200: json(z.object({ leads_requeued: z.number(), campaign: Campaign }), 'Requeued'), ...missing, 409: errors[409] },
  }),
  bulkRerun: createRoute({
    ...common,
    method: 'post',
    path: '/api/campaigns/bulk-rerun',
    summary: 'Rerun several campaigns',
    request: jsonBody(BulkRerunInput),
    responses: { 200: json(z.object({ campaigns_rerun: z.number(), campaigns: z.array(Campaign) }), 'Rerunning'), 401: errors[401], 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
  failures: createRoute({
    ...common,
    method: 'get',
    path: '/api/campaigns/{id}/failures',
    summary: "Why the campaign's failed leads could not be read, most common reason first",
    request: byId,
    responses: { 200: json(Failures, 'Failed leads and their reasons'), ...missing },
  }),
  progress: createRoute({ ...common, method: 'get', path: '/api/campaigns/{id}/progress', summary: 'Where the campaign is', request: byId, responses: { 200: json(Progress, 'Progress'), ...missing } }),
  sequence: createRoute({
    ...common,
    method: 'get',
    path: '/api/campaigns/{id}/sequence',
    summary: "The campaign's sequence as it stands: its settings, each step's emails (sent, waiting, bounced, cancelled because the sequence stopped) and the follow-ups coming due",
    request: byId,
    responses: { 200: json(CampaignSequenceState, 'The sequence'), ...missing },
  }),
};

export function campaignRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.list, async (c) => c.json(await c.var.ctx.campaigns.list(), 200))
    .openapi(routes.create, async (c) => c.json(await c.var.ctx.campaigns.create(c.var.user, c.req.valid('json')), 201))
    .openapi(routes.get, async (c) => c.json(await c.var.ctx.campaigns.get(c.req.valid('param').id), 200))
    .openapi(routes.update, async (c) => c.json(await c.var.ctx.campaigns.update(c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(routes.remove, async (c) => {
      await c.var.ctx.campaigns.delete(c.req.valid('param').id);
      return c.json({ message: 'Campaign deleted' }, 200);
    })
    .openapi(routes.start, async (c) => c.json(await c.var.ctx.campaigns.start(c.req.valid('param').id), 200))
    .openapi(routes.pause, async (c) => c.json(await c.var.ctx.campaigns.pause(c.req.valid('param').id), 200))
    .openapi(routes.resume, async (c) => c.json(await c.var.ctx.campaigns.resume(c.req.valid('param').id), 200))
    .openapi(routes.restart, async (c) => c.json(await c.var.ctx.campaigns.restart(c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(routes.rerun, async (c) => c.json(await c.var.ctx.campaigns.rerun(c.req.valid('param').id), 200))
    .openapi(routes.requeue, async (c) => c.json(await c.var.ctx.campaigns.requeueLeads(c.req.valid('param').id), 200))
    .openapi(routes.bulkRerun, async (c) => {
      const campaigns = await c.var.ctx.campaigns.bulkRerun(c.req.valid('json').campaign_ids);
      return c.json({ campaigns_rerun: campaigns.length, campaigns }, 200);
    })
    .openapi(routes.progress, async (c) => c.json(await c.var.ctx.campaigns.progress(c.req.valid('param').id), 200))
    .openapi(routes.failures, async (c) => {
      const campaign = await c.var.ctx.campaigns.get(c.req.valid('param').id);
      const reasons = campaign.leads_failed ? await c.var.ctx.campaigns.failureReasons(campaign.id) : [];
      return c.json({ leads_failed: campaign.leads_failed, reasons }, 200);
    })
    .openapi(routes.sequence, async (c) => {
      const state = await c.var.ctx.sequences.campaignState(c.req.valid('param').id);
      if (!state) throw notFound('Campaign not found');
      return c.json(state, 200);
    });
}
