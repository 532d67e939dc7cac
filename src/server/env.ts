import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from '../app.ts';
import type { StoredUser } from '../core/users/repo.ts';

/** What every request handler can reach: the app context, and the signed-in user on protected routes. */
export interface AppEnv {
  Variables: { ctx: Context; user: StoredUser };
}

export type Router = OpenAPIHono<AppEnv>;
