// Replies: read the reply mailbox now instead of waiting for the next poll (any signed-in user).
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { ReplyCheck } from '../../core/model/reply-detection.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json } from '../schemas.ts';

const check = createRoute({
  tags: ['Replies'],
  security: bearer,
  middleware: [requireUser],
  method: 'post',
  path: '/api/replies/check',
  summary: 'Check the IMAP mailbox for replies now: marks replied emails and leads, notes automatic replies, honours "unsubscribe" mails',
  responses: {
    200: json(ReplyCheck, 'What the check found (configured: false when no mailbox is set up)'),
    400: errors[400],
    401: errors[401],
    502: errors[502],
  },
});

export function replyRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(check, async (c) => c.json(await c.var.ctx.replies.poll(), 200));
}
