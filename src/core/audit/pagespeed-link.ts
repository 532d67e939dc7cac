// The "check it yourself" link: Google's PageSpeed Insights page for the audited URL, where
// anyone (the agency, the owner) can run the same measurement and see the same bands. Only
// for a page Google can fetch: none for the sandbox's *.localhost sites or a private address.

const PAGESPEED_ANALYSIS = 'https://pagespeed.web.dev/analysis';

/** Names that never resolve on the public internet (RFC 6761, RFC 6762, and the .internal TLD). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|test|invalid)\.?$/i;
/** Loopback, private, link-local and unspecified IPv4 addresses. */
const LOCAL_IPV4 = /^(0|10|127)\.|^169\.254\.|^172\.(1[6-9]|2\d|3[01])\.|^192\.168\./;
/** IPv6 loopback, unspecified, unique-local (fc00::/7) and link-local (fe80::/10), as URL hosts write them. */
const LOCAL_IPV6 = /^\[(::1?|f[cd][0-9a-f]{0,2}:.*|fe[89ab][0-9a-f]?:.*|::ffff:.*)\]$/i;

function publicHost(hostname: string): boolean {
  if (LOCAL_NAME.test(hostname)) return false;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return !LOCAL_IPV4.test(hostname);
  if (hostname.startsWith('[')) return !LOCAL_IPV6.test(hostname);
  return hostname.includes('.');
}

/** https://pagespeed.web.dev/analysis?url=<the URL, encoded>; null for a URL Google cannot fetch (not http(s), or not on the public internet). */
export function pagespeedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!publicHost(parsed.hostname)) return null;
  return `${PAGESPEED_ANALYSIS}?url=${encodeURIComponent(parsed.href)}`;
}
