// Reply detection against a real IMAP server (Dovecot): real messages appended to the
// mailbox, polled through ctx.replies with the imap_* settings from the environment.
import { execa } from 'execa';
import { ImapFlow } from 'imapflow';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/core/model/providers.ts';
import { ImapInbox } from '../../src/providers/mail/imap-inbox.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../support/dovecot.ts';
import { startHarness, type Harness } from './support/harness.ts';

const FROM = 'hello@agency.example';
let server: Dovecot;
let h: Harness;
const ids: number[] = []; // emails 0..4 to shop1..shop5
const messageId = (i: number) => h.ctx.tokens.messageId(ids[i], FROM);
const sql = async (text: string, args: (string | number)[] = []) => (await h.ctx.db.$client.execute({ sql: text, args })).rows;

function rfc5322(headers: Record<string, string>, body: string): string {
  const all = { Date: new Date().toUTCString(), To: FROM, 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', ...headers };
  return `${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
}

async function append(raw: string, date?: Date): Promise<void> {
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: server.user, pass: server.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.append('INBOX', raw, [], date);
  await client.logout();
}

async function seenFlags(): Promise<number> {
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: server.user, pass: server.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.mailboxOpen('INBOX', { readOnly: true });
  const seen = ((await client.search({ seen: true }, { uid: true })) || []).length;
  await client.logout();
  return seen;
}

const counts = async () => ({
  interactions: (await sql('SELECT interaction_type AS t, count(*) AS n FROM interactions GROUP BY t ORDER BY t')).map((r) => `${r.t}:${r.n}`),
  activity: Number((await sql("SELECT count(*) AS n FROM activity WHERE activity_type = 'email_replied'"))[0].n),
});

describe.skipIf(dovecotMissing)(`replies from a real IMAP mailbox${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`, () => {
  beforeAll(async () => {
    server = await startDovecot();
    h = await startHarness({
      OUTREACH_IMAP_HOST: server.host,
      OUTREACH_IMAP_PORT: String(server.port),
      OUTREACH_IMAP_USER: server.user,
      OUTREACH_IMAP_PASSWORD: server.password,
    });
    const now = Date.now();
    await sql("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('C', 'q', ?, ?)", [now, now]);
    for (let i = 1; i <= 5; i++) {
      await sql(
        "INSERT INTO leads (url, hostname, title, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, 'EMAIL_SENT', 1, '[]', '[]', '[]', ?, ?, ?)",
        [`https://shop${i}.example/`, `shop${i}.example`, `Shop ${i}`, now, now, now],
      );
      const [row] = await sql(
        "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, open_count, click_count, sent_at, created_at, updated_at) VALUES (1, ?, ?, 'Hello', ?, 'SENT', 0, 0, ?, ?, ?) RETURNING id",
        [i, `About Shop ${i}`, `owner@shop${i}.example`, now - 86_400_000, now, now],
      );
      ids.push(Number(row.id));
    }
    for (let i = 0; i < 5; i++) await sql('UPDATE emails SET message_id = ? WHERE id = ?', [messageId(i), ids[i]]);

    const forged = messageId(3).replace(/\.[A-Za-z0-9_-]{12}@/, '.AAAAAAAAAAAA@');
    await append(rfc5322({ From: 'Owner <owner@shop1.example>', Subject: 'Re: About Shop 1', 'Message-ID': '<reply-1@shop1.example>', 'In-Reply-To': messageId(0), References: messageId(0) },
      `Yes, we are interested. Call me on Monday.\n\nOn Tue, 3 Jun 2025 at 10:00, Agency <${FROM}> wrote:\n> Hello Shop 1, your website...`));
    await append(rfc5322({ From: 'owner@shop2.example', Subject: 'Re: About Shop 2', 'Message-ID': '<reply-2@shop2.example>', References: `<older@elsewhere.example> ${messageId(1)}` },
      'Sounds good, what would it cost?'));
    await append(rfc5322({ From: 'owner@shop3.example', Subject: 'Automatic reply: About Shop 3', 'Message-ID': '<ooo-3@shop3.example>', 'In-Reply-To': messageId(2), 'Auto-Submitted': 'auto-replied' },
      'I am out of the office until Monday.'));
    await append(rfc5322({ From: 'someone@elsewhere.example', Subject: 'Lunch?', 'Message-ID': '<unrelated@elsewhere.example>' }, 'Lunch on Friday?'));
    await append(rfc5322({ From: 'owner@shop4.example', Subject: 'Re: About Shop 4', 'Message-ID': '<forged@shop4.example>', 'In-Reply-To': forged }, 'Not really ours.'));
    await append(rfc5322({ From: 'owner@shop5.example', Subject: 'unsubscribe', 'Message-ID': '<unsub-5@shop5.example>' }, ''));
    // Older than the first poll's 14 days: left alone.
    const old = new Date(Date.now() - 20 * 86_400_000);
    await append(rfc5322({ From: 'owner@shop4.example', Subject: 'Re: About Shop 4', 'Message-ID': '<old-4@shop4.example>', 'In-Reply-To': messageId(3), Date: old.toUTCString() }, 'Old news.'), old);
  });
  afterAll(async () => {
    await h?.close();
    await server?.stop();
  });

  it('marks genuine replies REPLIED and leaves auto-replies, strangers, forgeries and old mail alone', async () => {
    expect(await h.ctx.replies.poll()).toEqual({ configured: true, checked: 6, replies: 2, auto_replies: 1, unsubscribes: 1, bounces: 0, complaints: 0 });

    const emails = await sql('SELECT id, status, replied_at FROM emails ORDER BY id');
    expect(emails.map((e) => e.status)).toEqual(['REPLIED', 'REPLIED', 'SENT', 'SENT', 'SENT']);
    expect(emails[0].replied_at).not.toBeNull();
    expect(emails[2].replied_at).toBeNull();
    expect((await sql('SELECT status FROM leads ORDER BY id')).map((l) => l.status)).toEqual(['REPLIED', 'REPLIED', 'EMAIL_SENT', 'EMAIL_SENT', 'UNSUBSCRIBED']);

    const replies = await sql("SELECT email_id, description, metadata FROM interactions WHERE interaction_type = 'email_replied' ORDER BY email_id");
    expect(replies.map((r) => r.email_id)).toEqual([ids[0], ids[1]]);
    expect(replies[0].description).toBe('owner@shop1.example replied: Yes, we are interested. Call me on Monday.'); // quoted history stripped
    expect(JSON.parse(String(replies[0].metadata))).toMatchObject({ message_id: '<reply-1@shop1.example>', from: 'owner@shop1.example' });
    expect(await counts()).toEqual({ interactions: ['auto_reply:1', 'deal_stage:2', 'email_replied:2', 'unsubscribed:1'], activity: 2 });
    const [activity] = await sql("SELECT lead_id, details FROM activity WHERE activity_type = 'email_replied' ORDER BY id LIMIT 1");
    expect(activity.lead_id).toBe(1);
    expect(JSON.parse(String(activity.details))).toMatchObject({ email_id: ids[0] });
    expect((await h.ctx.suppressions.blocks('owner@shop5.example'))?.reason).toBe('unsubscribed');
  });

  it('stores every matched reply once, classified, with its raw message; interest moves the deal and notifies', async () => {
    const stored = await sql('SELECT email_id, lead_id, from_address, from_name, message_id, subject, text, raw, class, sentiment, class_source, read_at FROM replies ORDER BY email_id');
    expect(stored.map((r) => [r.email_id, r.from_address, r.class, r.sentiment, r.class_source])).toEqual([
      [ids[0], 'owner@shop1.example', 'meeting_request', 'positive', 'ai'],
      [ids[1], 'owner@shop2.example', 'interested', 'positive', 'ai'],
      [ids[2], 'owner@shop3.example', 'out_of_office', 'neutral', 'ai'],
      [ids[4], 'owner@shop5.example', 'unsubscribe', 'negative', 'ai'],
    ]);
    expect(stored[0]).toMatchObject({ from_name: 'Owner', message_id: '<reply-1@shop1.example>', subject: 'Re: About Shop 1', read_at: null });
    expect(String(stored[0].text)).toContain('On Tue, 3 Jun 2025'); // whole text kept, folded on screen
    expect(String(stored[0].raw)).toMatch(/^Date: .*\r\n/);
    expect(String(stored[0].raw)).toContain('In-Reply-To: ' + messageId(0));
    expect((await sql('SELECT deal_stage FROM leads ORDER BY id')).map((l) => l.deal_stage)).toEqual(['meeting_booked', 'interested', null, null, null]);
    const notes = await sql("SELECT lead_id, message FROM activity WHERE activity_type = 'reply_notification' ORDER BY id");
    expect(notes.map((n) => n.lead_id)).toEqual([1, 2]);
    expect(String(notes[0].message)).toBe('owner@shop1.example asks for a meeting: "About Shop 1"');
  });

  it('never changes a flag in the mailbox', async () => {
    expect(await seenFlags()).toBe(0);
  });

  it('does not fetch seen messages again, and applies a new one once', async () => {
    const before = await counts();
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 0, replies: 0 });
    expect(await counts()).toEqual(before);

    await append(rfc5322({ From: 'owner@shop2.example', Subject: 'Re: About Shop 2', 'Message-ID': '<reply-2b@shop2.example>', 'In-Reply-To': messageId(1) }, 'One more question.'));
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 1, replies: 1 });
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 0 });
    expect((await counts()).activity).toBe(3);
  });

  it('re-reads the mailbox when the cursor is lost or UIDVALIDITY changes, without applying anything twice', async () => {
    const before = await counts();
    const cursor = JSON.parse((await h.ctx.db.$client.execute("SELECT value FROM settings WHERE key = 'imap_cursor'")).rows[0].value as string);
    await sql("UPDATE settings SET value = ? WHERE key = 'imap_cursor'", [JSON.stringify({ ...cursor, uidValidity: '1' })]);
    expect(await h.ctx.replies.poll()).toEqual({ configured: true, checked: 7, replies: 0, auto_replies: 0, unsubscribes: 0, bounces: 0, complaints: 0 });
    await sql("DELETE FROM settings WHERE key = 'imap_cursor'");
    expect(await h.ctx.replies.poll()).toMatchObject({ checked: 7, replies: 0 });
    expect(await counts()).toEqual(before);
  });

  it('runs from the terminal: outreach replies check [--json]', async () => {
    const env = {
      OUTREACH_DATA_DIR: h.dir,
      OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}`,
      OUTREACH_IMAP_HOST: server.host,
      OUTREACH_IMAP_PORT: String(server.port),
      OUTREACH_IMAP_USER: server.user,
      OUTREACH_IMAP_PASSWORD: server.password,
    };
    const outreach = (args: string[], extra: Record<string, string> = {}) => execa('node', ['bin/outreach.js', 'replies', 'check', ...args], { env: { ...env, ...extra }, reject: false });
    await append(rfc5322({ From: 'owner@shop3.example', Subject: 'Re: About Shop 3', 'Message-ID': '<reply-3@shop3.example>', 'In-Reply-To': messageId(2) }, 'Back now. Yes please!'));
    const json = await outreach(['--json']);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ configured: true, checked: 1, replies: 1, auto_replies: 0, unsubscribes: 0, bounces: 0, complaints: 0 });
    expect((await sql('SELECT status FROM emails WHERE id = ?', [ids[2]]))[0].status).toBe('REPLIED');
    expect((await outreach([])).stdout).toBe('Checked 0 new messages: 0 replies, 0 automatic replies (not counted), 0 unsubscribe requests.');
    const wrong = await outreach([], { OUTREACH_IMAP_PASSWORD: 'wrong' });
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toContain(`error: IMAP login to 127.0.0.1:${server.port} as "replies" failed: check imap_user and imap_password`);
    expect((await outreach([], { OUTREACH_IMAP_HOST: '' })).stdout).toMatch(/^Reply checking is off: set imap_host/);

    // The inbox from the terminal: the newest reply first, then opened (marked read) with its thread.
    const cli = (args: string[]) => execa('node', ['bin/outreach.js', 'replies', ...args], { env, reject: false });
    const list = JSON.parse((await cli(['list', '--unread', '--json'])).stdout);
    expect(list.items[0]).toMatchObject({ from_address: 'owner@shop3.example', new_text: 'Back now. Yes please!', class: 'interested', business: 'shop3.example', campaign_name: 'C', email_subject: 'About Shop 3' });
    const show = await cli(['show', String(list.items[0].id)]);
    expect(show.exitCode).toBe(0);
    expect(show.stdout).toContain('Class: interested; sentiment: positive');
    expect(show.stdout).toMatch(/--- Our email \(step 1\), .*: About Shop 3\nHello\n\n--- Automatic reply|--- Our email \(step 1\), .*: About Shop 3\nHello/);
    expect(show.stdout).toContain('Back now. Yes please!');
    expect((await sql('SELECT read_at FROM replies WHERE id = ?', [list.items[0].id]))[0].read_at).not.toBeNull();
  }, 60_000); // six runs of the real binary

  it('says clearly when the login or the connection fails', async () => {
    const account = { host: server.host, port: server.port, user: server.user, password: 'wrong', mailbox: 'INBOX' };
    const drain = async (inbox: ImapInbox) => {
      for await (const _ of inbox.messages(undefined, 14)) void _;
    };
    const auth = await drain(new ImapInbox(account)).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(ProviderError);
    expect(auth).toMatchObject({ kind: 'auth', message: expect.stringContaining(`IMAP login to 127.0.0.1:${server.port} as "replies" failed`) });
    const closed = await drain(new ImapInbox({ ...account, port: 1 }, { timeoutMs: 3000 })).catch((e: unknown) => e);
    expect(closed).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('Cannot connect to the IMAP server 127.0.0.1:1') });
  });
});
