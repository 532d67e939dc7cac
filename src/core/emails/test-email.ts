// "Send a test email": proves the configured provider, sender and signature work end
// to end before any lead is written to. It goes through the metered mailer like any send,
// and the sender's identity is decided exactly as for an outreach email (senderFor).
import { randomUUID } from 'node:crypto';
import { conflict } from '../errors.ts';
import type { MailProvider, SentReceipt } from '../model/providers.ts';
import { renderSignature, type EmailSettings } from '../settings/email-config.ts';
import { senderFor } from './sender.ts';
import type { SuppressionList } from './suppression.ts';

export async function sendTestEmail(mailer: MailProvider, settings: EmailSettings, to: string, suppressions: SuppressionList): Promise<SentReceipt & { provider: string }> {
  const from = senderFor(mailer.id, settings);
  if ('refused' in from) throw conflict(from.refused);
  // Every send path checks the suppression list, a test message too.
  const blocked = await suppressions.blocks(to);
  if (blocked) throw conflict(`Not sent: ${to} is on the suppression list (${blocked.reason})`);
  const { sender } = from;
  const receipt = await mailer.send({
    messageId: `test-${randomUUID()}`,
    from: { email: sender.fromEmail, name: sender.fromName },
    to: { email: to },
    subject: sender.fromName ? `Test email from ${sender.fromName}` : 'Test email',
    text: [
      'This is a test email from Outreach.',
      `It was sent through ${mailer.id} to check that your email settings work.`,
      '',
      renderSignature(settings.signature, sender.fromName ?? ''),
      ...(sender.postalAddress ? ['', '--', sender.postalAddress] : []),
    ].join('\n'),
    headers: {},
  });
  return { ...receipt, provider: mailer.id };
}
