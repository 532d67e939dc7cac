import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context as HonoContext } from 'hono';
import { clientAddress } from '../../client-address.ts';
import { ChangePasswordInput, LoginInput, ProfileInput, Session, User } from '../../core/model/user.ts';
import { toUser } from '../../core/users/service.ts';
import type { AppEnv } from '../env.ts';
import { requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { bearer, errors, json, jsonBody } from '../schemas.ts';

const tags = ['Authentication'];

const login = createRoute({
  method: 'post',
  path: '/api/auth/login',
  tags,
  summary: 'Sign in with username and password',
  request: jsonBody(LoginInput),
  responses: {
    200: json(Session, 'Signed in'),
    401: errors[401],
    403: errors[403],
    422: errors[422],
    429: errors[429],
  },
});

const me = createRoute({
  method: 'get',
  path: '/api/auth/me',
  tags,
  summary: 'The signed-in user',
  security: bearer,
  middleware: [requireUser],
  responses: { 200: json(User, 'The signed-in user'), 401: errors[401] },
});

const changePassword = createRoute({
  method: 'post',
  path: '/api/auth/change-password',
  tags,
  summary: 'Change your own password; other sessions are signed out and a fresh token is returned',
  security: bearer,
  middleware: [requireUser],
  request: jsonBody(ChangePasswordInput),
  responses: {
    200: json(Session.extend({ message: ChangePasswordInput.shape.current_password }), 'Password changed'),
    400: errors[400],
    401: errors[401],
    422: errors[422],
  },
});

const profile = createRoute({
  method: 'patch',
  path: '/api/auth/profile',
  tags,
  summary: 'Update your own email and full name',
  security: bearer,
  middleware: [requireUser],
  request: jsonBody(ProfileInput),
  responses: { 200: json(User, 'Updated'), 400: errors[400], 401: errors[401], 422: errors[422] },
});

/**
 * The client's address, for per-address login throttling: the socket peer, or what a trusted
 * proxy reports in X-Forwarded-For (absent in in-process tests, which have no socket).
 */
function loginAddress(c: HonoContext<AppEnv>): string | undefined {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
  return clientAddress(socket, c.req.header('x-forwarded-for'), c.var.ctx.config.trustedProxies);
}

export function authRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(login, async (c) => c.json(await c.var.ctx.users.login(c.req.valid('json'), loginAddress(c)), 200))
    .openapi(me, (c) => c.json(toUser(c.var.user), 200))
    .openapi(changePassword, async (c) => {
      const session = await c.var.ctx.users.changePassword(c.var.user, c.req.valid('json'));
      return c.json({ ...session, message: 'Password changed successfully' }, 200);
    })
    .openapi(profile, async (c) => c.json(await c.var.ctx.users.updateProfile(c.var.user, c.req.valid('json')), 200));
}
