// Two sending mailboxes, each a real SMTP server on loopback: a live campaign's first emails
// spread over them by room, each signed by its own mailbox's sender; daily caps and spacing hold
// under the sender's real loop; every follow-up goes from its thread's mailbox.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer, type ReceivedMessage } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';
import { RECRAWLS_PER_TURN } from '../../src/core/sequences/service.ts';

let h: Harness;
let first: FakeSmtpServer;
let second: FakeSmtpServer;
let token: string;
let campaignId: number;

beforeAll(async () => {
  first = await startSmtpServer({ user: 'one', pass: 'one-secret' });
  second = await startSmtpServer({ user: 'two', pass: 'two-secret' });
  h = await startHarness({
    OUTREACH_SANDBOX_PORT: '0',
    OUTREACH_SANDBOX_HTTPS_PORT: '0',
    OUTREACH_SMTP_URL: first.url(),
    OUTREACH_EMAIL_FROM: 'Pixel Agency <hello@pixel.example>',
    OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701',
    OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example',
    OUTREACH_BREVO_WEBHOOK_TOKEN: BREVO_TOKEN,
  });
  token = await h.login(ADMIN.username, ADMIN.password);
  await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false, email_send_delay: 0.5 }, null);
  await h.call('PUT', '/api/settings/optimal-sending-times', { token, body: { optimal_times: [] } });
});
afterAll(async () => {
  await h.close();
  await first.stop();
  await second.stop();
});

const exec = async (sql: string, args: (string | number | null)[] = []) => (await h.ctx.db.$client.execute({ sql, args })).rows;
const DAY = 86_400_000;
const BREVO_TOKEN = 'mailbox-hook-token';
const recipientsOf = (messages: ReceivedMessage[]) => messages.map((m) => m.to[0]);

async function runCampaign(): Promise<number> {
  const created = (await h.call('POST', '/api/campaigns', { token, body: { name: 'Plumbers', search_query: 'plumbers in Austin', mode: 'live', sequence: { steps: 2, follow_up_days: [2] } } })).body;
  await h.call('POST', `/api/campaigns/${created.id}/start`, { token });
  const worker = h.ctx.worker({ id: 'w', concurrency: 3, pollMs: 20 });
  worker.start();
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if ((await h.call('GET', `/api/campaigns/${created.id}`, { token })).body.status !== 'RUNNING') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await worker.stop();
  return created.id as number;
}

