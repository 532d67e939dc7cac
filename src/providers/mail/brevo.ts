// Brevo transactional email (API v3, POST /smtp/email). Error bodies are {code, message};
// 402 means the plan's credits are used up, which no retry can fix.
import type { KeyCheck, MailProvider, OutgoingEmail, SentReceipt } from '../../core/model/providers.ts';
import { ProviderError } from '../../core/model/providers.ts';
import { errorMessage, failureFor, requestJson } from '../http.ts';
import { messageIdHeader } from './smtp.ts';

export interface BrevoConfig {
  apiKey: string;
  /** e.g. https://api.brevo.com/v3 (OUTREACH_BREVO_BASE_URL). */
  baseUrl?: string;
  timeoutMs?: number;
}

export const BREVO_DEFAULT_BASE_URL = 'https://api.brevo.com/v3';
const SERVICE = 'brevo';
// e.g. "email is not valid in to", "to[0].email is invalid", "Recipient is blocked".
const RECIPIENT_REFUSED = /(\bin to\b|\bto\[|recipient|blocked|blacklist)/i;

function endpoint(baseUrl: string | undefined, path: string): string {
  return `${(baseUrl ?? BREVO_DEFAULT_BASE_URL).replace(/\/+$/, '')}${path}`;
}

function seconds(raw: string | null): number | undefined {
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Brevo-specific refinements on top of the shared status mapping. */
export function brevoFailure(status: number, body: unknown, headers: Headers): ProviderError {
  const code = body && typeof body === 'object' ? String((body as { code?: unknown }).code ?? '') : '';
  const message = errorMessage(body, `HTTP ${status}`);
  if (status === 402 || code === 'not_enough_credits') {
    return new ProviderError(SERVICE, 'quota_exhausted', `Brevo: not enough credits (${message})`, status);
  }
  if (status === 401) return new ProviderError(SERVICE, 'auth', `Brevo rejected the API key (${message})`, status);
  if (status === 429) {
    // Brevo sends x-sib-ratelimit-reset (seconds) rather than Retry-After.
    const wait = seconds(headers.get('retry-after')) ?? seconds(headers.get('x-sib-ratelimit-reset'));
    return new ProviderError(SERVICE, 'rate_limited', `Brevo rate limit reached (${message})`, status, wait);
  }
  // A recipient address Brevo will not deliver to is a bounce for this lead, not a bug in our request.
  if (status === 400 && code !== 'missing_parameter' && RECIPIENT_REFUSED.test(message)) {
    return new ProviderError(SERVICE, 'rejected', `Brevo refused the recipient (${message})`, status);
  }
  const base = failureFor(SERVICE, status, body, headers);
  return new ProviderError(SERVICE, base.kind, `Brevo: ${base.message}`, status, base.retryAfterSeconds);
}

export class BrevoMailer implements MailProvider {
  readonly id = 'brevo' as const;
  readonly service = 'email' as const;

  constructor(private readonly config: BrevoConfig) {}

  async send(message: OutgoingEmail): Promise<SentReceipt> {
    const payload = {
      sender: { name: message.from.name, email: message.from.email },
      to: [{ email: message.to.email, ...(message.to.name && { name: message.to.name }) }],
      subject: message.subject,
      textContent: message.text,
      ...(message.html && { htmlContent: message.html }),
      ...(message.replyTo && { replyTo: { email: message.replyTo.email, ...(message.replyTo.name && { name: message.replyTo.name }) } }),
      headers: {
        ...message.headers,
        'Message-ID': messageIdHeader(message.messageId, message.from.email),
        // Brevo processes a request with the same idempotencyKey only once (15 min TTL).
        idempotencyKey: message.messageId,
      },
    };
    const res = await requestJson<{ messageId?: string }>(
      SERVICE,
      endpoint(this.config.baseUrl, '/smtp/email'),
      { method: 'POST', headers: { 'api-key': this.config.apiKey }, body: payload, timeoutMs: this.config.timeoutMs },
      brevoFailure,
    );
    const id = res.body?.messageId;
    if (typeof id !== 'string' || !id) {
      throw new ProviderError(SERVICE, 'bad_response', 'Brevo accepted the email but returned no messageId', res.status);
    }
    return { providerMessageId: id };
  }
}

interface BrevoAccount {
  email?: string;
  companyName?: string;
  plan?: { type?: string; credits?: number; creditsType?: string }[];
}

/** Checks a key against GET /account. Never throws. */
export async function validateBrevoKey(baseUrl: string | undefined, apiKey: string, timeoutMs = 15_000): Promise<KeyCheck> {
  if (!apiKey.trim()) return { valid: false, message: 'Invalid Brevo API key' };
  try {
    const res = await requestJson<BrevoAccount>(SERVICE, endpoint(baseUrl, '/account'), { headers: { 'api-key': apiKey }, timeoutMs }, brevoFailure);
    const account = res.body ?? {};
    const plan = account.plan?.find((p) => p.creditsType === 'sendLimit') ?? account.plan?.[0];
    const planText = plan?.type ? `, ${plan.type} plan${typeof plan.credits === 'number' ? ` (${plan.credits} credits left)` : ''}` : '';
    const who = account.email ?? account.companyName ?? 'unknown account';
    return { valid: true, message: `Brevo key is valid: ${who}${planText}` };
  } catch (error) {
    const e = error as ProviderError;
    if (e.kind === 'auth' && e.status === 401) return { valid: false, message: 'Invalid Brevo API key' };
    if (e.kind === 'auth') return { valid: false, message: `Brevo refused the key: ${e.message}` };
    if (e.kind === 'unavailable' || e.kind === 'rate_limited') {
      return { valid: false, message: `Could not check the key: ${e.message}. Try again later.` };
    }
    return { valid: false, message: `Could not check the key: ${e.message ?? String(error)}` };
  }
}
