import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { SummaryQuery, UsageSummary, UsageToday } from '../../core/model/usage.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const common = { tags: ['Usage'], security: bearer, middleware: [requireUser] };

const today = createRoute({
  ...common,
  method: 'get',
  path: '/api/usage/today',
  summary: 'Usage against the quotas: emails (rolling 24 h), search calls (this month), AI tokens (today, UTC)',
  responses: { 200: json(UsageToday, 'Usage today'), 401: errors[401] },
});

const summary = createRoute({
  ...common,
  method: 'get',
  path: '/api/usage/summary',
  summary: 'Usage and estimated cost per service and operation over the last N days',
  request: { query: SummaryQuery },
  responses: { 200: json(UsageSummary, 'Summary'), 401: errors[401], 422: errors[422] },
});

export function usageRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(today, async (c) => c.json(await c.var.ctx.usage.today(), 200))
    .openapi(summary, async (c) => c.json(await c.var.ctx.usage.summary(c.req.valid('query').days), 200));
}
