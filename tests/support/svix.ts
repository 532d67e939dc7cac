// Signs a webhook body the way Resend (Svix) does, for tests that play Resend: HMAC-SHA256 of
// `${id}.${timestamp}.${body}` keyed with the base64 secret after "whsec_", as "v1,<base64>".
import { createHmac } from 'node:crypto';

export function svixSign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
