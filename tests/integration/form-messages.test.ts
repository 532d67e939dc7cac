// What the API says when a form's input is wrong, in the form's words: fields named as the
// dashboard labels them, the sender's refusals (an empty save, a blank saved name, a postal
// address too short to be one), an empty subject or message in the draft editor, and what
// approving and Send Now say happens to the emails (held for the sender, or written to the
// local outbox).
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const SENDER = { from_name: 'Ann Pixel', from_email: 'ann@pixel.example', postal_address: 'Pixel Agency, 1 Main St, Austin, TX 78701' };

let h: Harness;
let admin: string;
let smtp: FakeSmtpServer | undefined;

afterEach(async () => {
  await h?.close();
  await smtp?.stop();
  smtp = undefined;
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token: admin, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });

async function start(env: Record<string, string> = {}) {
  h = await startHarness(env);
  admin = await h.login(ADMIN.username, ADMIN.password);
  await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] }); // every moment is inside a window
}

/** An email for a fresh lead, straight in the table. */
async function email(status: 'DRAFT' | 'QUEUED', to = 'owner@shop.example') {
  const now = Date.now();
  const host = `${to.replace('@', '.')}-${Math.random().toString(36).slice(2, 8)}`;
  const lead = await exec(
    "INSERT INTO leads (url, hostname, title, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'Shop', 'EMAIL_GENERATED', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://${host}/`, host, now, now, now],
  );
  const row = await exec(
    'INSERT INTO emails (lead_id, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?) RETURNING id',
    [Number(lead.rows[0].id), 'Your website', 'Hello,\n\nA quick idea for your site.', to, status, status === 'QUEUED' ? now - 1000 : null, now, now],
  );
  return Number(row.rows[0].id);
}

describe('form messages in the API', () => {
  it("names each field as the form labels it, with the bound written as people read it", async () => {
    await start();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/campaigns', { name: 'Plumbers', search_query: 'plumbers in Austin', max_emails: 20_000 }, 'Max Emails must be between 1 and 10,000'],
      ['POST', '/api/campaigns', { name: ' ', search_query: 'plumbers in Austin' }, 'Campaign Name is required'],
      ['POST', '/api/settings/system-config', { email_send_rate_limit: 0 }, 'Email send rate limit must be between 1 and 60'],
      ['POST', '/api/settings/email-config', { from_name: 'x'.repeat(101) }, 'From Name must be at most 100 characters'],
      ['POST', '/api/settings/email-config', { from_email: 'nope' }, 'From Email must be an email address, like you@agency.example'],
    ];
    for (const [method, path, body, detail] of cases) {
      const res = await api(method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toBe(detail);
      expect(res.body.detail).not.toMatch(/max_emails|from_name|from_email|email_send_rate_limit/);
    }
  });

  it('refuses an empty sender, a blank saved name and a one-character postal address, saying why', async () => {
    await start();
    const empty = await api('POST', '/api/settings/email-config', { from_name: '', email_signature: '', postal_address: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Nothing to save: the sender is empty. Enter the From Name, From Email and Postal Address');

    const short = await api('POST', '/api/settings/email-config', { ...SENDER, postal_address: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Postal Address is too short to be a postal address: at least 10 characters, with street, town and postcode');
    expect((await exec("SELECT count(*) AS n FROM settings WHERE key LIKE 'email%'")).rows[0].n).toBe(0);

    expect((await api('POST', '/api/settings/email-config', SENDER)).status).toBe(200);
    const blanked = await api('POST', '/api/settings/email-config', { from_name: '  ', from_email: SENDER.from_email, postal_address: SENDER.postal_address });
    expect(blanked.status).toBe(400);
    expect(blanked.body.detail).toBe('From Name is empty: enter it (a saved From Name is not cleared by an empty field)');
    expect((await api('GET', '/api/settings/email-config')).body).toMatchObject({ from_name: 'Ann Pixel', sender_ready: true });
  });

  it('says which of the subject and the message is empty', async () => {
    await start();
    const id = await email('DRAFT');
    const subject = await api('PATCH', `/api/drafts/${id}`, { subject: '   ', body: 'Hello' });
    expect(subject.status).toBe(422);
    expect(subject.body.detail).toBe('Subject is empty: write the subject line');
    const body = await api('PATCH', `/api/drafts/${id}`, { subject: 'Hi', body: '' });
    expect(body.body.detail).toBe('Message is empty: write the email');
    const to = await api('PATCH', `/api/drafts/${id}`, { recipient_email: 'owner' });
    expect(to.body.detail).toBe('To must be an email address, like owner@business.example');
    expect((await exec('SELECT subject, body FROM emails WHERE id = ?', [id])).rows[0]).toMatchObject({ subject: 'Your website', body: 'Hello,\n\nA quick idea for your site.' });
  });

  it('approving while a real provider waits for the sender says the drafts wait, and for what', async () => {
    smtp = await startSmtpServer({ user: 'mailer', pass: 'smtp-secret' });
    await start({ OUTREACH_SMTP_URL: smtp.url() });
    const ids = [await email('DRAFT'), await email('DRAFT', 'info@bakery.example')];
    const res = await api('POST', '/api/drafts/bulk-approve', { draft_ids: ids });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approved_count: 2,
      waiting_for: 'sender',
      message: 'Approved 2 drafts. They wait in the queue until the sender is complete: set your sender name, address and postal address in Settings → Sender.',
    });
    expect(res.body.message).not.toContain('✅');

    await api('POST', '/api/settings/toggle-email-sending', { enable: false });
    const off = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [await email('DRAFT', 'hi@florist.example')] });
    expect(off.body).toMatchObject({ waiting_for: 'sending_enabled', sending_enabled: false, message: 'Approved 1 draft. It waits in the queue until email sending is turned on in Settings.' });
  });

  it('with no provider, approving and Send Now say the email went to the local outbox', async () => {
    await start();
    const approved = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [await email('DRAFT')] });
    expect(approved.body).toMatchObject({ waiting_for: null, sent_immediately: true, message: '✅ Drafts approved and written to the local outbox — no provider configured' });

    const sent = await api('POST', `/api/emails/${await email('QUEUED', 'hello@cafe.example')}/send-now`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'SENT', provider: 'outbox' });
    expect(sent.body.message).toMatch(/^Written to the local outbox \(.+outbox\) — no provider configured$/);
  });
});
