import { createMiddleware } from 'hono/factory';
import { forbidden } from '../../core/errors.ts';
import { ADMIN_REQUIRED } from '../../core/users/service.ts';
import type { AppEnv } from '../env.ts';

/** Resolves the bearer token to an active user, or answers 401. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const token = header.match(/^Bearer\s+(.+)$/i)?.[1];
  c.set('user', await c.var.ctx.users.authenticate(token));
  await next();
});

/** Admin-only routes answer 403 before looking at the request body. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== 'admin') throw forbidden(ADMIN_REQUIRED);
  await next();
});
