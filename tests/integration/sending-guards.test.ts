// The bounce and complaint guard end to end: a complaint from Brevo's webhook and one from
// Resend's signed webhook each pause the campaign whose rate crosses the threshold (and live
// sending, when all sends cross it too), with the figures in the feed; a complaint counts once;
// the real sender loop (over a real SMTP server) refuses to send while live sending is paused
// and sends again after an operator resumes it (API); a guard-paused campaign's emails wait
// while others go; `outreach guards` and `outreach campaign show` on the compiled binary.
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svixSign } from '../support/svix.ts';
import { distNotCurrent, distStale } from '../support/dist.ts';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const BREVO_TOKEN = 'brevo-hook-secret-123';
const RESEND_SECRET = `whsec_${Buffer.from('resend signing secret for tests!').toString('base64')}`;
const DAY = 86_400_000;

let h: Harness;
let smtp: FakeSmtpServer;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
  h = await startHarness({
    OUTREACH_BREVO_WEBHOOK_TOKEN: BREVO_TOKEN,
    OUTREACH_RESEND_WEBHOOK_SECRET: RESEND_SECRET,
    OUTREACH_SMTP_URL: smtp.url(),
    OUTREACH_EMAIL_FROM: 'Pixel Agency <hello@pixel.example>',
    OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701',
    OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example',
  });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ enable_rate_limiting: false, email_send_delay: 0.5 }, null);
  await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
});
afterAll(async () => {
  await h?.close();
  await smtp?.stop();
});

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });
const rows = async (sql: string, args: (string | number | null)[] = []) => (await exec(sql, args)).rows as Record<string, any>[];
const feed = (type: string) => rows('SELECT campaign_id, status, message FROM activity WHERE activity_type = ? ORDER BY id', [type]);

let hostSeq = 0;
/** A campaign with `sent` emails sent two days ago (in the 7-day window, out of the 24-hour cap); their ids and provider ids. */
async function campaignWithSends(name: string, sent: number): Promise<{ id: number; emails: { id: number; to: string; providerId: string }[] }> {
  const now = Date.now();
  const id = Number((await exec("INSERT INTO campaigns (name, search_query, mode, status, created_at, updated_at) VALUES (?, 'q', 'live', 'COMPLETED', ?, ?) RETURNING id", [name, now, now])).rows[0].id);
  const emails: { id: number; to: string; providerId: string }[] = [];
  for (let i = 0; i < sent; i++) {
    const host = `shop${++hostSeq}.example`;
    const lead = Number(
      (await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_SENT', ?, '[]', '[]', '[]', ?, ?, ?) RETURNING id", [`https://${host}/`, host, id, now, now, now])).rows[0].id,
    );
    const to = `owner@${host}`;
    const providerId = `prov-${host}`;
    const email = await exec(
      "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, provider_message_id, sent_at, open_count, click_count, created_at, updated_at) VALUES (?, ?, 'Your website', 'Hello', ?, 'SENT', ?, ?, 0, 0, ?, ?) RETURNING id",
      [id, lead, to, providerId, now - 2 * DAY + i * 1000, now, now],
    );
    emails.push({ id: Number(email.rows[0].id), to, providerId });
  }
  return { id, emails };
}

/** A QUEUED email of the campaign, due now. */
async function queued(campaignId: number, to: string): Promise<number> {
  const now = Date.now();
  const host = to.split('@')[1];
  const lead = Number(
    (await exec("INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_GENERATED', ?, '[]', '[]', '[]', ?, ?, ?) RETURNING id", [`https://${host}/`, host, campaignId, now, now, now])).rows[0].id,
  );
  const email = await exec(
    "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (?, ?, 'Your website', 'Hello', ?, 'QUEUED', ?, 0, 0, ?, ?) RETURNING id",
    [campaignId, lead, to, now - 1000, now, now],
  );
  return Number(email.rows[0].id);
}

const brevo = (body: unknown) => h.call('POST', '/hooks/brevo', { body, headers: { authorization: `Bearer ${BREVO_TOKEN}` } });

function resend(body: string, opts: { id?: string; secret?: string; ts?: number } = {}) {
  const id = opts.id ?? `msg_${Math.random().toString(36).slice(2)}`;
  const ts = opts.ts ?? Math.floor(Date.now() / 1000);
  return h.call('POST', '/hooks/resend', { raw: body, headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(ts), 'svix-signature': svixSign(opts.secret ?? RESEND_SECRET, id, ts, body) } });
}

