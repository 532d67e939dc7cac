// The emails API and draft approval over HTTP, with the offline outbox as the mailer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ enable_rate_limiting: false, email_send_delay: 0.5 }, null);
  const now = Date.now();
  for (const [name, industry] of [['Plumbers', 'plumbing'], ['Dentists', 'dental']]) {
    await exec("INSERT INTO campaigns (name, search_query, industry, created_at, updated_at) VALUES (?, 'q', ?, ?, ?)", [name, industry, now, now]);
  }
});
afterAll(() => h.close());

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });
let n = 0;

async function email(status: string, campaign: number | null = 1) {
  const now = Date.now();
  const host = `shop${++n}.example`;
  const lead = await exec(
    "INSERT INTO leads (url, hostname, title, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, 'EMAIL_GENERATED', ?, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://${host}/`, host, `Shop ${n}`, campaign, now, now, now],
  );
  const row = await exec(
    'INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0.7, 0, 0, ?, ?) RETURNING id',
    [campaign, Number(lead.rows[0].id), `Hello ${host}`, 'Hello there.', `info@${host}`, status, now, now],
  );
  return Number(row.rows[0].id);
}

const statuses = async (ids: number[]) =>
  (await exec(`SELECT status FROM emails WHERE id IN (${ids.join(',')}) ORDER BY id`)).rows.map((r) => r.status);

describe('emails API', () => {
  it('needs a signed-in user and validates filters', async () => {
    expect((await h.call('GET', '/api/emails')).status).toBe(401);
    const bad = await api('GET', '/api/emails?status=LOST');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/status must be one of DRAFT, QUEUED/);
  });

  it('lists emails with their lead, filtered by status and campaign', async () => {
    const a = await email('SENT', 1);
    await email('QUEUED', 2);
    const sent = (await api('GET', '/api/emails?status=SENT&campaign_id=1')).body;
    expect(sent.count).toBe(1);
    expect(sent.emails[0]).toMatchObject({ id: a, status: 'SENT', campaign_id: 1, open_count: 0, machine_open_count: 0, lead: { title: expect.any(String), hostname: expect.stringMatching(/\.example$/) } });
    expect((await api('GET', '/api/emails?campaign_id=2')).body.count).toBe(1);
  });

  it('approves drafts for now, or for the next sending window', async () => {
    const [a, b, c] = [await email('DRAFT'), await email('DRAFT'), await email('SENT')];
    await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: [{ day: 'Monday', time_range: '09:00-10:00' }, { day: 'Thursday', time_range: '09:00-10:00' }] });
    const now = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [a], schedule_optimally: false });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ approved_count: 1, sent_immediately: true, sending_enabled: true });
    const later = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [b, c], schedule_optimally: true });
    expect(later.body.approved_count).toBe(1); // the sent one is not a draft
    const at = new Date(later.body.scheduled_for);
    expect(['Monday', 'Thursday']).toContain(at.toLocaleDateString('en-US', { weekday: 'long' }));
    expect(at.getHours()).toBe(9);
    expect(await statuses([a, b, c])).toEqual(['QUEUED', 'QUEUED', 'SENT']);
    const again = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [a], schedule_optimally: false });
    expect(again.status).toBe(409);
    expect((await api('POST', '/api/drafts/bulk-approve', { draft_ids: [] })).body.detail).toMatch(/Select at least one draft/);
  });

  it('sends one now through the outbox, and refuses what cannot be sent', async () => {
    const id = await email('QUEUED');
    const res = await api('POST', `/api/emails/${id}/send-now`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'SENT', sent_at: expect.any(String) });
    const twice = await api('POST', `/api/emails/${id}/send-now`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('This email is SENT: only draft, queued, paused or failed emails can be sent');
    expect((await api('POST', '/api/emails/99999/send-now')).status).toBe(404);
  });

  it('pauses, releases across campaigns, deletes only unsent emails', async () => {
    const [a, b, c, sent] = [await email('QUEUED', 1), await email('QUEUED', 2), await email('QUEUED', null), await email('SENT', 1)];
    expect((await api('POST', '/api/emails/bulk-pause', { email_ids: [a, b, sent] })).body).toEqual({ paused_count: 2 });
    expect(await statuses([a, b])).toEqual(['PAUSED', 'PAUSED']);
    expect((await api('POST', '/api/emails/bulk-send', { email_ids: [a, b, c, sent] })).body).toEqual({ queued_count: 3, campaigns_processed: 3 });
    expect(await statuses([a, b, c, sent])).toEqual(['QUEUED', 'QUEUED', 'QUEUED', 'SENT']);
    expect((await api('POST', '/api/emails/bulk-delete', { email_ids: [a, sent] })).body).toEqual({ deleted_count: 1, skipped_count: 1 });
    expect(await statuses([a, sent])).toEqual(['SENT']);
  });

  it("schedules emails for the industry's best hour tomorrow", async () => {
    const [a, b] = [await email('DRAFT', 1), await email('PAUSED', 1)];
    const res = await api('POST', '/api/emails/schedule-smart', { email_ids: [a, b], industry: 'plumbing', schedule_for_tomorrow: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email_count: 2, industry: 'plumbing' });
    const at = new Date(res.body.scheduled_for).getTime();
    expect(at).toBeGreaterThan(Date.now());
    expect(at).toBeLessThan(Date.now() + 3 * 24 * 3600_000);
    const rows = (await exec(`SELECT status, scheduled_send_time FROM emails WHERE id IN (${a}, ${b})`)).rows;
    expect(rows.every((r) => r.status === 'QUEUED' && Number(r.scheduled_send_time) === at)).toBe(true);
    expect((await api('POST', '/api/emails/schedule-smart', { email_ids: [a], industry: '' })).status).toBe(422);
  });
});
