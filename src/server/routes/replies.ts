// Replies: check the mailbox now, and the Replies inbox (list, unread badge, open a reply in
// its thread, correct its class, the AI's proposed answer, answer in the thread). Any
// signed-in user, like the Outreach screen's routes.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { ReplyCheck } from '../../core/model/reply-detection.ts';
import {
  ReplyAnswerInput,
  ReplyAnswerResult,
  ReplyCorrection,
  ReplyDetail,
  ReplyDraftResult,
  ReplyItem,
  ReplyPage,
  ReplyQuery,
  UnreadCount,
} from '../../core/model/reply-inbox.ts';
import { replyItem, threadEntries } from '../../core/replies/index.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, bearer, errors, json, jsonBody } from '../schemas.ts';

const common = { tags: ['Replies'], security: bearer, middleware: [requireUser] };

const check = createRoute({
  ...common,
  method: 'post',
  path: '/api/replies/check',
  summary: 'Check the IMAP mailbox for replies now: stores and classifies matched replies, marks replied emails and leads, notes automatic replies, honours "unsubscribe" mails',
  responses: {
    200: json(ReplyCheck, 'What the check found (configured: false when no mailbox is set up)'),
    400: errors[400],
    401: errors[401],
    502: errors[502],
  },
});

const list = createRoute({
  ...common,
  method: 'get',
  path: '/api/replies',
  summary: 'Replies to our emails, newest first, optionally unread only or of one class; keyset pages: pass next_cursor as cursor',
  request: { query: ReplyQuery },
  responses: { 200: json(ReplyPage, 'One page of replies'), 400: errors[400], 401: errors[401], 422: errors[422] },
});

const unread = createRoute({
  ...common,
  method: 'get',
  path: '/api/replies/unread-count',
  summary: 'How many replies nobody has opened yet (the sidebar badge)',
  responses: { 200: json(UnreadCount, 'The count'), 401: errors[401] },
});

const open = createRoute({
  ...common,
  method: 'get',
  path: '/api/replies/{id}',
  summary: 'Open a reply: marks it read and returns it with its thread (our emails, their replies, our answers, oldest first)',
  request: { params: IdParam },
  responses: { 200: json(ReplyDetail, 'The reply and its thread'), 401: errors[401], 404: errors[404], 422: errors[422] },
});

const correct = createRoute({
  ...common,
  method: 'patch',
  path: '/api/replies/{id}',
  summary: "Correct a reply's class and/or sentiment: kept (the AI never overwrites it); the new class acts (unsubscribe suppresses, interest moves the deal)",
  request: { params: IdParam, ...jsonBody(ReplyCorrection) },
  responses: { 200: json(ReplyItem, 'The corrected reply'), 400: errors[400], 401: errors[401], 404: errors[404], 422: errors[422] },
});

const classify = createRoute({
  ...common,
  method: 'post',
  path: '/api/replies/{id}/classify',
  summary: "Ask the AI provider for the class again (after a refused answer); an operator's class is kept",
  request: { params: IdParam },
  responses: { 200: json(ReplyItem, 'The reply'), 401: errors[401], 404: errors[404], 422: errors[422] },
});

const draft = createRoute({
  ...common,
  method: 'post',
  path: '/api/replies/{id}/draft',
  summary: "The AI provider's proposed answer, for the editor: never sent without the operator",
  request: { params: IdParam },
  responses: { 200: json(ReplyDraftResult, 'The proposal'), 400: errors[400], 401: errors[401], 404: errors[404], 422: errors[422], 429: errors[429], 502: errors[502] },
});

const answer = createRoute({
  ...common,
  method: 'post',
  path: '/api/replies/{id}/answer',
  summary: 'Send an answer in the reply\'s thread (In-Reply-To their Message-ID, References the chain) through the configured mail provider',
  request: { params: IdParam, ...jsonBody(ReplyAnswerInput) },
  responses: { 200: json(ReplyAnswerResult, 'Sent'), 400: errors[400], 401: errors[401], 404: errors[404], 409: errors[409], 422: errors[422], 429: errors[429], 502: errors[502] },
});

export function replyRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(check, async (c) => c.json(await c.var.ctx.replies.poll(), 200))
    .openapi(list, async (c) => {
      const q = c.req.valid('query');
      const page = await c.var.ctx.inbox.list({ cursor: q.cursor, limit: q.limit, unread: q.unread, class: q.class });
      return c.json({ items: page.items.map(replyItem), next_cursor: page.nextCursor }, 200);
    })
    .openapi(unread, async (c) => c.json({ unread: await c.var.ctx.inbox.unreadCount() }, 200))
    .openapi(open, async (c) => {
      const { reply, thread } = await c.var.ctx.inbox.open(c.req.valid('param').id);
      return c.json({ reply: replyItem(reply), thread: threadEntries(thread), signature: await c.var.ctx.answers.signature(reply) }, 200);
    })
    .openapi(correct, async (c) => c.json(replyItem(await c.var.ctx.inbox.correct(c.req.valid('param').id, c.req.valid('json'))), 200))
    .openapi(classify, async (c) => c.json(replyItem(await c.var.ctx.inbox.reclassify(c.req.valid('param').id)), 200))
    .openapi(draft, async (c) => c.json(await c.var.ctx.answers.draft(c.req.valid('param').id), 200))
    .openapi(answer, async (c) => c.json(await c.var.ctx.answers.answer(c.req.valid('param').id, c.req.valid('json').body, c.var.user.username), 200));
}
