// The emails API and draft approval over HTTP, with the offline outbox as the mailer; the
// emails list in keyset pages, and `outreach emails list` reading every page.
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSlot } from '../../src/core/scheduling/optimal-time.ts';
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
    expect(sent.items).toHaveLength(1);
    expect(sent.next_cursor).toBeNull();
    expect(sent.items[0]).toMatchObject({ id: a, status: 'SENT', campaign_id: 1, open_count: 0, machine_open_count: 0, lead: { title: expect.any(String), hostname: expect.stringMatching(/\.example$/) } });
    expect((await api('GET', '/api/emails?campaign_id=2')).body.items).toHaveLength(1);
  });

  it('filters by mailbox: mailbox 1 includes the emails from before mailboxes, mailbox 2 only its own (API and CLI)', async () => {
    await exec("INSERT OR IGNORE INTO mailboxes (id, label, provider, ramp_started_at, created_at, updated_at) VALUES (2, 'Second', 'outbox', 0, 0, 0)");
    const [before, first, second] = [await email('PAUSED', 2), await email('PAUSED', 2), await email('PAUSED', 2)];
    await exec('UPDATE emails SET mailbox_id = ? WHERE id = ?', [1, first]);
    await exec('UPDATE emails SET mailbox_id = ? WHERE id = ?', [2, second]);
    const ids = async (query: string) => (await api('GET', `/api/emails?status=PAUSED&campaign_id=2${query}`)).body.items.map((e: { id: number }) => e.id);
    expect(await ids('&mailbox_id=1')).toEqual([first, before]);
    expect(await ids('&mailbox_id=2')).toEqual([second]);
    expect(await ids('')).toEqual([second, first, before]);
    expect((await api('GET', '/api/emails?mailbox_id=2')).body.items.map((e: { id: number }) => e.id)).toEqual([second]);
    expect((await api('GET', '/api/emails?mailbox_id=99')).body.items).toEqual([]);
    for (const bad of ['0', 'two', '-1', '1.5']) {
      const res = await api('GET', `/api/emails?mailbox_id=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail, bad).toMatch(/mailbox_id must be a positive whole number/);
    }
    // The same from the terminal, on the compiled binary.
    const cli = (...args: string[]) =>
      execa('node', ['bin/outreach.js', 'emails', 'list', '--status', 'paused', '--campaign', '2', '--json', ...args], { env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}` }, reject: false });
    const listed = async (...args: string[]) => (await cli(...args)).stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line).id);
    expect(await listed('--mailbox', '1')).toEqual([first, before]);
    expect(await listed('--mailbox', '2')).toEqual([second]);
    const refused = await cli('--mailbox', 'two');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/mailbox_id must be a positive whole number/);
    await exec("UPDATE emails SET status = 'CANCELLED' WHERE id IN (?, ?, ?)", [before, first, second]);
  });

  it("approves drafts: the server decides from each recipient's window, on the recipient's clock", async () => {
    const [a, b, c] = [await email('DRAFT'), await email('DRAFT'), await email('SENT')];
    await exec("UPDATE leads SET timezone = 'America/Denver', timezone_source = 'analysis: address ''Denver, CO 80202''' WHERE id = (SELECT lead_id FROM emails WHERE id = ?)", [a]);
    await exec("UPDATE leads SET timezone = 'Europe/Berlin', timezone_source = 'analysis: country ''Germany''' WHERE id = (SELECT lead_id FROM emails WHERE id = ?)", [b]);
    // A window open right now in Denver (this weekday and hour there); never at the same moment in Berlin.
    const denver = localSlot(new Date(), 'America/Denver');
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    await api('PUT', '/api/settings/optimal-sending-times', { optimal_times: [{ day: denver.day, time_range: `${hh(denver.hour)}-${hh(denver.hour + 1)}` }] });
    // The client's schedule_optimally is accepted but does not decide.
    const now = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [a], schedule_optimally: true });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ approved_count: 1, sent_immediately: true, sending_enabled: true });
    expect(now.body.emails).toEqual([{ id: a, send_at: expect.any(String), timezone: 'America/Denver', timezone_source: "analysis: address 'Denver, CO 80202'" }]);
    const later = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [b, c], schedule_optimally: false });
    expect(later.body).toMatchObject({ approved_count: 1, sent_immediately: false }); // the sent one is not a draft
    const at = new Date(later.body.scheduled_for);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect(localSlot(at, 'Europe/Berlin')).toEqual(denver); // that weekday and hour on Berlin's clock
    expect(later.body.emails).toEqual([{ id: b, send_at: at.toISOString(), timezone: 'Europe/Berlin', timezone_source: "analysis: country 'Germany'" }]);
    expect(await statuses([a, b, c])).toEqual(['QUEUED', 'QUEUED', 'SENT']);
    // The Outreach list says the same time, with the recipient's zone.
    const listed = (await api('GET', '/api/emails?status=QUEUED')).body.items.find((e: { id: number }) => e.id === b);
    expect(listed).toMatchObject({ send_at: at.toISOString(), recipient_timezone: 'Europe/Berlin' });
    const again = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [a], schedule_optimally: false });
    expect(again.status).toBe(409);
    expect((await api('POST', '/api/drafts/bulk-approve', { draft_ids: [] })).body.detail).toMatch(/Select at least one draft/);
  });

  it('sends one now through the outbox, and refuses what cannot be sent', async () => {
    const id = await email('QUEUED');
    const res = await api('POST', `/api/emails/${id}/send-now`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'SENT', sent_at: expect.any(String), provider: 'outbox', provider_message_id: expect.stringMatching(/^outbox:.+\.eml$/) });
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

describe('emails list pages', () => {
  const DAY = 86_400_000;
  const T = Date.UTC(2025, 5, 1);
  /** Every email's sort key, newest first, computed here (not by the query under test). */
  async function expected(where: (e: { status: string; campaign_id: number | null }) => boolean) {
    const rows = (await exec('SELECT id, status, campaign_id, sent_at, scheduled_send_time, created_at FROM emails')).rows.map((r) => ({
      id: Number(r.id),
      status: String(r.status),
      campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
      key: Number(r.sent_at ?? r.scheduled_send_time ?? r.created_at),
    }));
    return rows.filter(where).sort((a, b) => b.key - a.key || b.id - a.id).map((r) => r.id);
  }

  /** Follows next_cursor to the end; every page but the last is full. */
  async function allPages(query: string, limit: number) {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api('GET', `/api/emails?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages++;
      ids.push(...res.body.items.map((e: { id: number }) => e.id));
      cursor = res.body.next_cursor;
      if (cursor) expect(res.body.items).toHaveLength(limit);
    } while (cursor && pages < 500);
    return { ids, pages };
  }

  beforeAll(async () => {
    // 250 emails whose sort keys come from each of the three columns and tie in threes:
    // email i sorts at T - floor(i / 3) days, from sent_at, scheduled_send_time or created_at.
    const start = Number((await exec('SELECT coalesce(max(id), 0) AS n FROM leads')).rows[0].n);
    await exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
      INSERT INTO leads (url, hostname, title, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at)
      SELECT 'https://paged-' || i || '.example/', 'paged-' || i || '.example', 'Paged ' || i, 'EMAIL_GENERATED', NULL, '[]', '[]', '[]', ${T}, ${T}, ${T} FROM n`);
    await exec(`INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, sent_at, scheduled_send_time, created_at, updated_at)
      SELECT CASE id % 3 WHEN 0 THEN 1 WHEN 1 THEN 2 ELSE NULL END, id, 'Paged ' || id, 'Hello.', 'info@paged.example',
        CASE (id - ${start}) % 3 WHEN 0 THEN 'SENT' WHEN 1 THEN 'QUEUED' ELSE 'DRAFT' END,
        CASE WHEN (id - ${start}) % 3 = 0 THEN ${T} - ((id - ${start}) / 3) * ${DAY} END,
        CASE WHEN (id - ${start}) % 3 = 1 THEN ${T} - ((id - ${start}) / 3) * ${DAY} END,
        CASE WHEN (id - ${start}) % 3 = 2 THEN ${T} - ((id - ${start}) / 3) * ${DAY} ELSE ${T} - 900 * ${DAY} END,
        ${T}
      FROM leads WHERE id > ${start}`);
  });

  it('pages through every email exactly once, newest first, for each filter', async () => {
    const filters: [string, (e: { status: string; campaign_id: number | null }) => boolean][] = [
      ['', () => true],
      ['status=SENT', (e) => e.status === 'SENT'],
      ['campaign_id=1', (e) => e.campaign_id === 1],
      ['status=QUEUED&campaign_id=2', (e) => e.status === 'QUEUED' && e.campaign_id === 2],
      ['status=REPLIED', (e) => e.status === 'REPLIED'],
    ];
    for (const [query, where] of filters) {
      const want = await expected(where);
      for (const limit of [7, 200]) {
        const got = await allPages(query, limit);
        expect(got.ids, `${query} limit ${limit}`).toEqual(want);
        expect(got.pages, `${query} limit ${limit}`).toBe(Math.max(1, Math.ceil(want.length / limit)));
      }
    }
    expect((await api('GET', '/api/emails?status=REPLIED')).body).toEqual({ items: [], next_cursor: null });
  });

  it('shows 50 by default and at most 200', async () => {
    const total = (await expected(() => true)).length;
    expect(total).toBeGreaterThan(200);
    const first = (await api('GET', '/api/emails')).body;
    expect(first.items).toHaveLength(50);
    expect(typeof first.next_cursor).toBe('string');
    expect((await api('GET', '/api/emails?limit=200')).body.items).toHaveLength(200);
  });

  it('never shows an email twice, nor skips one, while new emails arrive', async () => {
    const before = await expected(() => true);
    const first = (await api('GET', '/api/emails?limit=20')).body;
    // A new draft (newest of all: before the first page) and one with an old time (after the cursor).
    const fresh = await email('DRAFT', 1);
    const old = await email('DRAFT', 2);
    await exec('UPDATE emails SET created_at = ? WHERE id = ?', [T - 5000 * DAY, old]);
    const now = await allPages('', 20);
    const ids = [...first.items.map((e: { id: number }) => e.id)];
    let cursor = first.next_cursor as string | null;
    while (cursor) {
      const page = (await api('GET', `/api/emails?limit=20&cursor=${cursor}`)).body;
      ids.push(...page.items.map((e: { id: number }) => e.id));
      cursor = page.next_cursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(fresh); // it sorts before the page already read
    expect(ids.filter((id) => id !== old)).toEqual(before);
    expect(ids.at(-1)).toBe(old); // it sorts after the cursor: shown once, in its place
    // Read again from the start, the list has both, each once.
    expect(now.ids).toEqual(await expected(() => true));
    expect(now.ids).toContain(fresh);
  });

  it('refuses a bad limit or cursor with 422 and a detail', async () => {
    for (const limit of ['0', '201', '0x10', '1e1', '10.0', '-1', '+5', 'ten', '']) {
      const res = await api('GET', `/api/emails?limit=${limit}`);
      expect(res.status, limit).toBe(422);
      expect(res.body.detail, limit).toMatch(/^limit must be/);
    }
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const leadsCursor = b64({ s: 'discovered_at', k: [T, 5], t: 10, e: true });
    for (const cursor of ['garbage!', 'e30', b64({ l: 'emails', k: ['x', 1] }), b64({ l: 'emails', k: [T, 0] }), b64({ l: 'emails', k: [T] }), leadsCursor, 'A'.repeat(1001)]) {
      const res = await api('GET', `/api/emails?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor.slice(0, 40)).toBe(422);
      expect(res.body.detail, cursor.slice(0, 40)).toBe('cursor is not valid for the emails list (start again without a cursor)');
    }
    const good = (await api('GET', '/api/emails?limit=2')).body.next_cursor;
    expect((await api('GET', `/api/emails?limit=2&cursor=${good}`)).status).toBe(200);
  });
});

describe('outreach emails list', () => {
  const outreach = (...args: string[]) =>
    execa('node', ['bin/outreach.js', 'emails', 'list', ...args], { env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}` }, reject: false });
  const everyId = async (query: string) => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: number }[]; next_cursor: string | null } = (await api('GET', `/api/emails?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`)).body;
      ids.push(...page.items.map((e: { id: number }) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };

  it('prints every email across pages, in list order, or the first --limit', async () => {
    const all = await everyId('');
    expect(all.length).toBeGreaterThan(200); // more than one page of 200
    const json = await outreach('--json');
    expect(json.exitCode, json.stderr).toBe(0);
    const lines = json.stdout.split('\n').map((line) => JSON.parse(line));
    expect(lines.map((e) => e.id)).toEqual(all);
    expect(lines[0]).toMatchObject({ id: all[0], subject: expect.any(String), lead: { hostname: expect.any(String) } });

    const table = await outreach('--status', 'sent', '--limit', '3');
    expect(table.exitCode, table.stderr).toBe(0);
    const rows = table.stdout.split('\n');
    expect(rows[0]).toMatch(/^ID\s+STATUS\s+TO\s+SUBJECT\s+WHEN\s+OPENS\s+CLICKS$/);
    expect(rows.at(-1)).toMatch(/^Times are this machine's local time \(.+\)\.$/);
    expect(rows.slice(1, -1).map((row) => Number(row.split(/\s+/)[0]))).toEqual((await everyId('&status=SENT')).slice(0, 3));
    expect(rows.slice(1, -1).every((row) => /^\d+\s+SENT\s/.test(row))).toBe(true);

    const none = await outreach('--status', 'REPLIED');
    expect(none.stdout).toBe('(none)');
    const bad = await outreach('--limit', '0x10');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/limit must be a positive whole number/);
  }, 60_000);

  it("emails send <id> --json prints the mailer's message id, not the email's status", async () => {
    const id = await email('QUEUED');
    const sent = await execa('node', ['bin/outreach.js', 'emails', 'send', String(id), '--json'], {
      env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}`, OUTREACH_DNS_SERVER: h.dnsServer },
      reject: false,
    });
    expect(sent.exitCode, sent.stderr).toBe(0);
    const outcome = JSON.parse(sent.stdout);
    expect(outcome).toMatchObject({ result: 'sent', id, provider: 'outbox', providerMessageId: expect.stringMatching(/^outbox:.+\.eml$/) });
    const [row] = (await exec('SELECT provider_message_id FROM emails WHERE id = ?', [id])).rows;
    expect(outcome.providerMessageId).toBe(row.provider_message_id);
  }, 60_000);

  it('shows every time one way, on the local clock, and says which zone', async () => {
    const at = Date.now();
    const campaign = Number((await exec("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('Times', 'q', ?, ?) RETURNING id", [at, at])).rows[0].id);
    const sent = await email('SENT', campaign);
    const queued = await email('QUEUED', campaign);
    await exec('UPDATE emails SET sent_at = ? WHERE id = ?', [Date.parse('2026-01-15T10:00:00Z'), sent]);
    await exec('UPDATE emails SET scheduled_send_time = ? WHERE id = ?', [Date.parse('2026-01-16T08:15:00Z'), queued]);
    const list = await execa('node', ['bin/outreach.js', 'emails', 'list', '--campaign', String(campaign)], {
      env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}`, TZ: 'America/St_Johns' },
      reject: false,
    });
    expect(list.exitCode, list.stderr).toBe(0);
    const rows = list.stdout.split('\n');
    const whenOf = (id: number) => rows.find((row) => row.startsWith(`${id} `))?.match(/\d{4}-\d\d-\d\d \d\d:\d\d/)?.[0];
    expect(whenOf(sent)).toBe('2026-01-15 06:30'); // UTC-03:30
    expect(whenOf(queued)).toBe('2026-01-16 04:45');
    expect(rows.at(-1)).toBe("Times are this machine's local time (America/St_Johns).");
  }, 60_000);
});
