// The sender's own identity: saved with no provider and no key, validated, used by the
// outbox (From, postal footer, signature with the sender's name), and required before
// anything goes out through a real provider (here SMTP on loopback).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const IDENTITY = {
  from_name: 'Ann Pixel',
  from_email: 'ann@pixel.example',
  email_signature: 'Cheers,\n{sender_name}\nPixel Agency',
  postal_address: 'Pixel Agency, 1 Main St, Austin, TX 78701',
};
const REFUSAL = 'Set your sender name, address and postal address in Settings → Sender before sending';

let h: Harness;
let admin: string;

afterEach(async () => {
  await h?.close();
});

const api = (method: string, path: string, body?: unknown, token = admin) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });

/** A QUEUED email for a fresh lead, due now, straight in the table. */
async function queuedEmail(to: string) {
  const now = Date.now();
  const lead = await exec(
    "INSERT INTO leads (url, hostname, title, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'Shop', 'EMAIL_GENERATED', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://${to.replace('@', '.')}/`, to.replace('@', '.'), now, now, now],
  );
  const email = await exec(
    'INSERT INTO emails (lead_id, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?) RETURNING id',
    [Number(lead.rows[0].id), 'Your website', 'Hello,\n\nA quick idea for your site.\n\nCheers,\n{sender_name}', to, 'QUEUED', now - 1000, now, now],
  );
  return Number(email.rows[0].id);
}

const header = (raw: string, name: string) => {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
};

describe('the sender identity, with no provider and no key', () => {
  it('starts incomplete, with no product name standing in for the sender', async () => {
    h = await startHarness();
    admin = await h.login(ADMIN.username, ADMIN.password);
    const config = (await api('GET', '/api/settings/email-config')).body;
    expect(config).toMatchObject({
      configured: false,
      provider: null,
      from_name: null,
      from_email: null,
      postal_address: null,
      email_signature: 'Best regards,\n{sender_name}',
      signature_preview: 'Best regards,\n{sender_name}',
      sender_ready: false,
      sender_missing: ['sender name', 'sender address', 'postal address'],
    });
    // Every signed-in user may ask (the Drafts and Outreach screens show it).
    await h.createUser(admin, { username: 'rita', email: 'rita@example.com', password: 'rita-pass-1', role: 'user' });
    const rita = await h.login('rita', 'rita-pass-1');
    expect((await api('GET', '/api/settings/sender-identity', undefined, rita)).body).toEqual({
      ready: false,
      missing: ['sender name', 'sender address', 'postal address'],
      message: REFUSAL,
    });
  });

  it('saves name, address, signature and postal address without any provider key', async () => {
    h = await startHarness();
    admin = await h.login(ADMIN.username, ADMIN.password);
    const partial = await api('POST', '/api/settings/email-config', { from_name: 'Ann Pixel' });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ sender_ready: false, sender_missing: ['sender address', 'postal address'] });
    expect((await api('GET', '/api/settings/sender-identity')).body.message).toBe('Set your sender address and postal address in Settings → Sender before sending');

    const saved = await api('POST', '/api/settings/email-config', IDENTITY);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: false,
      provider: null,
      provider_key_configured: false,
      ...IDENTITY,
      signature_preview: 'Cheers,\nAnn Pixel\nPixel Agency',
      sender_ready: true,
      sender_missing: [],
    });
    expect((await api('GET', '/api/settings/sender-identity')).body).toEqual({ ready: true, missing: [], message: null });
    // Saving the sender never picks a provider.
    expect((await exec("SELECT count(*) AS n FROM settings WHERE key = 'email_provider'")).rows[0].n).toBe(0);
  });

  it('refuses bad input with a 4xx naming the field, and writes nothing', async () => {
    h = await startHarness();
    admin = await h.login(ADMIN.username, ADMIN.password);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ from_email: 'not-an-address' }, /^From Email must be an email address/],
      [{ from_email: 'ann@pixel.example\r\nBcc: x@y.example' }, /^From Email/],
      [{ from_name: 'Ann <ann@evil.example>' }, /^From Name must be one line without < or >/],
      [{ from_name: 'Ann\nBcc: x@y.example' }, /^From Name must be one line/],
      [{ from_name: 'A'.repeat(101) }, /^From Name must be at most 100 characters/],
      [{ postal_address: 'x'.repeat(301) }, /^Postal Address must be at most 300 characters/],
      [{ ...IDENTITY, from_name: 42 }, /^From Name/],
    ];
    for (const [body, detail] of bad) {
      const res = await api('POST', '/api/settings/email-config', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await exec("SELECT count(*) AS n FROM settings WHERE key LIKE 'email%'")).rows[0].n).toBe(0);
    // 100 characters and 300 characters are fine.
    const edge = await api('POST', '/api/settings/email-config', { from_name: 'A'.repeat(100), postal_address: 'x'.repeat(300) });
    expect(edge.status).toBe(200);
  });

  it('signs drafts with the sender and sends them through the outbox with the name, address and postal footer', async () => {
    h = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
    admin = await h.login(ADMIN.username, ADMIN.password);
    await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false }, null);
    expect((await api('POST', '/api/settings/email-config', IDENTITY)).status).toBe(200);

    const created = (await api('POST', '/api/campaigns', { name: 'Plumbers', search_query: 'plumbers in Austin', mode: 'test', max_results: 10 })).body;
    await api('POST', `/api/campaigns/${created.id}/start`);
    const worker = h.ctx.worker({ id: 'w', concurrency: 3, pollMs: 20 });
    worker.start();
    try {
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
        if ((await api('GET', `/api/campaigns/${created.id}`)).body.status !== 'RUNNING') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.stop();
    }
    const drafts = (await api('GET', '/api/drafts')).body.drafts as { id: number; body: string; recipient_email: string }[];
    expect(drafts.length).toBeGreaterThan(0);
    const draft = drafts[0];
    expect(draft.body).toContain('Cheers,\nAnn Pixel\nPixel Agency');
    expect(draft.body).not.toMatch(/\bOutreach\b/);

    const sent = await api('POST', `/api/emails/${draft.id}/send-now`);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('SENT');
    const outbox = join(h.dir, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0]), 'utf8');
    expect(header(raw, 'From')).toBe('Ann Pixel <ann@pixel.example>');
    expect(header(raw, 'To')).toBe(draft.recipient_email);
    const text = raw.replace(/=\r\n/g, '').replace(/\r\n/g, '\n');
    expect(text).toContain('Cheers,\nAnn Pixel\nPixel Agency');
    expect(text).toContain(`--\n${IDENTITY.postal_address}\nNot interested? Unsubscribe:`);
  });

  it('still writes to the outbox without an identity (it sends nobody anything)', async () => {
    h = await startHarness();
    admin = await h.login(ADMIN.username, ADMIN.password);
    const id = await queuedEmail('owner@shop.example');
    expect((await api('POST', `/api/emails/${id}/send-now`)).body.status).toBe('SENT');
    const outbox = join(h.dir, 'outbox');
    const raw = readFileSync(join(outbox, readdirSync(outbox)[0]), 'utf8');
    expect(header(raw, 'From')).toBe('outreach@outbox.invalid');
  });
});

