// Text the email provider form cannot save: a lone UTF-16 surrogate (half of an emoji, as a
// broken paste or a JSON "\ud800" leaves) in the SMTP fields has no UTF-8 form, and putting it
// into the SMTP URL threw (`URIError: URI malformed`, a 500). It is a 422 that names the field
// as the form labels it, and nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  // Nothing here may reach a real provider: every provider address is a closed loopback port.
  h = await startHarness({ OUTREACH_BREVO_BASE_URL: 'http://127.0.0.1:9/v3', OUTREACH_RESEND_BASE_URL: 'http://127.0.0.1:9' });
  token = await h.login(ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await h?.close();
});

/** The request as the wire carries it: JSON's "\ud800" escape, which JSON.parse turns into a lone surrogate. */
const post = (fields: Record<string, unknown>) => h.call('POST', '/api/settings/email-config', { token, raw: JSON.stringify(fields), headers: { 'content-type': 'application/json' } });

describe('POST /api/settings/email-config with text that has no UTF-8 form', () => {
  it.each([
    ['smtp_user', 'SMTP Username contains an invalid character'],
    ['smtp_password', 'SMTP Password contains an invalid character'],
    ['smtp_host', 'SMTP Host must be a host name or IP address'],
  ])('refuses a lone surrogate in %s with a 422: "%s", and saves nothing', async (field, message) => {
    const before = (await h.call('GET', '/api/settings/email-config', { token })).body;
    for (const value of ['\ud800', 'user\udfff', `pass${'\ud83d'}word`]) {
      const fields = { smtp_host: 'smtp.example.test', smtp_port: 587, smtp_user: 'me', smtp_password: 'secret', [field]: value };
      const res = await post(fields);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail).toContain(message);
    }
    expect((await h.call('GET', '/api/settings/email-config', { token })).body).toEqual(before);
  });

  it('still takes a whole emoji and other non-ASCII text as far as the SMTP check (which cannot connect here)', async () => {
    const res = await post({ smtp_host: '127.0.0.1', smtp_port: 9, smtp_user: 'josé😀', smtp_password: 'pässwörd😀' });
    // The fields passed: the answer is the SMTP check's (a broken rule, 400), which found no server on the closed port.
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).not.toMatch(/invalid character/);
    expect(res.body.detail).toMatch(/SMTP server at 127\.0\.0\.1:9/);
  });
});
