// A contract fake of the Resend API (resend.com/docs/api-reference): POST /emails with its
// Idempotency-Key header and GET /domains, with Resend's {statusCode, name, message}
// error bodies. Failures are switched per test with failNext/failAlways and resendFailures.
import { randomUUID } from 'node:crypto';
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.ts';

export interface ResendSentEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  reply_to?: string | string[];
  headers: Record<string, string>;
  idempotencyKey?: string;
}

export interface ResendFakeOptions {
  apiKey: string;
  /** A sending-only key: it may send but not list domains (401 restricted_api_key). */
  sendingOnlyKey?: string;
  domains?: { name: string; status: 'verified' | 'pending' | 'not_started' | 'failed' }[];
}

export type ResendFake = HttpFake & { sent: ResendSentEmail[] };

const error = (statusCode: number, name: string, message: string, headers?: Record<string, string>): FakeReply => ({
  status: statusCode,
  body: { statusCode, name, message },
  headers,
});

/** Error replies as Resend sends them. */
export const resendFailures = {
  rateLimited: (retryAfterSeconds = 1): FakeReply =>
    error(429, 'rate_limit_exceeded', 'Too many requests. You can only make 2 requests per second.', {
      'retry-after': String(retryAfterSeconds),
      'ratelimit-limit': '2',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAfterSeconds),
    }),
  dailyQuota: (): FakeReply => error(429, 'daily_quota_exceeded', 'You have reached your daily email sending quota.'),
  serverError: (): FakeReply => error(500, 'internal_server_error', 'An unexpected error occurred.'),
  unavailable: (): FakeReply => error(503, 'application_error', 'Service unavailable, try again later.'),
};

// A bare address or "Name <address>".
const ADDRESS = /^(?:[^<>]*<\s*)?([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)\s*>?$/;

function sendEmail(req: RecordedRequest, sent: ResendSentEmail[], byKey: Map<string, { id: string; body: string }>): FakeReply {
  const b = req.body;
  if (!b || typeof b !== 'object') return error(422, 'validation_error', 'Invalid JSON body.');
  for (const field of ['from', 'to', 'subject']) {
    if (!b[field] || (Array.isArray(b[field]) && b[field].length === 0)) return error(422, 'missing_required_field', `Missing \`${field}\` field.`);
  }
  if (!ADDRESS.test(b.from)) return error(422, 'validation_error', 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  const to: string[] = Array.isArray(b.to) ? b.to : [b.to];
  if (to.some((r) => typeof r !== 'string' || !ADDRESS.test(r))) {
    return error(422, 'validation_error', 'Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  }
  if (b.text === undefined && b.html === undefined) return error(422, 'validation_error', 'Missing `html` or `text` field.');
  const key = req.headers['idempotency-key'] as string | undefined;
  if (key !== undefined && (key.length < 1 || key.length > 256)) return error(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
  const body = JSON.stringify(b);
  const seen = key ? byKey.get(key) : undefined;
  if (seen && seen.body !== body) return error(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
  if (seen) return { status: 200, body: { id: seen.id } };
  const id = randomUUID();
  if (key) byKey.set(key, { id, body });
  sent.push({ id, from: b.from, to, subject: b.subject, text: b.text, html: b.html, reply_to: b.reply_to, headers: b.headers ?? {}, idempotencyKey: key });
  return { status: 200, body: { id } };
}

export async function startResendFake(options: ResendFakeOptions): Promise<ResendFake> {
  const sent: ResendSentEmail[] = [];
  const byKey = new Map<string, { id: string; body: string }>();
  const domains = options.domains ?? [{ name: 'agency.test', status: 'verified' }];
  const fake = new HttpFake((req) => {
    const auth = String(req.headers.authorization ?? '');
    if (!auth) return error(401, 'missing_api_key', 'Missing API key in the authorization header.');
    const key = auth.replace(/^Bearer\s+/i, '');
    const sendingOnly = options.sendingOnlyKey !== undefined && key === options.sendingOnlyKey;
    if (key !== options.apiKey && !sendingOnly) return error(403, 'invalid_api_key', 'API key is invalid.');
    if (req.method === 'POST' && req.path === '/emails') return sendEmail(req, sent, byKey);
    if (req.method === 'GET' && req.path === '/domains') {
      if (sendingOnly) return error(401, 'restricted_api_key', 'This API key is restricted to only send emails.');
      const data = domains.map((d, i) => ({
        id: `d91cd9bd-1176-453e-8fc1-35364d38060${i}`,
        name: d.name,
        status: d.status,
        created_at: '2024-04-26T20:21:26.347412+00:00',
        region: 'us-east-1',
      }));
      return { status: 200, body: { object: 'list', has_more: false, data } };
    }
    return error(404, 'not_found', 'The requested endpoint does not exist.');
  });
  await fake.start();
  const reset = fake.reset.bind(fake);
  fake.reset = () => {
    reset();
    sent.length = 0;
    byKey.clear();
  };
  return Object.assign(fake, { sent });
}
