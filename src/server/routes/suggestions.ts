// AI campaign suggestions: plan (no search call spent), start one, and the insights block.
// Mounted before campaignRoutes so "suggestions" is never read as a campaign {id}.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { Campaign } from '../../core/model/campaign.ts';
import { FromSuggestionInput, PlannerInsights, SuggestionsQuery, SuggestionsResponse } from '../../core/model/suggestion.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json, jsonBody } from '../schemas.ts';

const common = { tags: ['Suggestions'], security: bearer, middleware: [requireUser] };

const routes = {
  suggest: createRoute({
    ...common,
    method: 'get',
    path: '/api/campaigns/suggestions',
    summary: 'Propose campaigns from your history and the search catalogue (uses no search quota), with the monthly search quota',
    request: { query: SuggestionsQuery },
    responses: { 200: json(SuggestionsResponse, 'Suggestions'), 401: errors[401], 422: errors[422] },
  }),
  fromSuggestion: createRoute({
    ...common,
    method: 'post',
    path: '/api/campaigns/from-suggestion',
    summary: 'Create a campaign from a suggestion and start it (max_emails 1-500, default 50; max_results 10-200, default 100)',
    request: jsonBody(FromSuggestionInput),
    responses: { 201: json(Campaign, 'Created and started'), 401: errors[401], 409: errors[409], 422: errors[422] },
  }),
  insights: createRoute({
    ...common,
    method: 'get',
    path: '/api/planner/insights',
    summary: 'Searches run by this account and what its history shows',
    responses: { 200: json(PlannerInsights, 'Insights'), 401: errors[401] },
  }),
};

export function suggestionRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.suggest, async (c) => c.json(await c.var.ctx.suggestions.suggest(c.req.valid('query').count), 200))
    .openapi(routes.fromSuggestion, async (c) => c.json(await c.var.ctx.suggestions.fromSuggestion(c.var.user, c.req.valid('json')), 201))
    .openapi(routes.insights, async (c) => c.json(await c.var.ctx.suggestions.insights(), 200));
}
