// A three-step sequence over the sandbox, delivered to a real SMTP server across simulated
// days (a fake clock drives the sender, the follow-up writer and the send loop): follow-ups
// fall due after their business days, go out in the thread (Re:, In-Reply-To, References),
// and stop for the lead that replied (a real reply in Dovecot), unsubscribed, or bounced;
// a follow-up claimed while the lead's reply arrives is cancelled, not sent.
import { execa } from 'execa';
import { ImapFlow } from 'imapflow';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailSender } from '../../src/core/emails/sender.ts';
import { localSlot } from '../../src/core/scheduling/optimal-time.ts';
import { insideWindow, localTimezone } from '../../src/core/scheduling/windows.ts';
import { SqlEmailRepo } from '../../src/db/repos/emails.ts';
import { SqlLeadStatusRepo } from '../../src/db/repos/lead-status.ts';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../support/dovecot.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const FROM = 'hello@pixel.example';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const WINDOWS = WEEKDAYS.map((day) => ({ day, time_range: '09:00-17:00' }));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The first moment at or after `from` that is `day` at `hour`:00 in this server's zone. */
function localMoment(from: Date, day: string, hour: number): Date {
  const at = (t: number) => localSlot(new Date(t), localTimezone());
  for (let t = Math.ceil(from.getTime() / (15 * MINUTE)) * 15 * MINUTE; ; t += 15 * MINUTE) {
    const slot = at(t);
    if (slot.day === day && slot.hour === hour && at(t - 15 * MINUTE).hour !== hour) return new Date(t);
  }
}

let h: Harness;
let smtp: FakeSmtpServer;
let imap: Dovecot;
let token: string;
const clock = fakeClock();

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
const sql = async (text: string, args: (string | number | null)[] = []) => (await h.ctx.db.$client.execute({ sql: text, args })).rows;
const header = (raw: string, name: string) => {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
};
const subjectOf = async (m: { raw: string }) => (await simpleParser(m.raw)).subject;
const messagesTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

async function appendReply(raw: string): Promise<void> {
  const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.append('INBOX', raw, []);
  await client.logout();
}
const reply = (from: string, inReplyTo: string, subject: string, body: string) =>
  [`Date: ${new Date().toUTCString()}`, `From: ${from}`, `To: ${FROM}`, `Subject: ${subject}`, `Message-ID: <r-${Math.random().toString(36).slice(2)}@shop.example>`, `In-Reply-To: ${inReplyTo}`, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');

/** Turns of the send loop, a few simulated minutes apart, until nothing is queued (live emails are paced). */
async function drain(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await h.ctx.sendLoop.tick();
    if (Number((await sql("SELECT count(*) AS n FROM emails WHERE status = 'QUEUED'"))[0].n) === 0) return;
    clock.t += 10 * MINUTE;
  }
  throw new Error('queued emails never went out');
}

type Lead = { leadId: number; to: string; step1: number };

