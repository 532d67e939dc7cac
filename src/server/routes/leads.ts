import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import { z } from 'zod';
import { Interaction, Lead, LeadAnalysis, LeadDetail, LeadEmail, LeadHistory, LeadListQuery, LeadPage, UpdateLeadStatusInput } from '../../core/model/lead.ts';
import { SequenceState } from '../../core/model/sequence.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

/** A LeadPage the service already wrote as JSON (the leads' texts as the database wrote them), sent as is. */
const jsonText = <T>(c: Context<AppEnv>, text: string) => c.body(text, 200, { 'content-type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;

const common = { tags: ['Leads'], security: bearer, middleware: [requireUser] };
const byId = { params: IdParam };
const missing = { 401: errors[401], 404: errors[404], 422: errors[422] };

const sub = <S extends z.ZodType>(name: string, schema: S, summary: string) =>
  createRoute({ ...common, method: 'get', path: `/api/leads/{id}/${name}`, summary, request: byId, responses: { 200: json(schema, summary), ...missing } });

const routes = {
  // Registered before /api/leads/{id} so the static path is never read as an id.
  bulkWithoutContact: createRoute({
    ...common,
    method: 'delete',
    path: '/api/leads/bulk/without-contact',
    summary: 'Delete the processed leads that have no contact email (leads still being analysed are kept)',
    responses: { 200: json(z.object({ deleted_count: z.number() }), 'How many leads were deleted'), 401: errors[401] },
  }),
  list: createRoute({
    ...common,
    method: 'get',
    path: '/api/leads',
    summary: 'Leads matching the filters, one keyset page at a time',
    request: { query: LeadListQuery },
    responses: { 200: json(LeadPage, 'A page of leads'), 400: errors[400], 401: errors[401], 422: errors[422] },
  }),
  get: createRoute({ ...common, method: 'get', path: '/api/leads/{id}', summary: 'One lead, with the check of its contact email', request: byId, responses: { 200: json(LeadDetail, 'The lead'), ...missing } }),
  remove: createRoute({
    ...common,
    method: 'delete',
    path: '/api/leads/{id}',
    summary: 'Delete a lead with its analysis, emails and interactions',
    request: byId,
    responses: { 200: json(MessageBody, 'Deleted'), ...missing },
  }),
  analysis: sub('analysis', LeadAnalysis, "The website analysis (404 'No analysis data available' before one exists)"),
  emails: sub('emails', z.array(LeadEmail), 'Emails written for the lead, oldest first'),
  interactions: sub('interactions', z.array(Interaction), 'Interactions with the lead, oldest first'),
  history: sub('history', LeadHistory, 'The lead, its analysis, emails and interactions newest first, and counts'),
  sequence: sub('sequence', SequenceState.nullable(), "Where the lead is in its campaign's sequence: the steps written, the next one's due time, why it stopped (null before any email)"),
  status: createRoute({
    ...common,
    method: 'patch',
    path: '/api/leads/{id}/status',
    summary: 'Set the status by hand (recorded as a status_change interaction and in the activity feed)',
    request: { ...byId, ...jsonBody(UpdateLeadStatusInput) },
    responses: { 200: json(Lead, 'The lead now'), ...missing },
  }),
};

export function leadRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.bulkWithoutContact, async (c) => c.json(await c.var.ctx.leads.deleteWithoutContact(), 200))
    .openapi(routes.list, async (c) => jsonText<LeadPage>(c, await c.var.ctx.leads.listText(c.req.valid('query'))))
    .openapi(routes.get, async (c) => {
      const lead = await c.var.ctx.leads.get(c.req.valid('param').id);
      return c.json({ ...lead, contact_email_check: await c.var.ctx.recipients.forAddress(lead.contact_email) }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await c.var.ctx.leads.delete(c.req.valid('param').id);
      return c.json({ message: 'Lead deleted' }, 200);
    })
    .openapi(routes.analysis, async (c) => c.json(await c.var.ctx.leads.analysis(c.req.valid('param').id), 200))
    .openapi(routes.emails, async (c) => c.json(await c.var.ctx.leads.emails(c.req.valid('param').id), 200))
    .openapi(routes.interactions, async (c) => c.json(await c.var.ctx.leads.interactions(c.req.valid('param').id), 200))
    .openapi(routes.history, async (c) => c.json(await c.var.ctx.leads.history(c.req.valid('param').id), 200))
    .openapi(routes.sequence, async (c) => {
      const { id } = c.req.valid('param');
      await c.var.ctx.leads.get(id); // 404 for a lead that does not exist
      return c.json(await c.var.ctx.sequences.state(id), 200);
    })
    .openapi(routes.status, async (c) => c.json(await c.var.ctx.leads.updateStatus(c.var.user, c.req.valid('param').id, c.req.valid('json').status), 200));
}
