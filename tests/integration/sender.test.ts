// The sender against a real SMTP server on loopback: a live campaign's emails go out
// exactly once with compliant headers; the toggle, the quota and the suppression list
// stop sends; a 550 bounces and suppresses the address.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let smtp: FakeSmtpServer;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
  h = await startHarness({
    OUTREACH_SANDBOX_PORT: '0',
    OUTREACH_SANDBOX_HTTPS_PORT: '0',
    OUTREACH_SMTP_URL: smtp.url(),
    OUTREACH_EMAIL_FROM: 'Pixel Agency <hello@pixel.example>',
    OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701',
    OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example',
  });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false, email_send_delay: 0.5 }, null);
  // No sending windows: every moment is inside one, so queued emails are due at once.
  await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
});
afterAll(async () => {
  await h.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });
const header = (raw: string, name: string) => {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
};

async function runCampaign(query: string, mode: 'test' | 'live') {
  const created = (await api('POST', '/api/campaigns', { name: query, search_query: query, mode })).body;
  await api('POST', `/api/campaigns/${created.id}/start`);
  const worker = h.ctx.worker({ id: 'w', concurrency: 3, pollMs: 20 });
  worker.start();
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if ((await api('GET', `/api/campaigns/${created.id}`)).body.status !== 'RUNNING') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await worker.stop();
  return created.id as number;
}

/** A sent-to-be email for a fresh lead, straight in the table. */
async function queuedEmail(to: string, status = 'QUEUED') {
  const now = Date.now();
  const lead = await exec(
    "INSERT INTO leads (url, hostname, title, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'Shop', 'EMAIL_GENERATED', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://${to.replace('@', '.')}/`, to.replace('@', '.'), now, now, now],
  );
  const email = await exec(
    // Due now, as if an operator had just approved it.
    'INSERT INTO emails (lead_id, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?) RETURNING id',
    [Number(lead.rows[0].id), 'Your website', 'Hello, see https://pixel.example/work for examples.', to, status, now - 1000, now, now],
  );
  return Number(email.rows[0].id);
}

const statusOf = async (id: number) => (await exec('SELECT status, last_error FROM emails WHERE id = ?', [id])).rows[0];

