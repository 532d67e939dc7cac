import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { EmailIds, EmailPage, EmailQuery, ScheduleSmart, SendNowResult } from '../../core/model/email.ts';
import { ThreadEmail } from '../../core/model/sequence.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json, jsonBody } from '../schemas.ts';

const common = { tags: ['Emails'], security: bearer, middleware: [requireUser] };
const bulk = (summary: string, path: string, result: z.ZodType) =>
  createRoute({ ...common, method: 'post', path, summary, request: jsonBody(EmailIds), responses: { 200: json(result, 'Done'), 401: errors[401], 422: errors[422] } });

const list = createRoute({
  ...common,
  method: 'get',
  path: '/api/emails',
  summary: 'Generated emails, newest first (sent, else scheduled, else created), optionally by status and campaign; keyset pages: pass next_cursor as cursor',
  request: { query: EmailQuery },
  responses: { 200: json(EmailPage, 'One page of emails'), 401: errors[401], 422: errors[422] },
});

const sendNow = createRoute({
  ...common,
  method: 'post',
  path: '/api/emails/{id}/send-now',
  summary: 'Send one email at once (sending toggle, suppression list and quota still apply)',
  request: { params: IdParam },
  responses: {
    200: json(SendNowResult, 'Sent (or, with no provider configured, written to the local outbox)'),
    401: errors[401],
    404: errors[404],
    409: errors[409],
    422: errors[422],
    429: errors[429],
    502: errors[502],
  },
});

const thread = createRoute({
  ...common,
  method: 'get',
  path: '/api/emails/{id}/thread',
  summary: "The email's thread: every step written to its lead in its campaign, first step first (a follow-up is shown under the emails it answers)",
  request: { params: IdParam },
  responses: { 200: json(z.object({ items: z.array(ThreadEmail) }), 'The thread'), 401: errors[401], 404: errors[404], 422: errors[422] },
});

const bulkSend = bulk('Release emails for sending now; the sender sends them in turn at the configured pace', '/api/emails/bulk-send', z.object({ queued_count: z.number(), campaigns_processed: z.number() }));
const bulkPause = bulk('Pause queued emails (they stay until sent or deleted)', '/api/emails/bulk-pause', z.object({ paused_count: z.number() }));
const bulkDelete = bulk('Delete emails that have not been sent (sent ones keep their history)', '/api/emails/bulk-delete', z.object({ deleted_count: z.number(), skipped_count: z.number() }));

const scheduleSmart = createRoute({
  ...common,
  method: 'post',
  path: '/api/emails/schedule-smart',
  summary: "Queue emails for the industry's best hour tomorrow (or the next sending window)",
  request: jsonBody(ScheduleSmart),
  responses: { 200: json(z.object({ email_count: z.number(), scheduled_for: z.string(), industry: z.string() }), 'Scheduled'), 401: errors[401], 422: errors[422] },
});

export function emailRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(list, async (c) => c.json(await c.var.ctx.emails.list(c.req.valid('query')), 200))
    .openapi(sendNow, async (c) => c.json(await c.var.ctx.emails.sendNow(c.req.valid('param').id), 200))
    .openapi(thread, async (c) => {
      const email = await c.var.ctx.emails.get(c.req.valid('param').id);
      return c.json({ items: await c.var.ctx.sequences.thread(email) }, 200);
    })
    .openapi(bulkSend, async (c) => c.json(await c.var.ctx.emails.bulkSend(c.req.valid('json').email_ids), 200))
    .openapi(bulkPause, async (c) => c.json(await c.var.ctx.emails.bulkPause(c.req.valid('json').email_ids), 200))
    .openapi(bulkDelete, async (c) => c.json(await c.var.ctx.emails.bulkDelete(c.req.valid('json').email_ids), 200))
    .openapi(scheduleSmart, async (c) => {
      const body = c.req.valid('json');
      return c.json(await c.var.ctx.emails.scheduleSmart(body.email_ids, body.industry, body.schedule_for_tomorrow), 200);
    });
}
