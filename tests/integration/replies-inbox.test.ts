// The Replies inbox end to end over the HTTP API: real messages (parsed as the IMAP adapter
// parses them) handled by ctx.replies, stored and classified, listed, opened in their thread,
// corrected (kept across a re-classification), answered in the thread to a real SMTP server;
// "unsubscribe" suppresses, out-of-office is not a reply, a delivery report is a bounce; and a
// malformed Gemini classification is refused (the reply stays unclassified with the reason).
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_LEFT } from '../../src/core/sequences/stop.ts';
import { MEETING_LINK_PLACEHOLDER } from '../../src/core/model/reply-classification.ts';
import { parseIncoming } from '../../src/providers/mail/parse-incoming.ts';
import { startGeminiFake, wantsClassification, type GeminiFake } from '../fakes/gemini.ts';
import { parseHeaders, startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

const FROM = 'hello@pixel.example';
let smtp: FakeSmtpServer;
let h: Harness;
let token: string;
const ids: number[] = [];

const sql = async (hh: Harness, text: string, args: (string | number)[] = []) => (await hh.ctx.db.$client.execute({ sql: text, args })).rows;

/** Campaign 1 with `n` leads, each sent one email (About Shop i) carrying our signed Message-ID. */
async function seed(hh: Harness, n: number): Promise<number[]> {
  const now = Date.now();
  const out: number[] = [];
  await sql(hh, "INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('Dentists Austin', 'q', ?, ?)", [now, now]);
  for (let i = 1; i <= n; i++) {
    await sql(
      hh,
      "INSERT INTO leads (url, hostname, title, company_name, contact_name, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'Maria Lopez', 'EMAIL_SENT', 1, '[]', '[]', '[]', ?, ?, ?)",
      [`https://shop${i}.example/`, `shop${i}.example`, `Shop ${i}`, `Shop ${i} Dental`, now, now, now],
    );
    const [row] = await sql(
      hh,
      "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, open_count, click_count, sent_at, created_at, updated_at) VALUES (1, ?, ?, 'Hello from Pixel', ?, 'SENT', 0, 0, ?, ?, ?) RETURNING id",
      [i, `About Shop ${i}`, `owner@shop${i}.example`, now - 86_400_000, now, now],
    );
    const id = Number(row.id);
    await sql(hh, 'UPDATE emails SET message_id = ? WHERE id = ?', [hh.ctx.tokens.messageId(id, FROM), id]);
    out.push(id);
  }
  return out;
}

let clock = Date.now() - 3_600_000;
/** A raw reply to email `i` (0-based), handled as a poll would. */
async function receive(hh: Harness, emailIds: number[], i: number, body: string, headers: Record<string, string> = {}) {
  const ours = hh.ctx.tokens.messageId(emailIds[i], FROM);
  clock += 60_000;
  const all = {
    From: `Maria Lopez <owner@shop${i + 1}.example>`,
    To: FROM,
    Subject: `Re: About Shop ${i + 1}`,
    'Message-ID': `<r${clock}.${i}@shop${i + 1}.example>`,
    'In-Reply-To': ours,
    References: ours,
    Date: new Date(clock).toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  };
  const raw = `${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
  const outcome = await hh.ctx.replies.handle(await parseIncoming(raw, new Date(clock)));
  const [row] = await sql(hh, 'SELECT id FROM replies WHERE message_key = ?', [all['Message-ID']]);
  return { outcome, id: Number(row?.id), messageId: all['Message-ID'], ours };
}

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
  h = await startHarness({
    OUTREACH_SMTP_URL: smtp.url(),
    OUTREACH_EMAIL_FROM: `Sam Rivera <${FROM}>`,
    OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701',
  });
  token = await h.login(ADMIN.username, ADMIN.password);
  ids.push(...(await seed(h, 6)));
});
afterAll(async () => {
  await h?.close();
  await smtp?.stop();
});

describe('the Replies inbox', () => {
  it('lists replies newest first in keyset pages, with the unread badge', async () => {
    const a = await receive(h, ids, 0, 'Yes, can we have a call on Thursday?\n\nOn Mon, 2 Jun 2025, Sam wrote:\n> Hello from Pixel');
    const b = await receive(h, ids, 1, 'How much would a new site cost?');
    const c = await receive(h, ids, 2, 'Sounds interesting, tell me more.');
    expect([a.outcome, b.outcome, c.outcome]).toEqual(['reply', 'reply', 'reply']);

    const first = await h.call('GET', '/api/replies?limit=2', { token });
    expect(first.status).toBe(200);
    expect(first.body.items.map((r: any) => r.id)).toEqual([c.id, b.id]);
    expect(first.body.items[1]).toMatchObject({ class: 'question', sentiment: 'neutral', business: 'Shop 2 Dental', campaign_name: 'Dentists Austin', email_subject: 'About Shop 2', from_name: 'Maria Lopez', read_at: null });
    const second = await h.call('GET', `/api/replies?limit=2&cursor=${first.body.next_cursor}`, { token });
    expect(second.body).toMatchObject({ items: [expect.objectContaining({ id: a.id, class: 'meeting_request', new_text: 'Yes, can we have a call on Thursday?' })], next_cursor: null });
    expect((await h.call('GET', '/api/replies?class=question', { token })).body.items.map((r: any) => r.id)).toEqual([b.id]);
    expect((await h.call('GET', '/api/replies/unread-count', { token })).body).toEqual({ unread: 3 });

    expect((await h.call('GET', '/api/replies?cursor=nope', { token })).status).toBe(422);
    expect((await h.call('GET', '/api/replies?class=maybe', { token })).body.detail).toContain('class must be one of interested');
    expect((await h.call('GET', '/api/replies')).status).toBe(401);
  });

  it('opens a reply: marked read, the thread oldest first (our email, their answer)', async () => {
    const [row] = await sql(h, 'SELECT id FROM replies WHERE email_id = ?', [ids[0]]);
    const open = await h.call('GET', `/api/replies/${row.id}`, { token });
    expect(open.status).toBe(200);
    expect(open.body.reply.read_at).not.toBeNull();
    expect(open.body.thread.map((e: any) => [e.kind, e.text])).toEqual([
      ['ours', 'Hello from Pixel'],
      ['theirs', 'Yes, can we have a call on Thursday?'],
    ]);
    expect(open.body.signature).toContain('Sam Rivera');
    expect((await h.call('GET', '/api/replies/unread-count', { token })).body).toEqual({ unread: 2 });
    expect((await h.call('GET', '/api/replies/99999', { token })).status).toBe(404);
  });

  it('moves the deal forward on interest, never backwards', async () => {
    const stages = await sql(h, 'SELECT id, deal_stage, deal_stage_at FROM leads ORDER BY id LIMIT 3');
    expect(stages.map((l) => l.deal_stage)).toEqual(['meeting_booked', null, 'interested']);
    expect(stages[0].deal_stage_at).not.toBeNull();
    // A later "interested" reply from the lead that booked a meeting leaves the stage where it is.
    await receive(h, ids, 0, 'Sounds good, tell me more about the pricing.');
    expect((await sql(h, 'SELECT deal_stage FROM leads WHERE id = 1'))[0].deal_stage).toBe('meeting_booked');
    const notes = await sql(h, "SELECT lead_id FROM activity WHERE activity_type = 'reply_notification' ORDER BY id");
    expect(notes.map((n) => n.lead_id)).toEqual([1, 3, 1]);
  });

  it('keeps an operator correction across a re-classification', async () => {
    const [row] = await sql(h, 'SELECT id FROM replies WHERE email_id = ?', [ids[1]]);
    const patched = await h.call('PATCH', `/api/replies/${row.id}`, { token, body: { class: 'interested', sentiment: 'positive' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ class: 'interested', sentiment: 'positive', class_source: 'operator' });
    // The new class acts: the deal moves to Interested.
    expect((await sql(h, 'SELECT deal_stage FROM leads WHERE id = 2'))[0].deal_stage).toBe('interested');
    const again = await h.call('POST', `/api/replies/${row.id}/classify`, { token });
    expect(again.body).toMatchObject({ class: 'interested', class_source: 'operator' });
    expect((await h.call('PATCH', `/api/replies/${row.id}`, { token, body: { class: 'maybe' } })).body.detail).toContain('class must be one of');
    expect((await h.call('PATCH', `/api/replies/${row.id}`, { token, body: {} })).body.detail).toContain('Give class and/or sentiment');
  });

  it('answers in the thread through the mail provider, never with the meeting-link marker', async () => {
    await h.call('POST', '/api/settings/toggle-email-sending', { token, body: { enabled: true } });
    const [row] = await sql(h, 'SELECT id, message_id FROM replies WHERE email_id = ? ORDER BY id LIMIT 1', [ids[0]]);
    const draft = await h.call('POST', `/api/replies/${row.id}/draft`, { token });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ model: 'heuristic-v1', needs_meeting_link: true });
    expect(draft.body.body).toMatch(/^Hi Maria,\n\nThank you for your reply\./);
    const refused = await h.call('POST', `/api/replies/${row.id}/answer`, { token, body: { body: draft.body.body } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('before sending');
    expect(smtp.messages).toHaveLength(0);

    const body = draft.body.body.replace(MEETING_LINK_PLACEHOLDER, 'https://cal.pixel.example/sam');
    const sent = await h.call('POST', `/api/replies/${row.id}/answer`, { token, body: { body } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ subject: 'Re: About Shop 1', to: 'owner@shop1.example' });
    expect(smtp.messages).toHaveLength(1);
    const headers = parseHeaders(smtp.messages[0].raw);
    expect(smtp.messages[0].to).toEqual(['owner@shop1.example']);
    expect(headers.get('in-reply-to')).toBe(row.message_id);
    const ours = h.ctx.tokens.messageId(ids[0], FROM);
    expect(headers.get('references')).toBe(`${ours} ${row.message_id}`);
    expect(headers.get('subject')).toBe('Re: About Shop 1');
    expect(headers.get('message-id')).toBe(sent.body.message_id);
    const delivered = await simpleParser(smtp.messages[0].raw);
    expect(delivered.text).toContain('https://cal.pixel.example/sam');
    expect(delivered.text).toContain('Sam Rivera');

    const [answered] = await sql(h, "SELECT lead_id, metadata FROM interactions WHERE interaction_type = 'reply_answered'");
    expect(answered.lead_id).toBe(1);
    expect(JSON.parse(String(answered.metadata))).toMatchObject({ reply_id: row.id, by: 'admin', message_id: sent.body.message_id });
    const thread = (await h.call('GET', `/api/replies/${row.id}`, { token })).body.thread;
    expect(thread.map((e: any) => e.kind)).toEqual(['ours', 'theirs', 'theirs', 'answer']);
    expect((await h.call('POST', `/api/replies/${row.id}/answer`, { token, body: { body: '   ' } })).body.detail).toContain('body is empty');
  });

  it('suppresses the sender of an "unsubscribe" reply, and refuses to answer them', async () => {
    const r = await receive(h, ids, 3, 'Please remove me from your list. Thanks.');
    expect(r.outcome).toBe('unsubscribe');
    expect((await sql(h, 'SELECT class, sentiment FROM replies WHERE id = ?', [r.id]))[0]).toMatchObject({ class: 'unsubscribe', sentiment: 'negative' });
    expect((await h.ctx.suppressions.blocks('owner@shop4.example'))?.reason).toBe('unsubscribed');
    expect((await sql(h, 'SELECT status FROM leads WHERE id = 4'))[0].status).toBe('UNSUBSCRIBED');
    const answer = await h.call('POST', `/api/replies/${r.id}/answer`, { token, body: { body: 'Sorry to bother you.' } });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toContain('is on the suppression list');
  });

  it('does not count an out-of-office as a reply, unless it says the person left', async () => {
    const ooo = await receive(h, ids, 4, "I'm currently out of the office and will be back on Monday 14 July.");
    expect(ooo.outcome).toBe('auto_reply');
    expect((await sql(h, 'SELECT status, replied_at FROM emails WHERE id = ?', [ids[4]]))[0]).toMatchObject({ status: 'SENT', replied_at: null });
    expect((await sql(h, 'SELECT status, sequence_stop_reason FROM leads WHERE id = 5'))[0]).toMatchObject({ status: 'EMAIL_SENT', sequence_stop_reason: null });
    expect((await sql(h, 'SELECT class FROM replies WHERE id = ?', [ooo.id]))[0].class).toBe('out_of_office');

    const left = await receive(h, ids, 4, 'Maria Lopez is no longer with the company. Please write to info@shop5.example.', { 'Auto-Submitted': 'auto-replied', Subject: 'Automatic reply: About Shop 5' });
    expect(left.outcome).toBe('auto_reply');
    expect((await sql(h, 'SELECT status, sequence_stop_reason FROM leads WHERE id = 5'))[0]).toMatchObject({ status: 'EMAIL_SENT', sequence_stop_reason: PERSON_LEFT });
  });

  it('keeps an HTML-only reply as plain text (no markup, no script), its raw message as received', async () => {
    const r = await receive(h, ids, 2, '<p>Thanks, <b>sounds good</b>.</p><script>alert(1)</script>', { 'Content-Type': 'text/html; charset=utf-8' });
    const [row] = await sql(h, 'SELECT text, raw FROM replies WHERE id = ?', [r.id]);
    expect(row.text).toBe('Thanks, sounds good.');
    expect(String(row.raw)).toContain('<script>alert(1)</script>');
    const listed = (await h.call('GET', '/api/replies?limit=1', { token })).body.items[0];
    expect(listed).toMatchObject({ id: r.id, text: 'Thanks, sounds good.', class: 'interested' });
  });

  it('handles a delivery report in the thread as a bounce', async () => {
    const r = await receive(h, ids, 5, 'Delivery has failed to these recipients: owner@shop6.example. The email address could not be found.', { From: 'Mail Delivery System <mailer-daemon@mx.shop6.example>', Subject: 'Undeliverable: About Shop 6' });
    expect(r.outcome).toBe('bounce');
    expect((await sql(h, 'SELECT status FROM emails WHERE id = ?', [ids[5]]))[0].status).toBe('BOUNCED');
    expect((await sql(h, 'SELECT status FROM leads WHERE id = 6'))[0].status).toBe('BOUNCED');
    expect((await h.ctx.suppressions.blocks('owner@shop6.example'))?.reason).toBe('bounced');
    expect(await h.ctx.suppressions.blocks('mailer-daemon@mx.shop6.example')).toBeUndefined();
  });
});

describe('Gemini classification', () => {
  let fake: GeminiFake;
  let g: Harness;
  let gIds: number[];
  beforeAll(async () => {
    fake = await startGeminiFake({ apiKey: 'AIza-test' });
    g = await startHarness({ OUTREACH_GEMINI_API_KEY: 'AIza-test', OUTREACH_GEMINI_BASE_URL: fake.baseUrl });
    gIds = await seed(g, 2);
  });
  afterAll(async () => {
    await g?.close();
    await fake?.stop();
  });

  it('classifies with a zod-checked answer, metered like every Gemini call', async () => {
    const r = await receive(g, gIds, 0, 'Could we talk on Thursday?');
    expect((await sql(g, 'SELECT class, sentiment, class_source, classify_error FROM replies WHERE id = ?', [r.id]))[0]).toMatchObject({ class: 'meeting_request', sentiment: 'positive', class_source: 'ai', classify_error: null });
    const request = fake.generateRequests.find(wantsClassification)!;
    expect(JSON.stringify(request.body)).toContain('Could we talk on Thursday?');
    const usage = await sql(g, "SELECT count(*) AS n FROM usage_events WHERE service = 'gemini' AND operation = 'classify_reply'");
    expect(Number(usage[0].n)).toBe(1);
  });

  it('refuses a malformed answer: the reply stays unclassified with the reason, still counted as a reply', async () => {
    fake.respond = (request) => (wantsClassification(request) ? { class: 'very_interested', sentiment: 'positive', reason: 'x' } : {});
    const r = await receive(g, gIds, 1, 'Sounds great!');
    expect(r.outcome).toBe('reply');
    const [row] = await sql(g, 'SELECT class, sentiment, classify_error FROM replies WHERE id = ?', [r.id]);
    expect(row).toMatchObject({ class: null, sentiment: null });
    expect(String(row.classify_error)).toMatch(/^Not classified: Gemini's answer does not match the schema: class/);
    expect((await sql(g, 'SELECT status FROM emails WHERE id = ?', [gIds[1]]))[0].status).toBe('REPLIED');
    fake.respond = () => '{"class": "interested", "sentiment"';
    const t = await g.login(ADMIN.username, ADMIN.password);
    expect((await g.call('POST', `/api/replies/${r.id}/classify`, { token: t })).body).toMatchObject({ class: null, classify_error: expect.stringContaining('invalid JSON') });
    fake.reset();
    expect((await g.call('POST', `/api/replies/${r.id}/classify`, { token: t })).body).toMatchObject({ class: 'meeting_request', classify_error: null });
  });

  it('proposes a contextual answer from their reply and our email, signed, metered, never sent', async () => {
    const t = await g.login(ADMIN.username, ADMIN.password);
    const [row] = await sql(g, 'SELECT id FROM replies ORDER BY id LIMIT 1');
    const draft = await g.call('POST', `/api/replies/${row.id}/draft`, { token: t });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ model: 'gemini-2.0-flash', needs_meeting_link: false });
    expect(draft.body.body).toMatch(/^Hi Maria,\n\nThursday works well\./);
    const request = fake.generateRequests.find((r) => JSON.stringify(r.body).includes('Their reply'))!;
    expect(JSON.stringify(request.body)).toContain('Could we talk on Thursday?');
    expect(JSON.stringify(request.body)).toContain('Hello from Pixel');
    expect(Number((await sql(g, "SELECT count(*) AS n FROM usage_events WHERE service = 'gemini' AND operation = 'draft_reply'"))[0].n)).toBe(1);
    expect(Number((await sql(g, "SELECT count(*) AS n FROM interactions WHERE interaction_type = 'reply_answered'"))[0].n)).toBe(0);
  });
});
