// A feedback-loop report (ARF, RFC 5965) delivered into a real IMAP mailbox (Dovecot): the reply
// poller recognises it as a spam complaint about the email it carries, suppresses the address,
// pauses the campaign (or the sending mailbox) whose complaint rate crosses the threshold, and
// never shows it as a reply.
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../support/dovecot.ts';
import { startHarness, type Harness } from './support/harness.ts';

const FROM = 'hello@agency.example';
const DAY = 86_400_000;
let server: Dovecot;
let h: Harness;
const ids: number[] = [];
const rows = async (text: string, args: (string | number)[] = []) => (await h.ctx.db.$client.execute({ sql: text, args })).rows as Record<string, any>[];

async function append(raw: string): Promise<void> {
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: server.user, pass: server.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.append('INBOX', raw, []);
  await client.logout();
}

/** An abuse report as mailbox providers send them: the human part, the machine part, the original message. */
function arf(original: string, opts: { base64?: boolean; messageId: string }): string {
  const body = opts.base64 ? Buffer.from(original).toString('base64').replace(/(.{76})/g, '$1\r\n') : original;
  return [
    'From: Feedback Loop <fbl@isp.example>',
    `To: ${FROM}`,
    'Subject: Abuse report',
    `Message-ID: ${opts.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    '',
    '--arf-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--arf-boundary',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ISP-FBL/1.0',
    'Version: 1',
    `Original-Mail-From: <${FROM}>`,
    '',
    '--arf-boundary',
    'Content-Type: message/rfc822',
    ...(opts.base64 ? ['Content-Transfer-Encoding: base64'] : []),
    'Content-Disposition: inline',
    '',
    body,
    '--arf-boundary--',
    '',
  ].join('\r\n');
}

const original = (i: number) =>
  [`From: Agency <${FROM}>`, `To: owner@shop${i + 1}.example`, `Subject: About Shop ${i + 1}`, `Message-ID: ${h.ctx.tokens.messageId(ids[i], FROM)}`, 'Date: Thu, 26 Nov 2026 10:00:00 +0000', '', 'Hello Shop'].join('\r\n');

describe.skipIf(dovecotMissing)(`feedback-loop reports in the reply mailbox${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`, () => {
  beforeAll(async () => {
    server = await startDovecot();
    h = await startHarness({ OUTREACH_IMAP_HOST: server.host, OUTREACH_IMAP_PORT: String(server.port), OUTREACH_IMAP_USER: server.user, OUTREACH_IMAP_PASSWORD: server.password });
    const now = Date.now();
    await rows("INSERT INTO campaigns (name, search_query, mode, status, created_at, updated_at) VALUES ('Leeds cafes', 'q', 'live', 'COMPLETED', ?, ?)", [now, now]);
    // 80 sends two days ago: one complaint is 1.3 %, above 0.1 %.
    for (let i = 0; i < 80; i++) {
      const [lead] = await rows(
        "INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_SENT', 1, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
        [`https://shop${i + 1}.example/`, `shop${i + 1}.example`, now, now, now],
      );
      const [email] = await rows(
        "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, ?, ?, 'Hello', ?, 'SENT', ?, 0, 0, ?, ?) RETURNING id",
        [Number(lead.id), `About Shop ${i + 1}`, `owner@shop${i + 1}.example`, now - 2 * DAY + i * 1000, now, now],
      );
      ids.push(Number(email.id));
    }
  });
  afterAll(async () => {
    await h?.close();
    await server?.stop();
  });

  it('records the complaint on the email it is about, suppresses the address, pauses the campaign, and stores no reply', async () => {
    await append(arf(original(2), { messageId: '<fbl-1@isp.example>' }));
    expect(await h.ctx.replies.poll()).toEqual({ configured: true, checked: 1, replies: 0, auto_replies: 0, unsubscribes: 0, bounces: 0, complaints: 1 });

    expect((await h.ctx.suppressions.blocks('owner@shop3.example'))?.reason).toBe('complained');
    expect((await rows('SELECT status FROM leads WHERE id = 3'))[0].status).toBe('UNSUBSCRIBED');
    expect(await rows('SELECT email_id, kind, source FROM sending_signals')).toEqual([{ email_id: ids[2], kind: 'complaint', source: 'reply mailbox: abuse feedback report' }]);
    expect(await rows("SELECT email_id, description FROM interactions WHERE interaction_type = 'spam_complaint'")).toEqual([
      { email_id: ids[2], description: 'owner@shop3.example marked the email as spam (feedback report, type abuse, from fbl@isp.example) and will not be emailed again' },
    ]);
    expect((await rows("SELECT campaign_id, message FROM activity WHERE activity_type = 'sending_paused' ORDER BY id")).map((r) => [r.campaign_id, r.message])).toEqual([
      [null, 'Live sending paused: 1 spam complaint in the last 80 sends (1.3 %, above 0.1 %) across all campaigns'],
      [1, 'Paused: 1 spam complaint in the last 80 sends (1.3 %, above 0.1 %)'],
    ]);
    // Never a reply: nothing in the Replies inbox, no reply in the feed, the email still SENT.
    expect(await rows('SELECT id FROM replies')).toEqual([]);
    expect(await rows("SELECT id FROM activity WHERE activity_type = 'email_replied'")).toEqual([]);
    expect((await rows('SELECT status FROM emails WHERE id = ?', [ids[2]]))[0].status).toBe('SENT');
  });

  it('reads a base64-encoded original too, and counts a second report of the same email once', async () => {
    await append(arf(original(2), { messageId: '<fbl-2@isp.example>', base64: true }));
    await append(arf(original(4), { messageId: '<fbl-3@isp.example>', base64: true }));
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 2, replies: 0, complaints: 1 }); // the second about shop 3 changes nothing
    expect((await rows('SELECT email_id FROM sending_signals ORDER BY id')).map((r) => r.email_id)).toEqual([ids[2], ids[4]]);
    expect((await rows("SELECT email_id FROM interactions WHERE interaction_type = 'spam_complaint' ORDER BY id")).map((r) => r.email_id)).toEqual([ids[2], ids[4]]);
    expect((await h.ctx.suppressions.blocks('owner@shop5.example'))?.reason).toBe('complained');
    // Already paused: no second pause line.
    expect(await rows("SELECT id FROM activity WHERE activity_type = 'sending_paused'")).toHaveLength(2);
    expect(await rows('SELECT id FROM replies')).toEqual([]);
  });

  it('pauses the sending mailbox the complained-about email went from, with its figures, and not the other mailbox', async () => {
    // A second mailbox with 60 sends of its own (no campaign; the rule needs 50): one complaint is 1.7 % of them.
    const second = await h.ctx.mailboxes.create({ label: 'Second', provider: 'outbox', from_email: 'hi@second.example', from_name: 'Second' });
    const now = Date.now();
    const own: number[] = [];
    for (let i = 0; i < 60; i++) {
      const [lead] = await rows(
        "INSERT INTO leads (url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_SENT', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
        [`https://bar${i + 1}.example/`, `bar${i + 1}.example`, now, now, now],
      );
      const [email] = await rows(
        "INSERT INTO emails (lead_id, subject, body, recipient_email, status, mailbox_id, sent_at, open_count, click_count, created_at, updated_at) VALUES (?, 'About your bar', 'Hello', ?, 'SENT', ?, ?, 0, 0, ?, ?) RETURNING id",
        [Number(lead.id), `owner@bar${i + 1}.example`, second.id, now - DAY + i * 1000, now, now],
      );
      own.push(Number(email.id));
    }
    expect((await h.ctx.guards.overview()).paused_mailboxes).toEqual([]);
    const aboutBar = ['From: Second <hi@second.example>', 'To: owner@bar7.example', 'Subject: About your bar', `Message-ID: ${h.ctx.tokens.messageId(own[6], 'hi@second.example')}`, '', 'Hello'].join('\r\n');
    await append(arf(aboutBar, { messageId: '<fbl-5@isp.example>' }));
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 1, replies: 0, complaints: 1 });

    const state = await h.ctx.guards.overview();
    expect(state.paused_mailboxes.map((p) => [p.mailbox_id, p.mailbox_label])).toEqual([[second.id, 'Second']]);
    expect((await h.ctx.mailboxes.get(second.id)).paused?.reason).toMatch(/^the bounce and complaint guard paused it: 1 spam complaint in the last 60 sends \(1\.7 %, above 0\.1 %\)/);
    expect((await h.ctx.mailboxes.get(second.id)).guard).toMatchObject({ complaints: 1 });
    const [feed] = await rows("SELECT message FROM activity WHERE activity_type = 'sending_paused' ORDER BY id DESC LIMIT 1");
    expect(String(feed.message)).toMatch(/^Mailbox "Second" paused: 1 spam complaint in the last 60 sends/);
    // Mailbox 1 is not paused by it: its own window holds none of mailbox 2's complaints.
    expect((await h.ctx.mailboxes.get(1)).paused).toBeNull();
    expect((await h.ctx.suppressions.blocks('owner@bar7.example'))?.reason).toBe('complained');
    expect(await rows('SELECT id FROM replies')).toEqual([]);
  });

  it('leaves a report about mail that is not ours unmatched', async () => {
    const foreign = ['From: <x@elsewhere.example>', 'To: <y@elsewhere.example>', 'Message-ID: <someone-else@elsewhere.example>', '', 'Hi'].join('\r\n');
    await append(arf(foreign, { messageId: '<fbl-4@isp.example>' }));
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 1, complaints: 0, replies: 0 });
    expect(await rows('SELECT id FROM sending_signals')).toHaveLength(3);
  });
});
