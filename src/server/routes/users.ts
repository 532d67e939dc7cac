import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CreateUserInput, ResetPasswordInput, UpdateUserInput, User } from '../../core/model/user.ts';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { IdParam, MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const common = {
  tags: ['Users (administrators)'],
  security: bearer,
  middleware: [requireUser, requireAdmin],
};
const refused = { 401: errors[401], 403: errors[403] };

const list = createRoute({
  ...common,
  method: 'get',
  path: '/api/users',
  summary: 'All users',
  responses: { 200: json(z.array(User), 'Users by username'), ...refused },
});

const create = createRoute({
  ...common,
  method: 'post',
  path: '/api/users',
  summary: 'Create a user',
  request: jsonBody(CreateUserInput),
  responses: { 201: json(User, 'Created'), ...refused, 409: errors[409], 422: errors[422] },
});

const update = createRoute({
  ...common,
  method: 'patch',
  path: '/api/users/{id}',
  summary: "Update a user's email, full name, role or active state (the username cannot change)",
  request: { params: IdParam, ...jsonBody(UpdateUserInput) },
  responses: { 200: json(User, 'Updated'), 400: errors[400], ...refused, 404: errors[404], 409: errors[409], 422: errors[422] },
});

const remove = createRoute({
  ...common,
  method: 'delete',
  path: '/api/users/{id}',
  summary: 'Delete a user (not yourself)',
  request: { params: IdParam },
  responses: { 200: json(MessageBody, 'Deleted'), 400: errors[400], ...refused, 404: errors[404], 409: errors[409] },
});

const resetPassword = createRoute({
  ...common,
  method: 'post',
  path: '/api/users/{id}/reset-password',
  summary: "Set a user's password; their sessions end",
  request: { params: IdParam, ...jsonBody(ResetPasswordInput) },
  responses: { 200: json(MessageBody, 'Password reset'), ...refused, 404: errors[404], 422: errors[422] },
});

export function userRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(list, async (c) => c.json(await c.var.ctx.users.list(c.var.user), 200))
    .openapi(create, async (c) => c.json(await c.var.ctx.users.create(c.var.user, c.req.valid('json')), 201))
    .openapi(update, async (c) =>
      c.json(await c.var.ctx.users.update(c.var.user, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(remove, async (c) => {
      await c.var.ctx.users.delete(c.var.user, c.req.valid('param').id);
      return c.json({ message: 'User deleted' }, 200);
    })
    .openapi(resetPassword, async (c) => {
      const { id } = c.req.valid('param');
      await c.var.ctx.users.resetPassword(c.var.user, id, c.req.valid('json').new_password);
      return c.json({ message: 'Password reset' }, 200);
    });
}
