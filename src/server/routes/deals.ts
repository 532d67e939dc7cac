import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { DomainError } from '../../core/errors.ts';
import { DealBoard, DealsQuery, UpdateDealInput } from '../../core/model/deal.ts';
import { Lead } from '../../core/model/lead.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { capped, validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json, jsonBody } from '../schemas.ts';

// Deals are worked by every signed-in operator, like the leads they belong to.
const common = { tags: ['Deals'], security: bearer, middleware: [requireUser] };

const routes = {
  update: createRoute({
    ...common,
    method: 'patch',
    path: '/api/leads/{id}/deal',
    summary: "Change the lead's deal: stage (won is the status CONVERTED), value, owner (a username), notes; each change is an interaction in its history",
    request: { params: IdParam, ...jsonBody(UpdateDealInput) },
    responses: { 200: json(Lead, 'The lead now'), 401: errors[401], 404: errors[404], 409: errors[409], 422: errors[422] },
  }),
  board: createRoute({
    ...common,
    method: 'get',
    path: '/api/deals',
    summary: 'The deal board: leads with a deal by stage (company, campaign, value, owner, days in stage), with counts and total value per column',
    request: { query: DealsQuery },
    responses: { 200: json(DealBoard, 'The columns'), 401: errors[401], 422: errors[422] },
  }),
};

export function dealRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.update, async (c) => {
      const { id } = c.req.valid('param');
      try {
        await c.var.ctx.deals.update(c.var.user, id, c.req.valid('json'));
      } catch (error) {
        // A value the deal rules refuse (an owner who is no user, no stage for a new deal) is as unprocessable as a malformed one.
        if (error instanceof DomainError && error.code === 'invalid') return c.json({ detail: capped(error.message) }, 422);
        throw error;
      }
      return c.json(await c.var.ctx.leads.get(id), 200);
    })
    .openapi(routes.board, async (c) => {
      const { stage, assigned_to } = c.req.valid('query');
      return c.json(await c.var.ctx.deals.board({ stage, assignedTo: assigned_to }), 200);
    });
}
