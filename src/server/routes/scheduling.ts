import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json } from '../schemas.ts';

const common = { tags: ['Scheduling'], security: bearer, middleware: [requireUser] };

const OptimalTime = z
  .object({
    campaign_id: z.number(),
    industry: z.string(),
    day: z.string(),
    time: z.string(),
    timezone: z.string(),
    confidence: z.number(),
    next_send_time: z.string(),
    reasoning: z.string(),
    based_on_engagements: z.number(),
  })
  .meta({ id: 'OptimalSendTime' });

const TomorrowBest = z
  .object({ industry: z.string(), best_time: z.string(), hour: z.number(), timezone: z.string(), confidence: z.number(), reasoning: z.string() })
  .meta({ id: 'TomorrowBest' });

const forCampaign = createRoute({
  ...common,
  method: 'get',
  path: '/api/campaigns/{id}/optimal-send-time',
  summary: "Best weekly slot for this campaign's industry: learned from your own opens and replies, or general business patterns",
  request: { params: IdParam },
  responses: { 200: json(OptimalTime, 'Best time'), 401: errors[401], 404: errors[404], 422: errors[422] },
});

const tomorrow = createRoute({
  ...common,
  method: 'get',
  path: '/api/scheduling/tomorrow-best/{industry}',
  summary: "Best hour tomorrow for an industry ('general' for all)",
  request: { params: z.object({ industry: z.string().min(1).max(100) }) },
  responses: { 200: json(TomorrowBest, 'Best time tomorrow'), 401: errors[401], 422: errors[422] },
});

export function schedulingRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(forCampaign, async (c) => c.json(await c.var.ctx.scheduling.forCampaign(c.req.valid('param').id), 200))
    .openapi(tomorrow, async (c) => c.json(await c.var.ctx.scheduling.tomorrowBest(c.req.valid('param').industry), 200));
}