describe('a real provider while the identity is incomplete', () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('sends nothing, keeps the email queued, says why once, and sends once the identity is set', async () => {
    h = await startHarness({ OUTREACH_SMTP_URL: smtp.url(), OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example' });
    admin = await h.login(ADMIN.username, ADMIN.password);
    await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
    await h.ctx.settings.system.save({ email_send_delay: 0.5 }, null);
    const id = await queuedEmail('owner@shop.example');

    const refused = await api('POST', `/api/emails/${id}/send-now`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`${REFUSAL}; the email stays queued`);
    expect((await exec('SELECT status FROM emails WHERE id = ?', [id])).rows[0].status).toBe('QUEUED');

    const test = await api('POST', '/api/settings/email-config/test', { to: 'ann@example.com' });
    expect(test.status).toBe(409);
    expect(test.body.detail).toBe(REFUSAL);

    // The send loop holds the queue and says so in the activity feed once, not every pass.
    await h.ctx.sendLoop.tick();
    await h.ctx.sendLoop.tick();
    const feed = (await api('GET', '/api/activity?limit=50')).body as { message: string }[];
    expect(feed.filter((a) => a.message === `Queued emails are waiting: ${REFUSAL}`)).toHaveLength(1);
    expect(smtp.messages).toHaveLength(0);
    expect((await exec('SELECT status FROM emails WHERE id = ?', [id])).rows[0].status).toBe('QUEUED');

    // A partial identity is still refused, naming only what is missing.
    await api('POST', '/api/settings/email-config', { from_name: IDENTITY.from_name, from_email: IDENTITY.from_email });
    const partial = await api('POST', `/api/emails/${id}/send-now`);
    expect(partial.status).toBe(409);
    expect(partial.body.detail).toBe('Set your postal address in Settings → Sender before sending; the email stays queued');
    expect(smtp.messages).toHaveLength(0);

    await api('POST', '/api/settings/email-config', { postal_address: IDENTITY.postal_address });
    const ok = await api('POST', `/api/emails/${id}/send-now`);
    expect(ok.status).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    expect(header(smtp.messages[0].raw, 'From')).toBe('Ann Pixel <ann@pixel.example>');
    const text = smtp.messages[0].raw.replace(/=\r\n/g, '').replace(/\r\n/g, '\n');
    expect(text).toContain(`--\n${IDENTITY.postal_address}\nNot interested?`);
    // Queued before the sender had a name: signed when sent.
    expect(text).toContain('Cheers,\nAnn Pixel\n');
    expect(text).not.toContain('{sender_name}');
    expect((await api('POST', '/api/settings/email-config/test', { to: 'ann@example.com' })).status).toBe(200);
    expect(smtp.messages).toHaveLength(2);
  });
});
