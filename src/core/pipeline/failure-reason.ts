// Why a site could not be read, in words a person understands. The crawler's errors come
// from Node and OpenSSL ("write EPROTO 808C68DA…:error:0A00010B:SSL routines…",
// "getaddrinfo ENOTFOUND …"): this is the one place that turns them into a reason a user
// reads on the lead, in the activity feed and in a campaign's summary. The raw message stays
// in the crawl log and the job's last error, for operators.

/** What an error may carry: Node's `code`, an HTTP `status`, a timeout's `ms`, a `cause`. */
interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  ms?: unknown;
  reason?: unknown;
  disallowed?: unknown;
  cause?: unknown;
}

/** How a lead's error starts when its site could not be read; what follows is the reason. */
export const NOT_ANALYSED = 'Website not analysed: ';

/** The reason part of a lead's error ("Website not analysed: the connection was refused"). */
export const reasonOf = (leadError: string) => (leadError.startsWith(NOT_ANALYSED) ? leadError.slice(NOT_ANALYSED.length) : leadError);

const UNTRUSTED = "the site's certificate is not trusted";

/** TLS certificate codes (Node's `code` on a failed https request) and what they mean. */
const CERTIFICATE: Record<string, string> = {
  CERT_HAS_EXPIRED: "the site's certificate has expired",
  CERT_NOT_YET_VALID: "the site's certificate is not valid yet",
  DEPTH_ZERO_SELF_SIGNED_CERT: `${UNTRUSTED} (it is self-signed)`,
  SELF_SIGNED_CERT_IN_CHAIN: `${UNTRUSTED} (it is self-signed)`,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  CERT_SIGNATURE_FAILURE: UNTRUSTED,
  CERT_UNTRUSTED: UNTRUSTED,
  CERT_REJECTED: UNTRUSTED,
  CERT_REVOKED: "the site's certificate has been revoked",
  ERR_TLS_CERT_ALTNAME_INVALID: "the site's certificate is for another address",
};

/** Network codes (DNS, TCP) and what they mean. */
const NETWORK: Record<string, string> = {
  ENOTFOUND: 'the address does not exist',
  EAI_NONAME: 'the address does not exist',
  EAI_NODATA: 'the address does not exist',
  EAI_AGAIN: 'the address could not be looked up (the name server did not answer)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the site closed the connection',
  EPIPE: 'the site closed the connection',
  EHOSTUNREACH: "the site's server cannot be reached",
  ENETUNREACH: "the site's server cannot be reached",
  EHOSTDOWN: "the site's server cannot be reached",
};

const seconds = (ms: number) => {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
};

/** "the site did not answer in 15 s" (or without a figure when none is known). */
const timeout = (ms?: number) => (ms && ms > 0 ? `the site did not answer in ${seconds(ms)}` : 'the site did not answer in time');

/** What an HTTP status says about reading the site. */
export function httpStatusReason(status: number): string {
  if (status === 404 || status === 410) return `the page does not exist (HTTP ${status})`;
  if (status === 401 || status === 403) return `the site refuses access (HTTP ${status})`;
  if (status === 429) return 'the site asked us to slow down (HTTP 429)';
  if (status >= 500) return `the site's server failed (HTTP ${status})`;
  if (status >= 400) return `the site refused the request (HTTP ${status})`;
  return `the site answered HTTP ${status}`;
}

const asObject = (error: unknown): ErrorLike | undefined => (error && typeof error === 'object' ? (error as ErrorLike) : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The readable reason a site could not be read, from whatever the fetch or crawl threw: an
 * Error with Node's code (CERT_*, ERR_TLS_*, EPROTO, ENOTFOUND, EAI_AGAIN, ECONNREFUSED,
 * ECONNRESET, ETIMEDOUT…), the crawler's own errors (timeout, robots.txt, blocked address,
 * redirects), an HTTP status, or a bare message. Never an OpenSSL string.
 */
export function siteFailureReason(error: unknown): string {
  if (typeof error === 'number') return httpStatusReason(error);
  const e = asObject(error);
  const message = e ? text(e.message) : String(error ?? '');
  const name = text(e?.name);
  const code = text(e?.code).toUpperCase();

  if (name === 'RobotsDisallowedError') return robotsReason(e!);
  // The guard's refusal is the product's own words already ("refusing to fetch …: private address").
  if (name === 'BlockedAddressError') return message;
  if (name === 'FetchTimeoutError' || name === 'TimeoutError' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return timeout(typeof e?.ms === 'number' ? e.ms : msIn(message));
  }
  if (name === 'TooManyRedirectsError') return 'the site redirects too many times';
  if (name === 'OffSiteRedirectError') return 'the site redirects to another site';
  if (name === 'UnreadableContentError') return `the home page is not a web page${contentTypeIn(message)}`;
  if (typeof e?.status === 'number') return httpStatusReason(e.status);

  if (CERTIFICATE[code]) return CERTIFICATE[code];
  if (NETWORK[code]) return NETWORK[code];
  if (/wrong version number|http request/i.test(message)) return 'the site does not answer https on this address (it may serve only http)';
  if (code === 'EPROTO' || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || /SSL routines|alert handshake|tlsv1 alert/i.test(message)) {
    return 'the secure connection (https) to the site failed';
  }
  const cause = e?.cause;
  if (cause && cause !== error) return siteFailureReason(cause);
  return fromMessage(message);
}

/** robots.txt refused the crawl, or could not be read (which refuses it too, RFC 9309). */
function robotsReason(e: ErrorLike): string {
  if (e.disallowed === true) return 'robots.txt forbids crawling';
  const why = e.cause ? siteFailureReason(e.cause) : typeof e.status === 'number' ? httpStatusReason(e.status) : undefined;
  const refusal = text(e.reason) || text(e.message);
  if (why) return `${why} (robots.txt could not be read)`;
  if (/disallows/i.test(refusal)) return 'robots.txt forbids crawling';
  return 'robots.txt could not be read, so the site may not be crawled';
}

/** A message with no error object behind it (an older lead's text, a stage's own words). */
function fromMessage(message: string): string {
  const codeIn = /\b(E[A-Z_]{3,}|ERR_[A-Z_]+|CERT_[A-Z_]+|UNABLE_TO_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\b/.exec(message)?.[1];
  if (codeIn && (CERTIFICATE[codeIn] || NETWORK[codeIn] || codeIn === 'ETIMEDOUT' || codeIn === 'EPROTO')) return siteFailureReason({ code: codeIn, message });
  if (/certificate signature failure|unable to verify the first certificate|self[- ]signed certificate|unable to get (local )?issuer certificate/i.test(message)) return UNTRUSTED;
  if (/certificate has expired/i.test(message)) return CERTIFICATE.CERT_HAS_EXPIRED;
  if (/timed? ?out/i.test(message)) return timeout(msIn(message));
  if (/robots\.txt disallows/i.test(message)) return 'robots.txt forbids crawling';
  const status = /\bHTTP (\d{3})\b/.exec(message)?.[1];
  if (status) return httpStatusReason(Number(status));
  // Something unforeseen: its own words if they read as words, never a wall of hex.
  const clean = message.trim();
  if (!clean || /[0-9A-F]{8,}:error:|routines/i.test(clean) || clean.length > 200) return 'the site could not be read';
  return clean;
}

const msIn = (message: string) => {
  const ms = /after (\d+) ?ms/.exec(message)?.[1];
  return ms ? Number(ms) : undefined;
};

const contentTypeIn = (message: string) => {
  const type = /Content-Type ([^\s,]+)/.exec(message)?.[1];
  return type ? ` (${type})` : '';
};