describe('two mailboxes over real SMTP', () => {
  it('spreads a campaign\'s first emails by room, each signed and sent by its own mailbox, within its cap', async () => {
    // Mailbox 1 is Settings → Email (here its environment); it gets a cap of its own, like the new one.
    await h.ctx.mailboxes.update(1, { daily_cap: 3 }, null);
    const port = second.port;
    const added = await h.ctx.mailboxes.create({
      provider: 'smtp',
      label: 'Second',
      smtp_host: '127.0.0.1',
      smtp_port: port,
      smtp_user: 'two',
      smtp_password: 'two-secret',
      from_email: 'sam@pixel-two.example',
      from_name: 'Sam Second',
      daily_cap: 3,
      min_spacing_seconds: 0,
      ramp: false,
    });
    expect(added).toMatchObject({ id: 2, provider: 'smtp', allowance_today: 3, room: 3, test: { ok: true } });
    expect(added.smtp).toEqual({ host: '127.0.0.1', port, user: 'two', secure: false });
    // Its domain was checked on save, through its own SMTP server (the DNS stub publishes SPF for loopback, a DKIM key, DMARC).
    expect(added.domain).toMatchObject({ domain: 'pixel-two.example', refusal: null, checked_at: expect.any(String), summary: 'SPF ok, DKIM unverified, DMARC ok, MX ok; on no blocklist asked' });
    // (DKIM: an SMTP server signs with a selector only its operator can name; none is named here, so nothing is claimed.)

    campaignId = await runCampaign();
    const drafted = await exec('SELECT id, mailbox_id, body, recipient_email FROM emails WHERE campaign_id = ? AND step = 1 ORDER BY id', [campaignId]);
    expect(drafted.length).toBeGreaterThanOrEqual(6);
    // Each thread took the mailbox with the most room left, counting the drafts being written
    // at the same time (three draft jobs run at once): the threads split evenly, give or take one.
    const per = (box: number) => drafted.filter((r) => Number(r.mailbox_id) === box).length;
    expect(per(1) + per(2)).toBe(drafted.length);
    expect(Math.abs(per(1) - per(2))).toBeLessThanOrEqual(1);
    for (const r of drafted) expect(String(r.body)).toContain(Number(r.mailbox_id) === 2 ? 'Sam Second' : 'Pixel Agency');

    // The sender's real loop: three from each mailbox, then nothing is due (both at their cap).
    for (let i = 0; i < 12; i++) await h.ctx.sendLoop.tick();
    await h.ctx.sender.sendDue({ limit: 100, unscheduled: true });
    expect(first.messages).toHaveLength(3);
    expect(second.messages).toHaveLength(3);
    expect(await h.ctx.sender.sendDue({ limit: 100, unscheduled: true })).toEqual([]);
    const byBox = (box: number) => drafted.filter((r) => Number(r.mailbox_id) === box).map((r) => String(r.recipient_email));
    expect(byBox(2)).toEqual(expect.arrayContaining(recipientsOf(second.messages)));
    expect(byBox(1)).toEqual(expect.arrayContaining(recipientsOf(first.messages)));
    for (const m of second.messages) {
      const mail = await simpleParser(m.raw);
      expect(mail.from?.value[0]).toMatchObject({ address: 'sam@pixel-two.example', name: 'Sam Second' });
      expect(m.user).toBe('two');
    }
    for (const m of first.messages) expect((await simpleParser(m.raw)).from?.value[0]?.address).toBe('hello@pixel.example');
    const waiting = await exec("SELECT count(*) AS n FROM emails WHERE campaign_id = ? AND status = 'QUEUED'", [campaignId]);
    expect(Number(waiting[0]!.n)).toBe(drafted.length - 6);

    const listed = await h.ctx.mailboxes.list();
    expect(listed.map((m) => [m.id, m.sent_24h, m.room])).toEqual([
      [1, 3, 0],
      [2, 3, 0],
    ]);
  }, 240_000);

  it('sends every follow-up from its thread\'s mailbox, and holds a mailbox to its spacing', async () => {
    await h.ctx.mailboxes.update(1, { daily_cap: 50 }, null);
    await h.ctx.mailboxes.update(2, { daily_cap: 50, min_spacing_seconds: 3600 }, null);
    const stepOne = await exec("SELECT id, mailbox_id, recipient_email, message_id FROM emails WHERE campaign_id = ? AND step = 1 AND status = 'SENT'", [campaignId]);
    await exec('UPDATE emails SET next_step_due_at = ? WHERE campaign_id = ? AND step = 1 AND status = ?', [Date.now() - 1000, campaignId, 'SENT']);
    // A turn crawls at most RECRAWLS_PER_TURN sites again (one per thread that cited the crawl): the rest follow on the next turn.
    for (let turn = 0; turn < Math.ceil(stepOne.length / RECRAWLS_PER_TURN); turn++) await h.ctx.sequences.advance();
    // A follow-up held for review is approved, as an operator would.
    await exec("UPDATE emails SET status = 'QUEUED' WHERE campaign_id = ? AND step = 2 AND status = 'DRAFT'", [campaignId]);
    const stepTwo = await exec('SELECT e.mailbox_id, e.in_reply_to, e.body, p.mailbox_id AS thread_mailbox FROM emails e JOIN emails p ON p.campaign_id = e.campaign_id AND p.lead_id = e.lead_id AND p.step = 1 WHERE e.campaign_id = ? AND e.step = 2', [campaignId]);
    expect(stepTwo).toHaveLength(stepOne.length);
    for (const r of stepTwo) {
      expect(r.mailbox_id).toBe(r.thread_mailbox);
      expect(String(r.body)).toContain(Number(r.mailbox_id) === 2 ? 'Sam Second' : 'Pixel Agency');
    }

    first.messages.length = 0;
    second.messages.length = 0;
    await h.ctx.sender.sendDue({ limit: 100, unscheduled: true });
    // Mailbox 2 sent within the hour already: its follow-ups wait; mailbox 1's go.
    expect(second.messages).toHaveLength(0);
    const threadOf = new Map(stepOne.map((r) => [String(r.recipient_email), { box: Number(r.mailbox_id), messageId: String(r.message_id) }]));
    const followUps = first.messages.filter((m) => /In-Reply-To:/i.test(m.raw));
    expect(followUps.length).toBe(3);
    for (const m of followUps) {
      const thread = threadOf.get(m.to[0]!)!;
      expect(thread.box).toBe(1);
      expect((await simpleParser(m.raw)).inReplyTo).toBe(thread.messageId);
    }
    const box2 = await h.ctx.mailboxes.get(2);
    expect(box2.room).toBe(47);
    expect((await h.ctx.sender.send(Number((await exec("SELECT id FROM emails WHERE campaign_id = ? AND step = 2 AND mailbox_id = 2 AND status = 'QUEUED' LIMIT 1", [campaignId]))[0]!.id))).result).toBe('skipped');

    // An hour later (its last send moved back), one more email from mailbox 2, to one of its own threads, and then it waits again.
    await exec('UPDATE emails SET sent_at = sent_at - 3600000 WHERE mailbox_id = 2 AND sent_at IS NOT NULL');
    await h.ctx.sender.sendDue({ limit: 100, unscheduled: true });
    expect(second.messages).toHaveLength(1);
    const ownThreads = await exec('SELECT recipient_email FROM emails WHERE campaign_id = ? AND step = 1 AND mailbox_id = 2', [campaignId]);
    expect(ownThreads.map((r) => String(r.recipient_email))).toContain(second.messages[0]!.to[0]);
    // Each follow-up re-checks its site first (24 s alone): the 30 s default failed once on a loaded machine.
  }, 120_000);

  it("pauses a mailbox whose hard bounces (one from Brevo's webhook) pass the threshold, while the other keeps sending, until resumed", async () => {
    const now = Date.now();
    let seq = 0;
    /** A hand-written email (no campaign, so only its mailbox and all sending are judged) from `mailbox`. */
    const email = async (mailbox: number, status: 'SENT' | 'QUEUED') => {
      const host = `guard${++seq}.example`;
      const lead = Number((await exec("INSERT INTO leads (url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_SENT', '[]', '[]', '[]', ?, ?, ?) RETURNING id", [`https://${host}/`, host, now, now, now]))[0]!.id);
      const sentAt = status === 'SENT' ? now - 2 * DAY + seq * 1000 : null;
      const row = await exec('INSERT INTO emails (lead_id, subject, body, recipient_email, status, mailbox_id, provider_message_id, sent_at, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?) RETURNING id', [
        lead, 'Your website', 'Hello', `owner@${host}`, status, mailbox, status === 'SENT' ? `prov-${host}` : null, sentAt, status === 'QUEUED' ? now - 1000 : null, now, now,
      ]);
      return Number(row[0]!.id);
    };
    const fromSecond: number[] = [];
    for (let i = 0; i < 60; i++) fromSecond.push(await email(2, 'SENT'));
    for (let i = 0; i < 60; i++) await email(1, 'SENT');
    // 1 bounce in 60 is 1.7 %: nothing pauses; the second, from Brevo's webhook, makes 3.3 % of mailbox 2's sends (above 3 %), 2 in 180+ of all sending.
    expect((await h.ctx.guards.record({ emailId: fromSecond[0]!, kind: 'hard_bounce', source: 'test' })).paused).toEqual([]);
    const [second] = await exec('SELECT recipient_email, provider_message_id FROM emails WHERE id = ?', [fromSecond[1]!]);
    const hook = await h.call('POST', '/hooks/brevo', {
      body: { event: 'hard_bounce', email: String(second!.recipient_email), 'message-id': String(second!.provider_message_id), date: '2026-11-28 10:00:00' },
      headers: { authorization: `Bearer ${BREVO_TOKEN}` },
    });
    expect(hook.body).toEqual({ applied: 1 });
    const paused = (await h.ctx.guards.overview()).paused_mailboxes;
    expect(paused.map((p) => p.scope)).toEqual(['mailbox:2']);
    const state = await h.ctx.guards.overview();
    expect(state.live_sending.paused).toBeNull();
    expect(state.paused_campaigns).toEqual([]);
    expect(state.paused_mailboxes.map((p) => [p.mailbox_id, p.mailbox_label])).toEqual([[2, 'Second']]);
    expect((await h.ctx.mailboxes.get(2)).paused?.reason).toMatch(/^the bounce and complaint guard paused it: 2 hard bounces/);
    expect((await h.ctx.mailboxes.get(2)).guard).toMatchObject({ hard_bounces: 2, complaints: 0 });
    const feed = await exec("SELECT message FROM activity WHERE activity_type = 'sending_paused' ORDER BY id DESC LIMIT 1");
    expect(String(feed[0]!.message)).toMatch(/^Mailbox "Second" paused: 2 hard bounces/);

    // Its threads wait; mailbox 1's emails still go.
    const waiting = await email(2, 'QUEUED');
    const going = await email(1, 'QUEUED');
    await h.ctx.sender.sendDue({ limit: 100, unscheduled: false });
    const status = async (id: number) => String((await exec('SELECT status FROM emails WHERE id = ?', [id]))[0]!.status);
    expect(await status(going)).toBe('SENT');
    expect(await status(waiting)).toBe('QUEUED');
    expect((await h.ctx.sender.send(waiting)).result).toBe('skipped');

    // Resumed from the dashboard's notice (the guard's route) or the mailbox: the window starts again and its email goes.
    const resumed = await h.call('POST', '/api/guards/mailboxes/2/resume', { token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.paused_mailboxes).toEqual([]);
    expect((await h.ctx.mailboxes.get(2)).paused).toBeNull();
    await exec('UPDATE mailboxes SET min_spacing_seconds = 0 WHERE id = 2');
    await h.ctx.sender.sendDue({ limit: 100, unscheduled: false });
    expect(await status(waiting)).toBe('SENT');
  });

  it("answers a reply from the thread's mailbox, signed by its sender", async () => {
    const [thread] = await exec("SELECT id, lead_id, recipient_email, message_id FROM emails WHERE campaign_id = ? AND step = 1 AND mailbox_id = 2 AND status = 'SENT' LIMIT 1", [campaignId]);
    const now = Date.now();
    const reply = await exec(
      "INSERT INTO replies (email_id, lead_id, campaign_id, message_key, message_id, from_address, subject, text, received_at, class, sentiment, class_source, created_at) VALUES (?, ?, ?, '<answer-me@shop.example>', '<answer-me@shop.example>', ?, 'Re: hello', 'Yes, tell me more', ?, 'interested', 'positive', 'ai', ?) RETURNING id",
      [Number(thread!.id), Number(thread!.lead_id), campaignId, String(thread!.recipient_email), now, now],
    );
    const replyId = Number(reply[0]!.id);
    const signature = await h.call('GET', `/api/replies/${replyId}`, { token });
    expect(signature.body.signature).toContain('Sam Second');
    first.messages.length = 0;
    second.messages.length = 0;
    const sent = await h.call('POST', `/api/replies/${replyId}/answer`, { token, body: { body: 'Happy to: how about a call on Tuesday?\n\nSam Second' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(first.messages).toEqual([]);
    expect(second.messages.map((m) => m.to[0])).toEqual([String(thread!.recipient_email)]);
    const mail = await simpleParser(second.messages[0]!.raw);
    expect(mail.from?.value[0]?.address).toBe('sam@pixel-two.example');
    expect(mail.inReplyTo).toBe('<answer-me@shop.example>');
  });
});
