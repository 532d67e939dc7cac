// One place that turns anything thrown into `{"detail": "..."}` with the right status.
import type { Hook } from '@hono/zod-openapi';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorCode } from '../../core/errors.ts';
import { ProviderError } from '../../core/model/providers.ts';
import { FIELD_LABELS } from '../../core/model/labels.ts';
import { describeIssues } from '../../core/model/validate.ts';
import type { AppEnv } from '../env.ts';

const STATUS: Record<DomainErrorCode, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  quota_exhausted: 429,
};

/** A detail may quote what the caller sent: never more than this of it. */
const DETAIL_MAX = 400;
export const capped = (detail: string) => (detail.length > DETAIL_MAX ? `${detail.slice(0, DETAIL_MAX)}…` : detail);

export function onError(error: Error, c: HonoContext<AppEnv>) {
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds) c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json({ detail: capped(error.message) }, STATUS[error.code]);
  }
  if (error instanceof ProviderError) {
    // An upstream failure is never the caller's 401: that would sign them out.
    return c.json({ detail: `${error.service}: ${error.message}` }, error.kind === 'rate_limited' ? 429 : 502);
  }
  if (error instanceof HTTPException) {
    if (error.status === 415) return c.json({ detail: 'Send the request body as JSON (Content-Type: application/json)' }, 415);
    return c.json({ detail: capped(error.message || 'Request failed') }, error.status);
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ detail: 'Internal server error' }, 500);
}

/** Request validation failures (body, params, query) answer 422 and name the field as the dashboard's form labels it. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) return c.json({ detail: capped(describeIssues(result.error, FIELD_LABELS)) }, 422);
};

/** JSON is read as UTF-8: a body declared in another charset would be misread, so it is refused. */
export const utf8Only: MiddlewareHandler<AppEnv> = async (c, next) => {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(c.req.header('content-type') ?? '')?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) return c.json({ detail: `Send the request body as UTF-8 JSON (charset=utf-8), not ${capped(charset).slice(0, 40)}` }, 415);
  await next();
};