describe.skipIf(dovecotMissing)(`a three-step sequence${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`, () => {
  let campaignId: number;
  let leads: Lead[];
  let friday: Date;
  let replied: Lead, unsubscribed: Lead, bounced: Lead, full: Lead, racing: Lead;

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
    imap = await startDovecot();
    h = await startHarness(
      {
        OUTREACH_SANDBOX_PORT: '0',
        OUTREACH_SANDBOX_HTTPS_PORT: '0',
        OUTREACH_SMTP_URL: smtp.url(),
        OUTREACH_EMAIL_FROM: `Pixel Agency <${FROM}>`,
        OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701',
        OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example',
        OUTREACH_IMAP_HOST: imap.host,
        OUTREACH_IMAP_PORT: String(imap.port),
        OUTREACH_IMAP_USER: imap.user,
        OUTREACH_IMAP_PASSWORD: imap.password,
      },
      { clock },
    );
    token = await h.login(ADMIN.username, ADMIN.password);
    await h.ctx.settings.system.save({ scraping_delay: 0.5, enable_rate_limiting: false, email_send_delay: 0.5, target_emails_per_day: 500 }, null);
    expect((await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: WINDOWS })).status).toBe(200);

    // A Friday, 10:00 where this server is: inside Friday's window.
    friday = localMoment(new Date('2026-04-06T00:00:00Z'), 'Friday', 10);
    clock.t = friday.getTime();

    const created = await api('POST', '/api/campaigns', { name: 'Dentists', search_query: 'dentists in Denver', mode: 'live', max_results: 12, sequence: { steps: 3, follow_up_days: [3, 7] } });
    expect(created.status).toBe(201);
    expect(created.body.sequence).toEqual({ steps: 3, follow_up_days: [3, 7], stop_on_click: false, stop_on_report_view: false });
    campaignId = created.body.id;
    await api('POST', `/api/campaigns/${campaignId}/start`);
    expect((await h.runToEnd(campaignId)).status).toBe('COMPLETED');
    const rows = await sql("SELECT id, lead_id, recipient_email FROM emails WHERE campaign_id = ? AND status = 'QUEUED' AND step = 1 ORDER BY id", [campaignId]);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    leads = rows.map((r) => ({ leadId: Number(r.lead_id), to: String(r.recipient_email), step1: Number(r.id) }));
    [replied, unsubscribed, bounced, full, racing] = leads;
    // Only the five leads of the story: the rest would only add more of the same.
    await sql(`DELETE FROM emails WHERE campaign_id = ? AND lead_id NOT IN (${leads.slice(0, 5).map((l) => l.leadId).join(',')})`, [campaignId]);
    leads = leads.slice(0, 5);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await smtp?.stop();
    await imap?.stop();
  });

  it('sends the first emails on Friday and writes nothing more until the first follow-up is due', async () => {
    await drain();
    expect(smtp.messages).toHaveLength(5);
    const sent = await sql('SELECT sent_at, next_step_due_at FROM emails WHERE campaign_id = ? ORDER BY id', [campaignId]);
    for (const row of sent) {
      expect(localSlot(new Date(Number(row.sent_at)), localTimezone()).day).toBe('Friday');
      // +3 business days from Friday: Wednesday, same time of day (inside the window).
      const due = new Date(Number(row.next_step_due_at));
      expect(localSlot(due, localTimezone()).day).toBe('Wednesday');
      expect(Number(row.next_step_due_at) - Number(row.sent_at)).toBe(5 * 24 * HOUR);
    }

    // The weekend, Monday and Tuesday: nothing is due.
    for (const day of ['Saturday', 'Monday', 'Tuesday']) {
      clock.t = localMoment(new Date(clock.t), day, 16).getTime();
      await h.ctx.sendLoop.tick();
    }
    expect(Number((await sql('SELECT count(*) AS n FROM emails WHERE step > 1'))[0].n)).toBe(0);
    expect(smtp.messages).toHaveLength(5);
  });

  it('stops for the lead who replied (Dovecot) and the one who unsubscribed; a reply racing the claim wins', async () => {
    const first = (lead: Lead) => messagesTo(lead.to)[0];
    // Tuesday: a real reply lands in the mailbox, and another lead clicks unsubscribe.
    await appendReply(reply(replied.to, header(first(replied).raw, 'Message-ID')!, `Re: ${await subjectOf(first(replied))}`, 'Sounds interesting, call me.'));
    expect(await h.ctx.replies.poll()).toMatchObject({ replies: 1 });
    const unsubscribeUrl = /<(https:[^>]+)>/.exec(header(first(unsubscribed).raw, 'List-Unsubscribe')!)![1];
    expect((await h.call('POST', new URL(unsubscribeUrl).pathname, { raw: 'List-Unsubscribe=One-Click' })).status).toBe(200);

    // Wednesday, when the follow-ups fall due: written for the other three only.
    const due = Number((await sql('SELECT max(next_step_due_at) AS t FROM emails'))[0].t);
    clock.t = due + MINUTE;
    expect(await h.ctx.sequences.advance()).toEqual({ written: 3, stopped: 2, cancelled: 0 });
    const steps = await sql('SELECT lead_id, status, subject, body, in_reply_to FROM emails WHERE step = 2 ORDER BY lead_id');
    expect(steps.map((s) => Number(s.lead_id)).sort()).toEqual([bounced.leadId, full.leadId, racing.leadId].sort());
    expect(steps.every((s) => s.status === 'QUEUED')).toBe(true);
    const stoppedFor = (await sql("SELECT message FROM activity WHERE activity_type = 'sequence_stopped' ORDER BY id")).map((r) => String(r.message));
    expect(stoppedFor).toEqual(expect.arrayContaining([`Follow-ups to ${replied.to} stopped: the lead replied`, `Follow-ups to ${unsubscribed.to} stopped: the lead unsubscribed`]));

    // The racing lead answers while its follow-up is being sent: the reply is recorded between
    // the claim and the transmission, and the follow-up is cancelled, not sent.
    const [racingStep2] = await sql('SELECT id FROM emails WHERE lead_id = ? AND step = 2', [racing.leadId]);
    await appendReply(reply(racing.to, header(first(racing).raw, 'Message-ID')!, 'Re: your note', 'Yes please, send me a quote.'));
    const repo = new SqlEmailRepo(h.ctx.db);
    const claimThenReply: typeof repo.claim = async (...args) => {
      const claimed = await repo.claim(...args);
      expect(await h.ctx.replies.poll()).toMatchObject({ replies: 1 });
      return claimed;
    };
    const sender = new EmailSender({
      repo: Object.assign(Object.create(repo), { claim: claimThenReply }),
      leadStatus: new SqlLeadStatusRepo(h.ctx.db),
      suppressions: h.ctx.suppressions,
      events: h.ctx.events,
      tokens: h.ctx.tokens,
      publicUrl: 'https://outreach.pixel.example',
      publicUrlProblem: () => null,
      mailer: () => h.ctx.providers.mailer(),
      sender: async () => ({ fromEmail: FROM, fromName: 'Pixel Agency', postalAddress: 'Pixel Agency, 1 Main St', tracking: false }),
      sendingEnabled: async () => true,
      sendDelaySeconds: async () => 0,
      clock,
      leaseMs: 600_000,
      sequences: h.ctx.sequences,
      recipients: h.ctx.recipients,
      windows: async () => [],
    });
    const outcome = await sender.send(Number(racingStep2.id));
    expect(outcome).toEqual({ result: 'stopped', id: Number(racingStep2.id), reason: 'Follow-up not sent: the sequence stopped because the lead replied' });
    expect(messagesTo(racing.to)).toHaveLength(1);
    expect((await sql('SELECT status, last_error FROM emails WHERE id = ?', [Number(racingStep2.id)]))[0]).toMatchObject({ status: 'CANCELLED', last_error: 'Follow-up not sent: the sequence stopped because the lead replied' });
  });

  it('sends the second step in the thread; a bounce on it stops the third', async () => {
    smtp.rejectRecipients.add(bounced.to.toLowerCase());
    await drain();
    const [first, second] = messagesTo(full.to);
    expect(second).toBeDefined();
    const firstId = header(first.raw, 'Message-ID')!;
    expect(await subjectOf(second)).toBe(`Re: ${await subjectOf(first)}`);
    expect(header(second.raw, 'In-Reply-To')).toBe(firstId);
    expect(header(second.raw, 'References')).toBe(firstId);
    expect(header(second.raw, 'From')).toBe(header(first.raw, 'From'));
    const sentAt = Number((await sql('SELECT sent_at FROM emails WHERE lead_id = ? AND step = 2', [full.leadId]))[0].sent_at);
    expect(insideWindow(new Date(sentAt), WINDOWS)).toBe(true);
    expect(localSlot(new Date(sentAt), localTimezone()).day).toBe('Wednesday');
    // A short reply that does not repeat the first email.
    const text = (await simpleParser(second.raw)).text!;
    const firstText = (await simpleParser(first.raw)).text!;
    const firstBody = firstText.split('\n--\n')[0].split('\n\n').slice(1, 3);
    for (const paragraph of firstBody) expect(text).not.toContain(paragraph);

    expect((await sql('SELECT status FROM emails WHERE lead_id = ? AND step = 2', [bounced.leadId]))[0].status).toBe('BOUNCED');
    expect(messagesTo(bounced.to)).toHaveLength(1);
  });

  it('sends the third step seven business days later, and nothing after it', async () => {
    const [{ sent_at: step2At, next_step_due_at: due }] = await sql('SELECT sent_at, next_step_due_at FROM emails WHERE lead_id = ? AND step = 2', [full.leadId]);
    // Wednesday + 7 business days: Friday of the next week, 9 calendar days later.
    expect(Number(due) - Number(step2At)).toBe(9 * 24 * HOUR);
    clock.t = Number(due) - MINUTE;
    await h.ctx.sendLoop.tick();
    expect(messagesTo(full.to)).toHaveLength(2);

    clock.t = Number(due);
    await drain();
    const [first, second, third] = messagesTo(full.to);
    expect(third).toBeDefined();
    expect(await subjectOf(third)).toBe(`Re: ${await subjectOf(first)}`);
    expect(header(third.raw, 'In-Reply-To')).toBe(header(second.raw, 'Message-ID'));
    expect(header(third.raw, 'References')).toBe(`${header(first.raw, 'Message-ID')} ${header(second.raw, 'Message-ID')}`);

    // The bounced lead got no third step; nobody gets a fourth.
    clock.t += 30 * 24 * HOUR;
    await drain();
    expect(messagesTo(bounced.to)).toHaveLength(1);
    expect(messagesTo(full.to)).toHaveLength(3);
    expect(smtp.messages).toHaveLength(5 + 2);
    const byStep = await sql('SELECT step, status, count(*) AS n FROM emails WHERE campaign_id = ? GROUP BY step, status ORDER BY step, status', [campaignId]);
    expect(byStep.map((r) => `${r.step}:${r.status}:${r.n}`)).toEqual(['1:REPLIED:2', '1:SENT:3', '2:BOUNCED:1', '2:CANCELLED:1', '2:SENT:1', '3:SENT:1']);
  });

  it('cancels a follow-up already waiting in Drafts once its lead has replied, saying why', async () => {
    // A follow-up written (test mode) before the reply came in.
    const now = Date.now();
    const [row] = await sql(
      "INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, in_reply_to, open_count, click_count, created_at, updated_at) VALUES (?, ?, 2, 'Re: hi', 'Hello again', ?, 'DRAFT', '<x@y>', 0, 0, ?, ?) RETURNING id",
      [campaignId, replied.leadId, replied.to, now, now],
    );
    expect(await h.ctx.sequences.advance()).toMatchObject({ cancelled: 1 });
    expect((await sql('SELECT status, last_error FROM emails WHERE id = ?', [Number(row.id)]))[0]).toMatchObject({ status: 'CANCELLED', last_error: 'Follow-up not sent: the sequence stopped because the lead replied' });
    expect((await api('GET', '/api/drafts')).body.drafts.map((d: { id: number }) => d.id)).not.toContain(Number(row.id));
    await sql('DELETE FROM emails WHERE id = ?', [Number(row.id)]);
  });

  it('shows where the sequence stands: the API, Lead detail and outreach campaign show', async () => {
    const campaign = await api('GET', `/api/campaigns/${campaignId}`);
    expect(campaign.body.sequence).toEqual({ steps: 3, follow_up_days: [3, 7], stop_on_click: false, stop_on_report_view: false });
    const lead = await api('GET', `/api/leads/${bounced.leadId}/sequence`);
    expect(lead.status).toBe(200);
    expect(lead.body).toMatchObject({ steps: 3, stopped: 'an email to the lead bounced', next_step: null, finished: false });
    expect(lead.body.emails.map((e: { step: number; status: string }) => `${e.step}:${e.status}`)).toEqual(['1:SENT', '2:BOUNCED']);
    const done = await api('GET', `/api/leads/${full.leadId}/sequence`);
    expect(done.body).toMatchObject({ stopped: null, finished: true, next_step: null });
    const cancelled = (await api('GET', `/api/leads/${racing.leadId}/sequence`)).body.emails[1];
    expect(cancelled).toMatchObject({ step: 2, status: 'CANCELLED', note: 'Follow-up not sent: the sequence stopped because the lead replied' });
    const emails = await api('GET', `/api/emails?campaign_id=${campaignId}&limit=50`);
    const [third] = emails.body.items.filter((e: { step: number }) => e.step === 3);
    expect(third.lead_id).toBe(full.leadId);
    const thread = await api('GET', `/api/emails/${third.id}/thread`);
    expect(thread.body.items.map((e: { step: number; status: string }) => `${e.step}:${e.status}`)).toEqual(['1:SENT', '2:SENT', '3:SENT']);
    expect(thread.body.items[1].subject).toBe(`Re: ${thread.body.items[0].subject}`);
    expect((await api('GET', '/api/emails/999999/thread')).status).toBe(404);
    const bad = await api('POST', '/api/campaigns', { name: 'X', search_query: 'x', sequence: { steps: 3, follow_up_days: [3, 99] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/each follow-up waits 1 to 30 business days/);

    // A person takes the finished lead in hand: the status changed by hand stops it too.
    expect((await api('PATCH', `/api/leads/${full.leadId}/status`, { status: 'CONVERTED' })).status).toBe(200);
    expect((await api('GET', `/api/leads/${full.leadId}/sequence`)).body.stopped).toBe('the lead was marked converted');
    expect((await api('PATCH', `/api/leads/${full.leadId}/status`, { status: 'EMAIL_SENT' })).status).toBe(200);
    expect((await api('GET', `/api/leads/${full.leadId}/sequence`)).body.stopped).toBe('its status was changed by hand');

    const env = { ...process.env, OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}` };
    const show = await execa('node', ['bin/outreach.js', 'campaign', 'show', String(campaignId)], { env, reject: false });
    expect(show.stderr).toBe('');
    expect(show.stdout).toContain('Sequence     3 steps: the first email, then follow-ups at +3 and +7 business days after the step before');
    expect(show.stdout).toContain('step 1: 5 sent, 2 replied');
    expect(show.stdout).toContain('step 2: 1 sent, 1 bounced, 1 cancelled (sequence stopped)');
    expect(show.stdout).toContain('step 3: 1 sent');
    const created = await execa('node', ['bin/outreach.js', 'campaign', 'create', '-n', 'Roofers', '-q', 'roofers', '--follow-ups', '2', '--follow-up-days', '2,5', '--json'], { env, reject: false });
    expect(JSON.parse(created.stdout).sequence).toEqual({ steps: 3, follow_up_days: [2, 5], stop_on_click: false, stop_on_report_view: false });
    const refused = await execa('node', ['bin/outreach.js', 'campaign', 'create', '-n', 'R', '-q', 'r', '--follow-ups', '2', '--follow-up-days', '3'], { env, reject: false });
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toBe('error: sequence.follow_up_days needs one delay per follow-up: 2 for 3 steps, not 1');
  }, 60_000);
});
