import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { Draft, DraftEdit, DraftIds, DraftList, DraftQuery } from '../../core/model/draft.ts';
import { ApproveResult, BulkApprove } from '../../core/model/email.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const common = { tags: ['Drafts'], security: bearer, middleware: [requireUser] };
const refused = { 401: errors[401], 404: errors[404], 409: errors[409] };

const list = createRoute({
  ...common,
  method: 'get',
  path: '/api/drafts',
  summary: 'Drafts waiting for review, best quality first, with their count (the sidebar badge)',
  request: { query: DraftQuery },
  responses: { 200: json(DraftList, 'Drafts'), 401: errors[401], 422: errors[422] },
});

const edit = createRoute({
  ...common,
  method: 'patch',
  path: '/api/drafts/{id}',
  summary: "Edit a draft's subject, body or recipient (the recipient also becomes the lead's contact email)",
  request: { params: IdParam, ...jsonBody(DraftEdit) },
  responses: { 200: json(Draft, 'The draft now'), 400: errors[400], ...refused, 422: errors[422] },
});

const remove = createRoute({
  ...common,
  method: 'delete',
  path: '/api/drafts/{id}',
  summary: 'Delete a draft',
  request: { params: IdParam },
  responses: { 200: json(MessageBody, 'Deleted'), ...refused, 422: errors[422] },
});

const bulkDelete = createRoute({
  ...common,
  method: 'post',
  path: '/api/drafts/bulk-delete',
  summary: 'Delete several drafts (emails no longer in DRAFT are left alone)',
  request: jsonBody(DraftIds),
  responses: { 200: json(z.object({ deleted_count: z.number() }), 'Deleted'), 401: errors[401], 422: errors[422] },
});

const bulkApprove = createRoute({
  ...common,
  method: 'post',
  path: '/api/drafts/bulk-approve',
  summary: "Approve drafts: each goes now when its recipient's sending window is open (on the recipient's clock), else it is queued for the window's next opening. The server decides; schedule_optimally is accepted and ignored. 404 when an id is no draft at all (nothing is approved), 409 when a recipient is invalid, or risky without confirm_risky",
  request: jsonBody(BulkApprove),
  responses: { 200: json(ApproveResult, 'Approved'), 401: errors[401], 404: errors[404], 409: errors[409], 422: errors[422] },
});

export function draftRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(list, async (c) => c.json(await c.var.ctx.drafts.list(c.req.valid('query')), 200))
    .openapi(bulkApprove, async (c) => {
      const body = c.req.valid('json');
      return c.json(await c.var.ctx.emails.approveDrafts(body.draft_ids, { confirmRisky: body.confirm_risky }), 200);
    })
    .openapi(bulkDelete, async (c) => c.json({ deleted_count: await c.var.ctx.drafts.bulkDelete(c.req.valid('json').draft_ids) }, 200))
    .openapi(edit, async (c) => c.json(await c.var.ctx.drafts.edit(c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(remove, async (c) => {
      await c.var.ctx.drafts.delete(c.req.valid('param').id);
      return c.json({ message: 'Draft deleted' }, 200);
    });
}
