// Settings → Reply Detection (admins only): the IMAP mailbox polled for replies, checked
// by logging in before it is saved, and the Brevo webhook's bearer token, shown once.
// Mounted before the generic DELETE /api/settings/{key}, which would otherwise take
// DELETE /api/settings/reply-detection.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { ReplyDetection, ReplyDetectionInput, WebhookToken } from '../../core/model/reply-detection.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const admin = { tags: ['Settings'], security: bearer, middleware: [requireUser, requireAdmin] };
const refused = { 401: errors[401], 403: errors[403] };
const PATH = '/api/settings/reply-detection';

const routes = {
  get: createRoute({
    ...admin,
    method: 'get',
    path: PATH,
    summary: 'The IMAP mailbox polled for replies and the Brevo webhook (never a password or token)',
    responses: { 200: json(ReplyDetection, 'Reply detection'), ...refused },
  }),
  save: createRoute({
    ...admin,
    method: 'post',
    path: PATH,
    summary: 'Save the IMAP mailbox: the login is checked against the server first (connect, open the mailbox read-only)',
    request: jsonBody(ReplyDetectionInput),
    responses: { 200: json(ReplyDetection, 'Checked and saved'), 400: errors[400], ...refused, 409: errors[409], 422: errors[422] },
  }),
  clear: createRoute({
    ...admin,
    method: 'delete',
    path: PATH,
    summary: 'Delete the stored IMAP mailbox: replies are no longer read',
    responses: { 200: json(MessageBody, 'Cleared'), ...refused, 409: errors[409] },
  }),
  token: createRoute({
    ...admin,
    method: 'post',
    path: '/api/settings/brevo-webhook-token',
    summary: 'Generate a new Brevo webhook token (replaces the old one); the answer is the only time it is shown',
    responses: { 200: json(WebhookToken, 'The new token and the URL to give Brevo'), ...refused, 409: errors[409] },
  }),
};

export function replySettingsRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(routes.get, async (c) => c.json(await c.var.ctx.replyDetection.describe(c.var.user), 200))
    .openapi(routes.save, async (c) => c.json(await c.var.ctx.replyDetection.save(c.var.user, c.req.valid('json')), 200))
    .openapi(routes.clear, async (c) => {
      await c.var.ctx.replyDetection.clear(c.var.user);
      return c.json({ message: 'Reply detection configuration cleared' }, 200);
    })
    .openapi(routes.token, async (c) => c.json(await c.var.ctx.replyDetection.generateWebhookToken(c.var.user), 200));
}