describe('the sender, over real SMTP', () => {
  it('sends a live campaign exactly once per email, with compliant headers and footer', async () => {
    const id = await runCampaign('plumbers in Austin', 'live');
    const queued = (await exec("SELECT id, recipient_email, lead_id FROM emails WHERE campaign_id = ? AND status = 'QUEUED'", [id])).rows;
    expect(queued.length).toBeGreaterThan(2);

    // The loop sends live emails one at a time, spread out: one now, the next only later.
    expect((await h.ctx.sendLoop.tick()).filter((o) => o.result === 'sent')).toHaveLength(1);
    expect(await h.ctx.sendLoop.tick()).toEqual([]);
    expect(smtp.messages).toHaveLength(1);
    // `outreach emails send` sends the rest straight away; a second run finds nothing left.
    await h.ctx.sender.sendDue({ limit: 100, unscheduled: true });
    expect(await h.ctx.sender.sendDue({ limit: 100, unscheduled: true })).toEqual([]);
    expect(smtp.messages).toHaveLength(queued.length);
    const recipients = smtp.messages.flatMap((m) => m.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(new Set(recipients)).toEqual(new Set(queued.map((r) => String(r.recipient_email))));

    for (const row of queued) {
      const message = smtp.messages.find((m) => m.to[0] === row.recipient_email)!;
      expect(header(message.raw, 'Message-ID')).toMatch(new RegExp(`^<outreach\\.${row.id}\\.[A-Za-z0-9_-]{12}@pixel\\.example>$`));
      expect(header(message.raw, 'From')).toBe('Pixel Agency <hello@pixel.example>');
      expect(header(message.raw, 'List-Unsubscribe')).toMatch(/^<https:\/\/outreach\.pixel\.example\/u\/[0-9a-z]+\.[A-Za-z0-9_-]{22}>, <mailto:hello@pixel\.example\?subject=unsubscribe>$/);
      expect(header(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // Decoded: a body in Spanish or French is sent quoted-printable.
      expect((await simpleParser(message.raw)).text).toContain('Pixel Agency, 1 Main St, Austin, TX 78701');
    }
    const sent = await api('GET', `/api/emails?campaign_id=${id}&status=SENT&limit=200`);
    expect(sent.body.items).toHaveLength(queued.length);
    const leads = (await exec('SELECT DISTINCT l.status FROM leads l JOIN emails e ON e.lead_id = l.id WHERE e.campaign_id = ?', [id])).rows;
    expect(leads.map((r) => r.status)).toEqual(['EMAIL_SENT']);
    const activity = (await exec("SELECT count(*) AS n FROM activity WHERE activity_type = 'email_sent' AND campaign_id = ?", [id])).rows[0];
    expect(Number(activity.n)).toBe(queued.length);
  });

  it('holds queued emails while sending is turned off, and sends them once it is on', async () => {
    const id = await queuedEmail('owner@toggle.example');
    expect((await api('POST', '/api/settings/toggle-email-sending', { enable: false })).body.enabled).toBe(false);
    expect(await h.ctx.settings.sendingEnabled()).toBe(false);
    await h.ctx.sendLoop.tick();
    const refused = await api('POST', `/api/emails/${id}/send-now`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/turned off/);
    expect(smtp.messages).toHaveLength(0);
    expect((await statusOf(id)).status).toBe('QUEUED');

    await api('POST', '/api/settings/toggle-email-sending', { enable: true });
    await h.ctx.sendLoop.tick();
    expect(smtp.messages.map((m) => m.to[0])).toEqual(['owner@toggle.example']);
  });

  it('never sends to a suppressed address or domain', async () => {
    await h.ctx.suppressions.add('gone@away.example', 'unsubscribed', 'test');
    await h.ctx.suppressions.add('@blocked.example', 'manual', 'test');
    const a = await queuedEmail('gone@away.example');
    const b = await queuedEmail('anyone@blocked.example');
    await h.ctx.sendLoop.tick();
    const direct = await api('POST', `/api/emails/${a}/send-now`);
    expect(direct.status).toBe(409);
    expect(smtp.messages).toHaveLength(0);
    expect(await statusOf(a)).toMatchObject({ status: 'CANCELLED', last_error: 'Not sent: gone@away.example is on the suppression list (unsubscribed)' });
    expect((await statusOf(b)).status).toBe('CANCELLED');
  });

  it('marks a 550 rejection BOUNCED and suppresses the address', async () => {
    smtp.rejectRecipients.add('nobody@bounce.example');
    const id = await queuedEmail('nobody@bounce.example');
    const res = await api('POST', `/api/emails/${id}/send-now`);
    expect(res.status).toBe(409);
    const row = await statusOf(id);
    expect(row.status).toBe('BOUNCED');
    expect(String(row.last_error)).toMatch(/550|User unknown/);
    expect(await h.ctx.suppressions.blocks('nobody@bounce.example')).toMatchObject({ reason: 'bounced' });
    const lead = (await exec('SELECT l.status FROM leads l JOIN emails e ON e.lead_id = l.id WHERE e.id = ?', [id])).rows[0];
    expect(lead.status).toBe('BOUNCED');
  });

  it('stops at the daily email quota, leaving the rest queued', async () => {
    const sentSoFar = Number((await exec("SELECT count(*) AS n FROM usage_events WHERE service = 'email'")).rows[0]?.n ?? 0);
    await h.ctx.settings.store.set('quota_emails_per_day', String(sentSoFar + 1), null);
    const first = await queuedEmail('one@quota.example');
    const second = await queuedEmail('two@quota.example');
    await h.ctx.sendLoop.tick();
    expect(smtp.messages.map((m) => m.to[0])).toEqual(['one@quota.example']);
    expect((await statusOf(first)).status).toBe('SENT');
    expect((await statusOf(second)).status).toBe('QUEUED');
    const refused = await api('POST', `/api/emails/${second}/send-now`);
    expect(refused.status).toBe(429);
    await h.ctx.settings.store.delete('quota_emails_per_day');
  });
});
