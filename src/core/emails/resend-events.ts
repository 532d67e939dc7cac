// Resend's webhooks, reduced to what the guard and the suppression list act on, and their
// signature. Resend signs each delivery the Svix way: headers svix-id, svix-timestamp and
// svix-signature ("v1,<base64>" entries, space separated); the signed content is
// `${id}.${timestamp}.${raw body}`, HMAC-SHA256 keyed with the base64 secret after "whsec_".
// The body is `{ type, created_at, data: { email_id, to: [...], bounce?: { type, message } } }`;
// `email.bounced` is a permanent rejection, `email.complained` a spam complaint. Deliveries,
// opens and clicks are ignored: we track those ourselves.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type ResendEventKind = 'bounce' | 'complaint' | 'ignored';

export interface ResendEvent {
  kind: ResendEventKind;
  /** Resend's event type as sent, e.g. email.complained. */
  name: string;
  /** Resend's id of the email (what its send API answered: our provider message id). */
  emailId: string;
  /** Lower-cased recipients, when given. */
  to: string[];
  reason?: string;
}

/** How far a signed timestamp may be from our clock (Svix's own libraries allow five minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SvixHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** Why the signature does not hold, or undefined when it does. */
export function svixProblem(secret: string, h: SvixHeaders, body: string, now: Date): string | undefined {
  if (!h.id || !h.timestamp || !h.signature) return 'Missing svix-id, svix-timestamp or svix-signature header';
  const ts = Number(h.timestamp);
  if (!/^\d{1,12}$/.test(h.timestamp) || Math.abs(now.getTime() / 1000 - ts) > SIGNATURE_TOLERANCE_SECONDS) {
    return `svix-timestamp is not within ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes of this server's clock`;
  }
  const key = Buffer.from(secret.trim().replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${h.id}.${h.timestamp}.${body}`).digest();
  for (const entry of h.signature.split(' ')) {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return undefined;
  }
  return 'svix-signature does not match: check the signing secret (resend_webhook_secret, whsec_…)';
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The event in a payload, or undefined when it is not a Resend event object. */
export function parseResendEvent(payload: unknown): ResendEvent | undefined {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const raw = payload as Record<string, unknown>;
  const name = text(raw.type);
  const data = raw.data && typeof raw.data === 'object' ? (raw.data as Record<string, unknown>) : undefined;
  const emailId = text(data?.email_id);
  if (!name || !data || !emailId) return undefined;
  const to = (Array.isArray(data.to) ? data.to : [data.to]).map(text).filter((x): x is string => Boolean(x)).map((x) => x.toLowerCase());
  const bounce = data.bounce && typeof data.bounce === 'object' ? (data.bounce as Record<string, unknown>) : undefined;
  // email.bounced is a permanent rejection; a bounce Resend itself calls transient is not a hard bounce.
  const hard = name === 'email.bounced' && text(bounce?.type)?.toLowerCase() !== 'transient';
  const kind: ResendEventKind = hard ? 'bounce' : name === 'email.complained' ? 'complaint' : 'ignored';
  const reason = [text(bounce?.type), text(bounce?.subType), text(bounce?.message)].filter(Boolean).join(': ') || undefined;
  return { kind, name: name.slice(0, 40), emailId, to, reason: reason?.slice(0, 300) };
}
