// A request answered before its body was read (a 401, a 404, a 415, a 413) leaves the rest of
// that body on the wire: the connection cannot carry another request, so the answer says
// `Connection: close` and the server ends it cleanly instead of dropping it mid-exchange.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';

const hasBody = (headers: Headers) => Number(headers.get('content-length') ?? 0) > 0 || headers.has('transfer-encoding');

export const closeIfBodyUnread: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (hasBody(c.req.raw.headers) && !c.req.raw.bodyUsed) c.header('Connection', 'close');
};
