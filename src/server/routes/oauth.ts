// The Google Ads OAuth2 flow: the dashboard opens authorization_url in a pop-up; the
// callback page posts the code back; the dashboard sends it here to be exchanged.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context as HonoContext } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { validationHook } from '../middleware/errors.ts';
import { MessageBody, bearer, errors, json, jsonBody } from '../schemas.ts';

const common = { tags: ['Settings'], security: bearer, middleware: [requireUser, requireAdmin] };
const text = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`);

const authorize = createRoute({
  ...common,
  method: 'get',
  path: '/api/oauth2/google-ads/authorize',
  summary: "Google's consent URL for connecting a Google Ads account",
  request: { query: z.object({ client_id: text('client_id') }) },
  responses: {
    200: json(z.object({ authorization_url: z.string(), state: z.string() }), 'Where to send the pop-up'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    422: errors[422],
  },
});

const exchange = createRoute({
  ...common,
  method: 'post',
  path: '/api/oauth2/google-ads/exchange',
  summary: 'Exchange the authorization code for tokens and save the Google Ads account',
  request: jsonBody(
    z
      .object({
        code: text('code'),
        client_id: text('client_id'),
        client_secret: text('client_secret'),
        developer_token: text('developer_token'),
        customer_id: text('customer_id'),
        state: text('state'),
      })
      .meta({ id: 'GoogleAdsExchange' }),
  ),
  responses: { 200: json(MessageBody, 'Connected'), 400: errors[400], 401: errors[401], 403: errors[403], 422: errors[422], 502: errors[502] },
});

/** The page Google redirects back to; it must match what was sent to Google exactly. */
const callbackUrl = (c: HonoContext) => `${new URL(c.req.url).origin}/oauth2/google-ads/callback`;

export function oauthRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(authorize, (c) => c.json(c.var.ctx.googleAds.authorizationUrl(c.var.user, c.req.valid('query').client_id, callbackUrl(c)), 200))
    .openapi(exchange, async (c) => {
      await c.var.ctx.googleAds.exchange(c.var.user, c.req.valid('json'), callbackUrl(c));
      return c.json({ message: 'Google Ads account connected' }, 200);
    });
}
