// Sending in the recipient's local hours, end to end over a real database and a real SMTP
// server: analysed leads get a time zone with its evidence, and the send loop (on an
// injectable clock) holds an email for Denver until 09:00 in Denver while it sends one
// for Berlin at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

// Tuesday 2026-03-10, 14:00 UTC: 15:00 in Berlin (CET), 08:00 in Denver (MDT since 8 March).
const TUESDAY_2PM_UTC = Date.parse('2026-03-10T14:00:00Z');
const clock = fakeClock(TUESDAY_2PM_UTC);
let h: Harness;
let smtp: FakeSmtpServer;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
  h = await startHarness(
    {
      OUTREACH_SANDBOX_PORT: '0',
      OUTREACH_SANDBOX_HTTPS_PORT: '0',
      OUTREACH_SMTP_URL: smtp.url(),
      OUTREACH_EMAIL_FROM: 'Pixel Agency <hello@pixel.example>',
      OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701',
      OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example',
    },
    { clock },
  );
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false, email_send_delay: 0.5 }, null);
  const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({ day, time_range: '09:00-17:00' }));
  expect((await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: weekdays })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await smtp?.stop();
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });

/** A live campaign's email (QUEUED, no scheduled time) to a lead in `zone`. */
async function liveEmail(to: string, zone: string | null, source: string | null) {
  const now = clock.now();
  const host = to.split('@')[1];
  const lead = await exec(
    "INSERT INTO leads (url, hostname, title, status, timezone, timezone_source, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'Shop', 'EMAIL_GENERATED', ?, ?, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://${host}/`, host, zone, source, now, now, now],
  );
  const email = await exec(
    "INSERT INTO emails (lead_id, subject, body, recipient_email, status, open_count, click_count, created_at, updated_at) VALUES (?, 'Your website', 'Hello.', ?, 'QUEUED', 0, 0, ?, ?) RETURNING id",
    [Number(lead.rows[0].id), to, now, now],
  );
  return Number(email.rows[0].id);
}

const statusOf = async (id: number) => String((await exec('SELECT status FROM emails WHERE id = ?', [id])).rows[0].status);

describe("the send loop, on the recipient's clock", () => {
  it('holds the email for Denver until 09:00 in Denver, and sends the one for Berlin at once', async () => {
    const denver = await liveEmail('owner@denver-plumbing.example', 'America/Denver', "analysis: address '1550 Larimer St, Denver, CO 80202'");
    const berlin = await liveEmail('inhaber@berlin-sanitaer.example', 'Europe/Berlin', "analysis: country 'Germany'");

    // The list says when each goes, on the recipient's clock (the Outreach screen shows it).
    const queued = (await api('GET', '/api/emails?status=QUEUED')).body.items as { id: number; send_at: string; recipient_timezone: string }[];
    expect(queued.find((e) => e.id === denver)).toMatchObject({ send_at: '2026-03-10T15:00:00.000Z', recipient_timezone: 'America/Denver' });
    expect(queued.find((e) => e.id === berlin)).toMatchObject({ send_at: '2026-03-10T14:00:00.000Z', recipient_timezone: 'Europe/Berlin' });

    const first = await h.ctx.sendLoop.tick();
    expect(first.filter((o) => o.result === 'sent').map((o) => o.id)).toEqual([berlin]);
    expect(smtp.messages.map((m) => m.to[0])).toEqual(['inhaber@berlin-sanitaer.example']);

    clock.t = Date.parse('2026-03-10T14:59:00Z'); // 08:59 in Denver
    expect((await h.ctx.sendLoop.tick()).filter((o) => o.result === 'sent')).toEqual([]);
    expect(await statusOf(denver)).toBe('QUEUED');

    clock.t = Date.parse('2026-03-10T15:00:00Z'); // 09:00 in Denver
    const later = await h.ctx.sendLoop.tick();
    expect(later.filter((o) => o.result === 'sent').map((o) => o.id)).toEqual([denver]);
    expect(await statusOf(denver)).toBe('SENT');
    expect(smtp.messages.map((m) => m.to[0])).toEqual(['inhaber@berlin-sanitaer.example', 'owner@denver-plumbing.example']);
  });

  it('approves a Denver draft for 09:00 Denver, whatever the client asks', async () => {
    clock.t = TUESDAY_2PM_UTC;
    const id = await liveEmail('office@denver-dental.example', 'America/Denver', "campaign location 'Denver, CO'");
    await exec("UPDATE emails SET status = 'DRAFT' WHERE id = ?", [id]);
    // The Drafts list already says when it would go, by the same rule.
    const listed = (await api('GET', '/api/drafts')).body.drafts.find((d: { id: number }) => d.id === id);
    expect(listed).toMatchObject({ send_at: '2026-03-10T15:00:00.000Z', recipient_timezone: 'America/Denver' });
    const approved = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [id], schedule_optimally: false });
    expect(approved.body).toMatchObject({ sent_immediately: false, scheduled_for: '2026-03-10T15:00:00.000Z' });
    expect(approved.body.emails).toEqual([{ id, send_at: '2026-03-10T15:00:00.000Z', timezone: 'America/Denver', timezone_source: "campaign location 'Denver, CO'" }]);
    expect((await h.ctx.sendLoop.tick()).filter((o) => o.id === id)).toEqual([]);
    expect(await statusOf(id)).toBe('QUEUED');
  });
});

describe('a lead’s time zone, from the analysis', () => {
  it('stores each analysed lead’s zone with the evidence it came from', async () => {
    const campaign = (await api('POST', '/api/campaigns', { name: 'Denver plumbers', search_query: 'plumbers', location: 'Denver, CO', max_results: 3 })).body;
    await api('POST', `/api/campaigns/${campaign.id}/start`);
    await h.runToEnd(campaign.id);
    const leads = (await exec('SELECT timezone, timezone_source FROM leads WHERE campaign_id = ? AND analyzed_at IS NOT NULL', [campaign.id])).rows;
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) {
      expect(lead.timezone).toBe('America/Denver');
      expect(String(lead.timezone_source)).toMatch(/^(analysis: address '(.*, )?Denver, CO( \d{5})?'|campaign location 'Denver, CO')$/);
    }
    const one = (await api('GET', `/api/leads?campaign_id=${campaign.id}`)).body;
    const item = (one.items ?? one.leads ?? one)[0];
    expect(item.timezone_source).toEqual(expect.any(String));
  });
});
