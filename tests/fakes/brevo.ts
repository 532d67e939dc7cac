// A contract fake of Brevo's API v3 (developers.brevo.com): POST /smtp/email and GET /account,
// with Brevo's {code, message} error bodies. Failures are switched per test with
// failNext/failAlways and the replies in brevoFailures.
import { randomUUID } from 'node:crypto';
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.ts';

export interface BrevoSentEmail {
  messageId: string;
  sender: { name?: string; email: string };
  to: { email: string; name?: string }[];
  subject: string;
  textContent?: string;
  htmlContent?: string;
  replyTo?: { email: string; name?: string };
  headers: Record<string, string>;
}

export interface BrevoFakeOptions {
  apiKey: string;
  account?: { email: string; firstName?: string; companyName?: string; credits?: number };
}

export type BrevoFake = HttpFake & { sent: BrevoSentEmail[] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Error replies as Brevo sends them. */
export const brevoFailures = {
  rateLimited: (retryAfterSeconds?: number): FakeReply => ({
    status: 429,
    body: { code: 'too_many_requests', message: 'The expected rate limit is exceeded.' },
    headers: {
      'x-sib-ratelimit-limit': '1000',
      'x-sib-ratelimit-remaining': '0',
      // Brevo documents x-sib-ratelimit-reset (seconds until the window resets), not Retry-After.
      ...(retryAfterSeconds !== undefined && { 'x-sib-ratelimit-reset': String(retryAfterSeconds) }),
    },
  }),
  notEnoughCredits: (): FakeReply => ({
    status: 402,
    body: { code: 'not_enough_credits', message: 'Your account does not have enough credits to send this email' },
  }),
  serverError: (): FakeReply => ({ status: 500, body: { code: 'internal_error', message: 'Internal server error' } }),
  unavailable: (): FakeReply => ({ status: 503, body: 'Service Temporarily Unavailable', headers: { 'content-type': 'text/html' } }),
};

const bad = (code: string, message: string): FakeReply => ({ status: 400, body: { code, message } });

function sendEmail(req: RecordedRequest, sent: BrevoSentEmail[], byKey: Map<string, string>): FakeReply {
  const b = req.body;
  if (!b || typeof b !== 'object') return bad('bad_request', 'Input must be a valid JSON object');
  if (!b.sender?.email) return bad('missing_parameter', 'sender is missing');
  if (!EMAIL.test(b.sender.email)) return bad('invalid_parameter', 'valid sender email required');
  if (!Array.isArray(b.to) || b.to.length === 0) return bad('missing_parameter', 'to is missing');
  for (const r of b.to) if (!r?.email || !EMAIL.test(r.email)) return bad('invalid_parameter', 'email is not valid in to');
  if (!b.subject) return bad('missing_parameter', 'subject is missing');
  if (!b.htmlContent && !b.textContent) return bad('missing_parameter', 'htmlContent is missing');
  if (b.replyTo && !EMAIL.test(b.replyTo.email ?? '')) return bad('invalid_parameter', 'valid replyTo email required');
  const headers: Record<string, string> = b.headers ?? {};
  // Brevo processes a request carrying an idempotencyKey it has seen only once.
  const key = headers.idempotencyKey;
  const seen = key ? byKey.get(key) : undefined;
  if (seen) return { status: 201, body: { messageId: seen } };
  const messageId = `<${Date.now()}.${randomUUID()}@smtp-relay.mailin.fr>`;
  if (key) byKey.set(key, messageId);
  sent.push({ messageId, sender: b.sender, to: b.to, subject: b.subject, textContent: b.textContent, htmlContent: b.htmlContent, replyTo: b.replyTo, headers });
  return { status: 201, body: { messageId } };
}

export async function startBrevoFake(options: BrevoFakeOptions): Promise<BrevoFake> {
  const sent: BrevoSentEmail[] = [];
  const byKey = new Map<string, string>();
  const account = { email: 'owner@agency.test', firstName: 'Ada', companyName: 'Agency Test', credits: 300, ...options.account };
  const fake = new HttpFake((req) => {
    if (req.headers['api-key'] !== options.apiKey) {
      return { status: 401, body: { code: 'unauthorized', message: 'Key not found' } };
    }
    if (req.method === 'POST' && req.path === '/smtp/email') return sendEmail(req, sent, byKey);
    if (req.method === 'GET' && req.path === '/account') {
      return {
        status: 200,
        body: {
          email: account.email,
          firstName: account.firstName,
          lastName: 'Lovelace',
          companyName: account.companyName,
          address: { city: 'Austin', street: '1 Main St', zipCode: '78701', country: 'United States' },
          plan: [{ type: 'free', credits: account.credits, creditsType: 'sendLimit' }],
          relay: { enabled: true, data: { userName: account.email, relay: 'smtp-relay.brevo.com', port: 587 } },
        },
      };
    }
    return { status: 404, body: { code: 'not_found', message: `${req.method} ${req.path} does not exist` } };
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
