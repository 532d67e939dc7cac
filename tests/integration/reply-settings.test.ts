// Settings → Reply Detection through the API, against a real IMAP server (Dovecot): the
// login is checked before anything is stored, the password is never returned, a check
// reads the mailbox, and the Brevo webhook token is generated once and then required.
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../support/dovecot.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const FROM = 'hello@agency.example';
let server: Dovecot;
let h: Harness;
let admin: string;
let user: string;
let emailId: number;

const sql = async (text: string, args: (string | number)[] = []) => (await h.ctx.db.$client.execute({ sql: text, args })).rows;
const stored = async () => (await sql("SELECT key, value, encrypted FROM settings WHERE key LIKE 'imap_%' ORDER BY key")).map((r) => ({ ...r }));
const account = (overrides: Record<string, unknown> = {}) => ({ host: server.host, port: server.port, user: server.user, password: server.password, ...overrides });

async function append(headers: Record<string, string>, body: string): Promise<void> {
  const all = { Date: new Date().toUTCString(), To: FROM, 'Content-Type': 'text/plain; charset=utf-8', ...headers };
  const raw = `${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}\r\n`;
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: server.user, pass: server.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

async function seedSentEmail(): Promise<number> {
  const now = Date.now();
  await sql("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('C', 'q', ?, ?)", [now, now]);
  await sql(
    "INSERT INTO leads (url, hostname, title, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://shop1.example/', 'shop1.example', 'Shop 1', 'EMAIL_SENT', 1, '[]', '[]', '[]', ?, ?, ?)",
    [now, now, now],
  );
  const [row] = await sql(
    "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, open_count, click_count, sent_at, created_at, updated_at) VALUES (1, 1, 'About Shop 1', 'Hello', 'owner@shop1.example', 'SENT', 0, 0, ?, ?, ?) RETURNING id",
    [now - 3_600_000, now, now],
  );
  const id = Number(row.id);
  await sql('UPDATE emails SET message_id = ? WHERE id = ?', [h.ctx.tokens.messageId(id, FROM), id]);
  return id;
}

describe.skipIf(dovecotMissing)(`Settings → Reply Detection${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`, () => {
  beforeAll(async () => {
    server = await startDovecot();
    h = await startHarness();
    admin = await h.login(ADMIN.username, ADMIN.password);
    await h.createUser(admin, { username: 'rita', email: 'rita@example.com', password: 'rita-pass-1', role: 'user' });
    user = await h.login('rita', 'rita-pass-1');
    emailId = await seedSentEmail();
  });
  afterAll(async () => {
    await h?.close();
    await server?.stop();
  });

  it('is for administrators only; checking for replies is for anyone signed in', async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/settings/reply-detection'],
      ['POST', '/api/settings/reply-detection', account()],
      ['DELETE', '/api/settings/reply-detection'],
      ['POST', '/api/settings/brevo-webhook-token'],
    ];
    for (const [method, path, body] of attempts) {
      const res = await h.call(method, path, { token: user, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toBe('Admin access required');
    }
    expect((await h.call('POST', '/api/replies/check')).status).toBe(401);
    const off = await h.call('POST', '/api/replies/check', { token: user });
    expect(off).toMatchObject({ status: 200, body: { configured: false, checked: 0, replies: 0, auto_replies: 0, unsubscribes: 0 } });
    expect(await stored()).toEqual([]);
  });

  it('starts unconfigured and shows the webhook URL to give Brevo', async () => {
    const res = await h.call('GET', '/api/settings/reply-detection', { token: admin });
    expect(res.body).toEqual({
      configured: false,
      host: null,
      port: null,
      user: null,
      password_configured: false,
      source: null,
      webhook: { url: `${h.ctx.config.publicUrl}/hooks/brevo`, token_configured: false, source: null },
    });
  });

  it('refuses bad input with what is wrong', async () => {
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [account({ port: 70000 }), 422, 'port must be a whole number between 1 and 65535'],
      [account({ port: '993' }), 422, 'port must be a whole number between 1 and 65535'],
      [account({ host: 'imap://mail.example.com' }), 422, 'host must be a server name such as imap.example.com (no imap://, no user name)'],
      [account({ user: '  ' }), 422, 'Please enter the IMAP user name'],
      [account({ mailbox: 'Sent' }), 422, 'mailbox: is not a field that can be set here'],
      [account({ password: '' }), 400, 'Please enter the IMAP password'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await h.call('POST', '/api/settings/reply-detection', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toEqual(detail);
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a wrong password or an unreachable server, and stores nothing', async () => {
    const wrong = await h.call('POST', '/api/settings/reply-detection', { token: admin, body: account({ password: 'not-the-password' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(`Wrong user name or password: the IMAP server 127.0.0.1:${server.port} refused the login as "replies". Nothing was saved.`);
    const closed = await h.call('POST', '/api/settings/reply-detection', { token: admin, body: account({ port: 1 }) });
    expect(closed.status).toBe(400);
    expect(closed.body.detail).toMatch(/^Cannot connect to the IMAP server 127\.0\.0\.1:1 \(ECONNREFUSED\).*Nothing was saved\.$/);
    expect(await stored()).toEqual([]);
    expect((await h.call('GET', '/api/settings/reply-detection', { token: admin })).body.configured).toBe(false);
  });

  it('stores a login that works, with the password encrypted and never returned', async () => {
    const saved = await h.call('POST', '/api/settings/reply-detection', { token: admin, body: { host: server.host, port: server.port, user: server.user, password: server.password } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, host: '127.0.0.1', port: server.port, user: 'replies', password_configured: true, source: 'database' });
    expect(JSON.stringify(saved.body)).not.toContain(server.password);
    const again = await h.call('GET', '/api/settings/reply-detection', { token: admin });
    expect(again.body).toEqual(saved.body);

    const rows = await stored();
    expect(rows.map((r) => r.key)).toEqual(['imap_host', 'imap_password', 'imap_port', 'imap_user']);
    const password = rows.find((r) => r.key === 'imap_password')!;
    expect(password.encrypted).toBe(1);
    expect(String(password.value)).toMatch(/^v1:/);
    expect(String(password.value)).not.toContain(server.password);

    // Saving again without a password keeps (and re-checks) the stored one.
    const kept = await h.call('POST', '/api/settings/reply-detection', { token: admin, body: { host: server.host, port: server.port, user: server.user, password: '' } });
    expect(kept.status).toBe(200);
    expect(kept.body.password_configured).toBe(true);
    expect(await h.ctx.settings.store.value('imap_password')).toBe(server.password);
  });

  it('checks the mailbox on request and applies what it finds', async () => {
    const ours = h.ctx.tokens.messageId(emailId, FROM);
    await append({ From: 'owner@shop1.example', Subject: 'Re: About Shop 1', 'Message-ID': '<reply@shop1.example>', 'In-Reply-To': ours }, 'Yes, tell me more.');
    await append({ From: 'owner@shop1.example', Subject: 'Out of office', 'Message-ID': '<ooo@shop1.example>', 'In-Reply-To': ours, 'Auto-Submitted': 'auto-replied' }, 'Away until Monday.');
    const res = await h.call('POST', '/api/replies/check', { token: user });
    expect(res).toMatchObject({ status: 200, body: { configured: true, checked: 2, replies: 1, auto_replies: 1, unsubscribes: 0 } });
    expect((await sql('SELECT status FROM emails WHERE id = ?', [emailId]))[0].status).toBe('REPLIED');
    expect((await h.call('POST', '/api/replies/check', { token: user })).body).toMatchObject({ configured: true, checked: 0 });
  });

  it('DELETE clears the account: reply detection stops', async () => {
    const res = await h.call('DELETE', '/api/settings/reply-detection', { token: admin });
    expect(res).toMatchObject({ status: 200, body: { message: 'Reply detection configuration cleared' } });
    expect(await stored()).toEqual([]); // the cursor included
    expect((await h.call('GET', '/api/settings/reply-detection', { token: admin })).body).toMatchObject({ configured: false, host: null, source: null });
    expect((await h.call('POST', '/api/replies/check', { token: admin })).body).toMatchObject({ configured: false, checked: 0 });
  });

  it('generates the Brevo webhook token once; the webhook then takes that bearer and no other', async () => {
    const hook = (token: string) => h.call('POST', '/hooks/brevo', { body: [], headers: { authorization: `Bearer ${token}` } });
    expect((await hook('anything')).status).toBe(503);

    const first = await h.call('POST', '/api/settings/brevo-webhook-token', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.url).toBe(`${h.ctx.config.publicUrl}/hooks/brevo`);
    expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes, base64url

    const described = await h.call('GET', '/api/settings/reply-detection', { token: admin });
    expect(described.body.webhook).toEqual({ url: first.body.url, token_configured: true, source: 'database' });
    expect(JSON.stringify(described.body)).not.toContain(first.body.token);
    const [row] = await sql("SELECT value, encrypted FROM settings WHERE key = 'brevo_webhook_token'");
    expect(row.encrypted).toBe(1);
    expect(String(row.value)).not.toContain(first.body.token);

    expect(await hook(first.body.token)).toMatchObject({ status: 200, body: { applied: 0 } });
    expect((await hook('someone-elses-token')).status).toBe(401);

    const second = await h.call('POST', '/api/settings/brevo-webhook-token', { token: admin });
    expect(second.body.token).not.toBe(first.body.token);
    expect((await hook(first.body.token)).status).toBe(401);
    expect((await hook(second.body.token)).status).toBe(200);
  });
});

describe('Reply detection set by the environment', () => {
  it('is shown as such, and cannot be changed, cleared or replaced here', async () => {
    const env = await startHarness({
      OUTREACH_IMAP_HOST: '127.0.0.1',
      OUTREACH_IMAP_PORT: '143',
      OUTREACH_IMAP_USER: 'ops',
      OUTREACH_IMAP_PASSWORD: 'env-secret',
      OUTREACH_BREVO_WEBHOOK_TOKEN: 'env-webhook-token',
    });
    try {
      const token = await env.login(ADMIN.username, ADMIN.password);
      const res = await env.call('GET', '/api/settings/reply-detection', { token });
      expect(res.body).toMatchObject({ configured: true, host: '127.0.0.1', port: 143, user: 'ops', password_configured: true, source: 'environment', webhook: { token_configured: true, source: 'environment' } });
      expect(JSON.stringify(res.body)).not.toMatch(/env-secret|env-webhook-token/);
      const save = await env.call('POST', '/api/settings/reply-detection', { token, body: { host: 'imap.example.com', user: 'x', password: 'y' } });
      expect(save).toMatchObject({ status: 409, body: { detail: expect.stringContaining('set by environment variables') } });
      expect((await env.call('DELETE', '/api/settings/reply-detection', { token })).status).toBe(409);
      const generate = await env.call('POST', '/api/settings/brevo-webhook-token', { token });
      expect(generate).toMatchObject({ status: 409, body: { detail: expect.stringContaining('OUTREACH_BREVO_WEBHOOK_TOKEN') } });
    } finally {
      await env.close();
    }
  });
});