let brevoCampaign: Awaited<ReturnType<typeof campaignWithSends>>;

describe('complaints from the providers pause what crosses the threshold', () => {
  it("a Brevo spam complaint pauses its campaign (1 in 60 sends is above 0.1 %) and live sending, with the figures in the feed; it counts once", async () => {
    brevoCampaign = await campaignWithSends('Austin plumbers', 60);
    const target = brevoCampaign.emails[5];
    const event = { event: 'spam', email: target.to, 'message-id': target.providerId, date: '2026-11-28 10:00:00' };
    expect((await brevo(event)).body).toEqual({ applied: 1 });

    expect((await h.ctx.suppressions.blocks(target.to))?.reason).toBe('complained');
    const paused = await feed('sending_paused');
    expect(paused.map((p) => [p.campaign_id, p.status, p.message])).toEqual([
      [null, 'error', 'Live sending paused: 1 spam complaint in the last 60 sends (1.7 %, above 0.1 %) across all campaigns'],
      [brevoCampaign.id, 'error', 'Paused: 1 spam complaint in the last 60 sends (1.7 %, above 0.1 %)'],
    ]);

    // Reported again (Brevo retries): nothing counted or said twice.
    expect((await brevo(event)).body).toEqual({ applied: 1 });
    expect(await rows('SELECT email_id, kind, source FROM sending_signals')).toEqual([{ email_id: target.id, kind: 'complaint', source: 'brevo: spam' }]);
    expect(await feed('sending_paused')).toHaveLength(2);

    const state = (await api('GET', '/api/guards')).body;
    expect(state.live_sending.paused).toMatchObject({ scope: 'all', cause: 'complaints', figures: { sends: 60, complaints: 1 } });
    expect(state.paused_campaigns).toEqual([expect.objectContaining({ scope: `campaign:${brevoCampaign.id}`, campaign_id: brevoCampaign.id, campaign_name: 'Austin plumbers', reason: '1 spam complaint in the last 60 sends (1.7 %, above 0.1 %)' })]);
    expect((await api('GET', `/api/guards/campaigns/${brevoCampaign.id}`)).body).toMatchObject({ paused: { cause: 'complaints' }, figures: { sends: 60, complaints: 1, complaint_rate: 1.67 } });
  });

  it('the sender refuses every email while live sending is paused, and sends again once an operator resumes it (API, in the feed)', async () => {
    const other = await campaignWithSends('Denver roofers', 0);
    const waiting = await queued(other.id, 'owner@roofs-one.example');
    const outcomes = await h.ctx.sendLoop.tick();
    expect(outcomes).toEqual([expect.objectContaining({ id: waiting, result: 'deferred', why: 'paused' })]);
    expect(smtp.messages).toHaveLength(0);
    expect((await rows('SELECT status, last_error FROM emails WHERE id = ?', [waiting]))[0]).toMatchObject({ status: 'QUEUED', last_error: expect.stringMatching(/^Live sending is paused by the bounce and complaint guard \(1 spam complaint/) });
    expect((await feed('sending')).map((f) => f.message)).toEqual([expect.stringMatching(/^Queued emails are waiting: Live sending is paused by the bounce and complaint guard/)]);
    // Send Now says why too, as a conflict.
    const now = await api('POST', `/api/emails/${waiting}/send-now`);
    expect(now.status).toBe(409);
    expect(now.body.detail).toMatch(/Live sending is paused by the bounce and complaint guard .*outreach guards resume all/);

    const resumed = await api('POST', '/api/guards/all/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.live_sending.paused).toBeNull();
    expect(resumed.body.paused_campaigns).toHaveLength(1); // the campaign stays paused: resumed on its own
    expect((await feed('sending_resumed')).map((f) => f.message)).toEqual([expect.stringMatching(/^Live sending resumed by admin \(it was paused: 1 spam complaint in the last 60 sends .*\); the guard reads the sends from now on$/)]);
    expect((await api('POST', '/api/guards/all/resume')).body).toEqual({ detail: 'Live sending is not paused' });

    // The paused campaign's email waits; the other campaign's goes.
    const held = await queued(brevoCampaign.id, 'owner@plumb-two.example');
    const sent = await h.ctx.sendLoop.tick();
    expect(sent.filter((o) => o.result === 'sent').map((o) => o.id)).toEqual([waiting]);
    expect(smtp.messages).toHaveLength(1);
    expect((await rows('SELECT status FROM emails WHERE id = ?', [held]))[0].status).toBe('QUEUED');
  });

  it('answers 401 with a detail for a Resend webhook with a wrong or missing signature, and applies nothing', async () => {
    const body = JSON.stringify({ type: 'email.complained', created_at: new Date().toISOString(), data: { email_id: 'nope' } });
    const wrong = await resend(body, { secret: `whsec_${Buffer.from('not the secret').toString('base64')}` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toMatch(/^svix-signature does not match: check the signing secret/);
    const old = await resend(body, { ts: Math.floor(Date.now() / 1000) - 3600 });
    expect([old.status, old.body.detail]).toEqual([401, "svix-timestamp is not within 5 minutes of this server's clock"]);
    const bare = await h.call('POST', '/hooks/resend', { raw: body, headers: { 'content-type': 'application/json' } });
    expect([bare.status, bare.body.detail]).toEqual([401, 'Missing svix-id, svix-timestamp or svix-signature header']);
    const bad = await resend('{not json');
    expect([bad.status, bad.body.detail]).toEqual([400, 'The request body is not valid JSON']);
  });

  it('a signed Resend complaint pauses its campaign with the feed line; a hard bounce counts too, each once', async () => {
    const c = await campaignWithSends('Miami dentists', 70);
    const [first, second] = c.emails;
    const complaint = JSON.stringify({ type: 'email.complained', created_at: new Date().toISOString(), data: { email_id: first.providerId, to: [first.to.toUpperCase()] } });
    const res = await resend(complaint, { id: 'msg_complaint_1' });
    expect([res.status, res.body]).toEqual([200, { applied: 1 }]);
    expect((await resend(complaint, { id: 'msg_complaint_1' })).body).toEqual({ applied: 1 }); // Svix retries the same message

    expect((await h.ctx.suppressions.blocks(first.to))?.reason).toBe('complained');
    expect((await feed('sending_paused')).filter((p) => p.campaign_id === c.id).map((p) => p.message)).toEqual(['Paused: 1 spam complaint in the last 70 sends (1.4 %, above 0.1 %)']);
    const bounce = JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { email_id: second.providerId, to: [second.to], bounce: { type: 'Permanent', subType: 'General', message: 'mailbox does not exist' } } });
    expect((await resend(bounce)).body).toEqual({ applied: 1 });
    expect((await rows('SELECT status, last_error FROM emails WHERE id = ?', [second.id]))[0]).toEqual({ status: 'BOUNCED', last_error: 'Resend reported email.bounced: Permanent: General: mailbox does not exist' });
    expect(await rows('SELECT email_id, kind, source, provider_event_id FROM sending_signals WHERE campaign_id = ? ORDER BY id', [c.id])).toEqual([
      { email_id: first.id, kind: 'complaint', source: 'resend: email.complained', provider_event_id: 'msg_complaint_1' },
      { email_id: second.id, kind: 'hard_bounce', source: 'resend: email.bounced', provider_event_id: expect.stringMatching(/^msg_/) },
    ]);
    // Live sending was resumed before: the guard reads all sends since then, too few to mean anything.
    expect((await api('GET', '/api/guards')).body.live_sending).toMatchObject({ paused: null, figures: { sends: 1 } });
  });
});

describe('outreach guards and campaign show (compiled binary)', () => {
  it('shows a paused campaign with its reason, resumes it (in the feed), and says when there is nothing to resume', async () => {
    const stale = distNotCurrent();
    if (stale) throw distStale(stale);
    const env = { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' };
    const outreach = (...args: string[]) => execa('node', ['bin/outreach.js', ...args], { env, reject: false });
    const id = String(brevoCampaign.id);

    const show = await outreach('campaign', 'show', id);
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/Sending +PAUSED since .*: 1 spam complaint in the last 60 sends \(1\.7 %, above 0\.1 %\)/);
    expect(show.stdout).toContain(`resume with: outreach guards resume ${id}`);
    expect(JSON.parse((await outreach('campaign', 'show', id, '--json')).stdout).sending_guard).toMatchObject({ campaign_id: brevoCampaign.id, paused: { cause: 'complaints' } });

    const status = await outreach('guards');
    expect(status.stdout).toContain('Live sending: not paused');
    expect(status.stdout).toContain(`Campaign ${id} "Austin plumbers": paused since`);

    const resumed = await outreach('guards', 'resume', id);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe(`Campaign ${id}'s sending resumed (it was paused: 1 spam complaint in the last 60 sends (1.7 %, above 0.1 %)).`);
    expect((await feed('sending_resumed')).filter((f) => f.campaign_id === brevoCampaign.id).map((f) => f.message)).toEqual([
      expect.stringMatching(/^Sending for campaign "Austin plumbers" resumed by .+ \(terminal\) \(it was paused: 1 spam complaint/),
    ]);
    const again = await outreach('guards', 'resume', id);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(`Sending for campaign ${id} ("Austin plumbers") is not paused`);
    const unknown = await outreach('guards', 'resume', '9999');
    expect(unknown.stderr).toContain('Campaign 9999 not found');

    // Its held email goes now.
    const sent = await h.ctx.sendLoop.tick();
    expect(sent.filter((o) => o.result === 'sent')).toHaveLength(1);
  });
});

describe('hard bounces at sending', () => {
  it("counts the provider's refusals as sends and bounces, and pauses the campaign mid-run: its next email waits", async () => {
    const c = await campaignWithSends('Boise bakers', 50);
    const refused = ['gone1@bakery-a.example', 'gone2@bakery-b.example'];
    refused.forEach((to) => smtp.rejectRecipients.add(to));
    const ids = [await queued(c.id, refused[0]), await queued(c.id, refused[1]), await queued(c.id, 'owner@bakery-c.example')];
    smtp.messages.length = 0;

    // The third was due with the others; once the campaign is paused it is passed over, not sent.
    const outcomes = await h.ctx.sendLoop.tick();
    expect(outcomes.map((o) => [o.id, o.result])).toEqual([
      [ids[0], 'bounced'],
      [ids[1], 'bounced'],
      [ids[2], 'skipped'],
    ]);
    expect(smtp.messages).toHaveLength(0);
    expect(await rows('SELECT email_id, kind, source, at_send FROM sending_signals WHERE campaign_id = ? ORDER BY id', [c.id])).toEqual([
      { email_id: ids[0], kind: 'hard_bounce', source: 'refused at sending', at_send: 1 },
      { email_id: ids[1], kind: 'hard_bounce', source: 'refused at sending', at_send: 1 },
    ]);
    // 1 in 51 (2 %) did not stop it; 2 in 52 did.
    expect((await feed('sending_paused')).filter((p) => p.campaign_id === c.id).map((p) => p.message)).toEqual(['Paused: 2 hard bounces in the last 52 sends (3.8 %, above 3 %)']);
    expect((await rows('SELECT status, last_error FROM emails WHERE id = ?', [ids[2]]))[0]).toEqual({
      status: 'QUEUED',
      last_error: 'Sending for campaign "Boise bakers" is paused by the bounce and complaint guard (2 hard bounces in the last 52 sends (3.8 %, above 3 %)): an operator must resume it (outreach guards resume ' + c.id + ')',
    });
    // Another campaign's email still goes; this one's waits.
    const other = await campaignWithSends('Boise florists', 0);
    const next = await queued(other.id, 'owner@florist-d.example');
    expect((await h.ctx.sendLoop.tick()).map((o) => [o.id, o.result])).toEqual([[next, 'sent']]);
  });
});
