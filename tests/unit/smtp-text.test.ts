// What the email provider form's SMTP and API-key fields take, decided in the model before any
// URL or header is built from them; and what the SMTP URL's parser says of a URL it cannot read.
import { describe, expect, it } from 'vitest';
import { EmailConfigInput } from '../../src/core/model/settings.ts';
import { parseInput } from '../../src/core/model/validate.ts';
import { smtpUrl } from '../../src/core/settings/email-config.ts';
import { parseSmtpUrl } from '../../src/providers/mail/smtp.ts';

const refusal = (fields: Record<string, unknown>) => {
  try {
    parseInput(EmailConfigInput, fields);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('EmailConfigInput: text that cannot go into the SMTP URL or a header', () => {
  it.each([
    ['smtp_user', '\ud800', 'SMTP Username contains an invalid character'],
    ['smtp_user', 'me\udc00', 'SMTP Username contains an invalid character'],
    ['smtp_password', '\ud800', 'SMTP Password contains an invalid character'],
    ['smtp_password', 'se\ud83dcret', 'SMTP Password contains an invalid character'],
    ['smtp_host', '\ud800', 'SMTP Host must be a host name or IP address'],
    ['smtp_host', 'smtp.example.com/x', 'SMTP Host must be a host name or IP address'],
    ['smtp_host', 'smtp example', 'SMTP Host must be a host name or IP address'],
    ['smtp_host', 'user@smtp.example.com', 'SMTP Host must be a host name or IP address'],
    ['brevo_api_key', 'xkeysib-€', 'Brevo API Key contains an invalid character'],
    ['brevo_api_key', '\ud800', 'Brevo API Key contains an invalid character'],
    ['resend_api_key', 're_ key', 'Resend API Key contains an invalid character'],
  ])('refuses %s = %j, naming the field as the form does', (field, value, message) => {
    expect(refusal({ smtp_host: 'smtp.example.com', [field]: value })).toContain(message);
  });

  it.each([
    { smtp_host: 'smtp.example.com', smtp_user: 'josé😀', smtp_password: 'p%ss wörd😀:@/' },
    { smtp_host: '127.0.0.1' },
    { smtp_host: '[::1]' },
    { smtp_host: 'mail.münchen.de' },
    { smtp_host: ' smtp-relay.example.com ' },
    { brevo_api_key: 'xkeysib-0123abc' },
    { resend_api_key: 're_abc_123' },
  ])('takes %j', (fields) => {
    expect(refusal(fields)).toBeUndefined();
  });

  it('builds an SMTP URL from any text it takes, which reads back as typed', () => {
    const fields = parseInput(EmailConfigInput, { smtp_host: 'smtp.example.com', smtp_user: 'josé😀@agency', smtp_password: 'p%ss wörd😀:@/' });
    const parsed = parseSmtpUrl(smtpUrl(fields.smtp_host!, 587, fields.smtp_user, fields.smtp_password, false));
    expect(parsed).toMatchObject({ host: 'smtp.example.com', port: 587, user: 'josé😀@agency', password: 'p%ss wörd😀:@/' });
  });
});

describe('parseSmtpUrl on a URL typed by hand (settings email --smtp-url, OUTREACH_SMTP_URL)', () => {
  it.each([
    ['smtp://me:100%@smtp.example.com:587', 'password'],
    ['smtp://me:%E0%A4%A@smtp.example.com:587', 'password'],
    ['smtp://m%zz:secret@smtp.example.com:587', 'user name'],
  ])('refuses %s with what to fix, not "URI malformed", and never echoes it', (url, what) => {
    let message = '';
    try {
      parseSmtpUrl(url);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`The SMTP URL's ${what} has a % that starts no valid escape (write a % in it as %25)`);
  });

  it('reads percent-encoded credentials', () => {
    expect(parseSmtpUrl('smtps://me%40agency.example:100%25@smtp.example.com')).toMatchObject({ user: 'me@agency.example', password: '100%', port: 465, secure: true });
  });
});
