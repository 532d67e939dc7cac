import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { DashboardStats } from '../../core/model/lead.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const stats = createRoute({
  tags: ['Dashboard'],
  security: bearer,
  middleware: [requireUser],
  method: 'get',
  path: '/api/dashboard',
  summary: 'Campaign, lead and email counts, rates in percent (1 decimal) and the 10 newest leads',
  responses: { 200: json(DashboardStats, 'Dashboard stats'), 401: errors[401] },
});

export function dashboardRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(stats, async (c) => c.json(await c.var.ctx.leads.dashboard(), 200));
}
