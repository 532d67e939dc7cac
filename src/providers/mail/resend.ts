// Resend (POST /emails). Error bodies are {statusCode, name, message}; the name tells a
// per-second rate limit (retry soon) from a used-up daily/monthly quota (stop for today).
import type { KeyCheck, MailProvider, OutgoingEmail, SentReceipt } from '../../core/model/providers.ts';
import { ProviderError } from '../../core/model/providers.ts';
import { errorMessage, failureFor, requestJson } from '../http.ts';
import { formatMailbox, messageIdHeader } from './smtp.ts';

export interface ResendConfig {
  apiKey: string;
  /** e.g. https://api.resend.com (OUTREACH_RESEND_BASE_URL). */
  baseUrl?: string;
  timeoutMs?: number;
}

export const RESEND_DEFAULT_BASE_URL = 'https://api.resend.com';
const SERVICE = 'resend';

function endpoint(baseUrl: string | undefined, path: string): string {
  return `${(baseUrl ?? RESEND_DEFAULT_BASE_URL).replace(/\/+$/, '')}${path}`;
}

function errorName(body: unknown): string {
  return body && typeof body === 'object' ? String((body as { name?: unknown }).name ?? '') : '';
}

/** Resend-specific refinements on top of the shared status mapping. */
export function resendFailure(status: number, body: unknown, headers: Headers): ProviderError {
  const name = errorName(body);
  const message = errorMessage(body, `HTTP ${status}`);
  const text = `Resend: ${message}${name ? ` (${name})` : ''}`;
  if (status === 429 && (/quota/.test(name) || /quota/i.test(message))) {
    return new ProviderError(SERVICE, 'quota_exhausted', text, status);
  }
  if (status === 401 || (status === 403 && name === 'invalid_api_key')) {
    return new ProviderError(SERVICE, 'auth', text, status);
  }
  // Other 403s (unverified domain, test-mode recipients, bad from) are setup problems, not a bad key.
  if (status === 403) return new ProviderError(SERVICE, 'bad_request', text, status);
  // Same key still in flight elsewhere: worth a retry later.
  if (status === 409 && name === 'concurrent_idempotent_requests') {
    return new ProviderError(SERVICE, 'unavailable', text, status);
  }
  if ((status === 422 || status === 400) && name !== 'missing_required_field' && /`to`|\bto\b field|recipient/i.test(message)) {
    return new ProviderError(SERVICE, 'rejected', text, status);
  }
  const base = failureFor(SERVICE, status, body, headers);
  return new ProviderError(SERVICE, base.kind, text, status, base.retryAfterSeconds);
}

export class ResendMailer implements MailProvider {
  readonly id = 'resend' as const;
  // Resend keeps an idempotency key for 24 hours.
  readonly idempotent = true;
  readonly service = 'email' as const;

  constructor(private readonly config: ResendConfig) {}

  async send(message: OutgoingEmail): Promise<SentReceipt> {
    const payload = {
      from: formatMailbox(message.from),
      to: [formatMailbox(message.to)],
      subject: message.subject,
      text: message.text,
      ...(message.html && { html: message.html }),
      ...(message.replyTo && { reply_to: formatMailbox(message.replyTo) }),
      headers: { ...message.headers, 'Message-ID': messageIdHeader(message.messageId, message.from.email) },
    };
    const res = await requestJson<{ id?: string }>(
      SERVICE,
      endpoint(this.config.baseUrl, '/emails'),
      {
        method: 'POST',
        // Resend answers a repeated key (24 h) with the first answer instead of sending again.
        headers: { authorization: `Bearer ${this.config.apiKey}`, 'idempotency-key': message.messageId },
        body: payload,
        timeoutMs: this.config.timeoutMs,
      },
      resendFailure,
    );
    const id = res.body?.id;
    if (typeof id !== 'string' || !id) {
      throw new ProviderError(SERVICE, 'bad_response', 'Resend accepted the email but returned no id', res.status);
    }
    return { providerMessageId: id };
  }
}

interface ResendDomains {
  data?: { name?: string; status?: string }[];
}

/** Checks a key against GET /domains. Never throws. */
export async function validateResendKey(baseUrl: string | undefined, apiKey: string, timeoutMs = 15_000): Promise<KeyCheck> {
  if (!apiKey.trim()) return { valid: false, message: 'Invalid Resend API key' };
  try {
    const res = await requestJson<ResendDomains>(
      SERVICE,
      endpoint(baseUrl, '/domains'),
      { headers: { authorization: `Bearer ${apiKey}` }, timeoutMs },
      resendFailure,
    );
    const domains = res.body?.data ?? [];
    const verified = domains.filter((d) => d.status === 'verified').map((d) => d.name);
    const detail = domains.length
      ? `${domains.length} domain${domains.length === 1 ? '' : 's'}${verified.length ? `, verified: ${verified.join(', ')}` : ', none verified yet'}`
      : 'no sending domain added yet';
    return { valid: true, message: `Resend key is valid (${detail})` };
  } catch (error) {
    const e = error as ProviderError;
    // A sending-only key cannot list domains, but it is exactly what sending needs.
    if (e.status === 401 && /restricted_api_key/.test(e.message)) {
      return { valid: true, message: 'Resend key is valid (sending access only)' };
    }
    if (e.kind === 'auth') return { valid: false, message: 'Invalid Resend API key' };
    if (e.kind === 'unavailable' || e.kind === 'rate_limited') {
      return { valid: false, message: `Could not check the key: ${e.message}. Try again later.` };
    }
    return { valid: false, message: `Could not check the key: ${e.message ?? String(error)}` };
  }
}
