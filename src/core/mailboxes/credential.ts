// A mailbox's credential, tested against its provider before it is kept: an SMTP server that
// answers and accepts the login, or an API key the provider accepts. A refusal is the user's
// error, with the provider's answer.
import { invalid } from '../errors.ts';
import type { KeyCheck } from '../model/providers.ts';
import type { MailboxUpdate } from '../model/mailboxes.ts';
import { smtpUrl, type EmailVerifier } from '../settings/email-config.ts';
import type { MailboxRecord } from './records.ts';

/** The credential a provider needs, tested against it; undefined for the outbox. */
export async function testedCredential(
  verifier: EmailVerifier,
  provider: MailboxRecord['provider'],
  input: Pick<MailboxUpdate, 'api_key' | 'smtp_host' | 'smtp_port' | 'smtp_user' | 'smtp_password' | 'smtp_secure'>,
): Promise<{ value: string; check: KeyCheck } | undefined> {
  if (provider === 'outbox' || provider === 'settings') return undefined;
  let value: string;
  let check: KeyCheck;
  if (provider === 'smtp') {
    if (!input.smtp_host) throw invalid('smtp_host is needed for an SMTP mailbox');
    const secure = input.smtp_secure ?? false;
    value = smtpUrl(input.smtp_host, input.smtp_port ?? (secure ? 465 : 587), input.smtp_user, input.smtp_password, secure);
    check = await verifier.checkSmtp(value);
    if (!check.valid) throw invalid(check.message || 'Could not connect to the SMTP server');
  } else {
    if (!input.api_key) throw invalid(`api_key is needed for a ${provider === 'brevo' ? 'Brevo' : 'Resend'} mailbox`);
    value = input.api_key;
    check = await verifier.checkKey(provider, value);
    if (!check.valid) throw invalid(check.message || `Invalid ${provider === 'brevo' ? 'Brevo' : 'Resend'} API key`);
  }
  return { value, check };
}
