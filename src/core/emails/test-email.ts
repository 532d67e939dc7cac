// "Send a test email": proves the configured provider, sender and signature work end
// to end before any lead is written to. It goes through the metered mailer like any send.
import { randomUUID } from 'node:crypto';
import { invalid } from '../errors.ts';
import type { MailProvider, SentReceipt } from '../model/providers.ts';
import { renderSignature, type EmailSettings } from '../settings/email-config.ts';

export async function sendTestEmail(mailer: MailProvider, settings: EmailSettings, to: string): Promise<SentReceipt & { provider: string }> {
  if (!settings.fromEmail) throw invalid('Please enter a from email address');
  const receipt = await mailer.send({
    messageId: `test-${randomUUID()}`,
    from: { email: settings.fromEmail, name: settings.fromName },
    to: { email: to },
    subject: `Test email from ${settings.fromName}`,
    text: [
      'This is a test email from Outreach.',
      `It was sent through ${mailer.id} to check that your email settings work.`,
      '',
      renderSignature(settings.signature, settings.fromName),
    ].join('\n'),
    headers: {},
  });
  return { ...receipt, provider: mailer.id };
}
