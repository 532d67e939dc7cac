import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { DraftList, DraftQuery } from '../../core/model/draft.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const list = createRoute({
  tags: ['Drafts'],
  security: bearer,
  middleware: [requireUser],
  method: 'get',
  path: '/api/drafts',
  summary: 'Drafts waiting for review, best quality first, with their count (the sidebar badge)',
  request: { query: DraftQuery },
  responses: { 200: json(DraftList, 'Drafts'), 401: errors[401], 422: errors[422] },
});

export function draftRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(list, async (c) => c.json(await c.var.ctx.drafts.list(c.req.valid('query')), 200));
}
