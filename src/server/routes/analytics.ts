import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { Analytics, AnalyticsQuery } from '../../core/model/analytics.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const report = createRoute({
  tags: ['Analytics'],
  security: bearer,
  middleware: [requireUser],
  method: 'get',
  path: '/api/analytics',
  summary: 'Analytics over the last N days (UTC): rates, funnel, sentiment, campaigns, per-day series, steps and A/B arms, all counted',
  request: { query: AnalyticsQuery },
  responses: { 200: json(Analytics, 'Analytics'), 401: errors[401], 422: errors[422] },
});

export function analyticsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(report, async (c) => {
    const q = c.req.valid('query');
    return c.json(await c.var.ctx.analytics.report(q.days, q.mailbox_id), 200);
  });
}
