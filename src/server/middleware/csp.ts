// The Content-Security-Policy every answer carries (dashboard, API, assets, tracking pages,
// errors). Nothing the server hands out needs an inline script or style: the built dashboard
// is one module script plus stylesheets from /assets, the tracking pages link /t/page.css,
// and React's style={} props are applied through the CSSOM, which CSP does not govern.
import type { Context } from 'hono';
import type { secureHeaders } from 'hono/secure-headers';

type ContentSecurityPolicyOptions = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

/** A Host header we are willing to echo into the policy: name or [IPv6] literal, optional port. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The live channel's origins (ws: and wss:, since a TLS-terminating proxy in front of the
 * server makes the page https while the server sees http). CSP Level 3 browsers already let
 * 'self' match them; this is for those that do not.
 */
export function liveOrigins(c: Context): string {
  let host: string | undefined;
  try {
    host = new URL(c.req.url).host;
  } catch {
    host = undefined;
  }
  return host && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

// Why each source is there:
// - default-src 'self': anything not named below (fonts, manifests, media, workers) comes from here only.
// - script-src 'self': the hashed module chunks under /assets; no inline script, no eval. (zod
//   probes for eval when it builds a schema: the dashboard must not bundle zod, see
//   src/core/model/campaign-status.ts; the e2e suite fails on any violation.)
// - style-src 'self': Bulma and the chunk stylesheets from /assets, /t/page.css for tracking pages.
// - img-src 'self' data: blob:: our own images, data: URIs, which CSS libraries use for small icons,
//   and blob: object URLs of bytes the dashboard fetched itself with the bearer token (a lead's
//   audit screenshots: an <img src> cannot send the token; only this origin's scripts make them).
// - connect-src 'self' + ws(s)://<this host>: the API and the live channel (/ws).
// - object-src 'none', base-uri 'none', frame-ancestors 'none' (no plugins, no <base> hijack,
//   no framing: clickjacking), form-action 'self' (the unsubscribe form posts to this server).
export const contentSecurityPolicy: ContentSecurityPolicyOptions = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", liveOrigins],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};
