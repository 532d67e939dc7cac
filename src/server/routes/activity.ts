import { wholeNumber } from '../../core/model/validate.ts';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const MAX = 500;

export const ActivityQuery = z.object({
  campaign_id: wholeNumber('campaign_id').optional(),
  limit: wholeNumber('limit', { min: 1, max: MAX }).default(defaults.ui.activity_default_limit),
});

export const ActivityItem = z
  .object({
    id: z.number(),
    type: z.literal('activity'),
    campaign_id: z.number().nullable(),
    lead_id: z.number().nullable(),
    activity_type: z.string().meta({ description: 'search, discover, scrape, contact_found, contact_not_found, analyze, analysis_complete, generate, email_generated, sending, email_sent, error, ...' }),
    status: z.enum(['info', 'success', 'warning', 'error']),
    message: z.string(),
    timestamp: z.string().meta({ description: 'ISO 8601 time' }),
    details: z
      .object({ website: z.string().optional(), subject: z.string().optional(), preview: z.string().optional(), issues: z.array(z.string()).optional(), email_found: z.boolean().optional() })
      .catchall(z.unknown()),
  })
  .meta({ id: 'Activity' });

const list = createRoute({
  tags: ['Activity'],
  security: bearer,
  middleware: [requireUser],
  method: 'get',
  path: '/api/activity',
  summary: 'The activity feed, newest first, optionally for one campaign',
  request: { query: ActivityQuery },
  responses: { 200: json(z.array(ActivityItem), 'Activity items'), 401: errors[401], 422: errors[422] },
});

export function activityRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(list, async (c) => {
    const { limit, campaign_id } = c.req.valid('query');
    return c.json(await c.var.ctx.activity.latest(limit, campaign_id), 200);
  });
}
