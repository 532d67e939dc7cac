import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let token: string;
const ids: number[] = [];

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN.username, ADMIN.password);
  const exec = (sql: string, args: (string | number)[] = []) => h.ctx.db.$client.execute({ sql, args });
  const now = Date.now();
  await exec("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('C', 'q', ?, ?)", [now, now]);
  for (const [i, quality, status] of [[1, 0.9, 'DRAFT'], [2, 0.5, 'DRAFT'], [3, 0.7, 'SENT']] as const) {
    await exec(
      "INSERT INTO leads (url, hostname, title, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, 'EMAIL_GENERATED', 1, '[]', '[]', '[]', ?, ?, ?)",
      [`https://shop${i}.example/`, `shop${i}.example`, `Shop ${i}`, now, now, now],
    );
    const email = await exec(
      'INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, generated_at, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?) RETURNING id',
      [i, `About Shop ${i}`, `Hello shop ${i}`, `info@shop${i}.example`, status, quality, now, now, now],
    );
    ids.push(Number(email.rows[0].id));
  }
});
afterAll(() => h.close());

const api = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });

describe('drafts', () => {
  it('lists only drafts, best first, with a count and filters', async () => {
    const all = (await api('GET', '/api/drafts')).body;
    expect(all.count).toBe(2);
    expect(all.drafts.map((d: { id: number }) => d.id)).toEqual([ids[0], ids[1]]);
    expect((await api('GET', '/api/drafts?min_quality=0.8')).body.count).toBe(1);
    expect((await api('GET', '/api/drafts?search=shop2')).body.drafts[0]).toMatchObject({ id: ids[1], lead_hostname: 'shop2.example' });
    expect((await api('GET', '/api/drafts?search=%25')).body.count).toBe(0); // LIKE wildcards are literal
  });

  it("gives each draft its business's name and the body's first line after the greeting, as text", async () => {
    const exec = (sql: string, args: (string | number)[] = []) => h.ctx.db.$client.execute({ sql, args });
    const now = Date.now();
    const lead = await exec(
      "INSERT INTO leads (url, hostname, title, company_name, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://rocky.example/', 'rocky.example', 'Roofers in Denver | Home', 'Rocky Roofing', 'EMAIL_GENERATED', 1, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
      [now, now, now],
    );
    const body = `Hola, Ana:\r\n\r\nSu página <b>tarda</b> 6,1 s\r\nen un móvil.\r\n\r\n${'Más. '.repeat(2000)}\r\n\r\nSaludos,\r\n{sender_name}`;
    const email = await exec(
      "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, created_at, updated_at) VALUES (1, ?, 'Su web en el móvil', ?, 'ana@rocky.example', 'DRAFT', 0.95, 0, 0, ?, ?) RETURNING id",
      [Number(lead.rows[0].id), body, now, now],
    );
    const id = Number(email.rows[0].id);
    try {
      const list = (await api('GET', '/api/drafts')).body;
      const named = list.drafts.find((d: { id: number }) => d.id === id);
      expect(named).toMatchObject({ lead_company_name: 'Rocky Roofing', lead_hostname: 'rocky.example', subject: 'Su web en el móvil', first_line: 'Su página <b>tarda</b> 6,1 s en un móvil.' });
      // A lead with no name of its own: the screen falls back to the hostname, the API says so with null.
      expect(list.drafts.find((d: { id: number }) => d.id === ids[0])).toMatchObject({ lead_company_name: null, lead_hostname: 'shop1.example', first_line: '' });
      // The search finds it by the business's name too.
      expect((await api('GET', '/api/drafts?search=rocky roofing')).body.drafts.map((d: { id: number }) => d.id)).toEqual([id]);
    } finally {
      await exec('DELETE FROM emails WHERE id = ?', [id]);
    }
  });

  it('edits a draft, and its recipient becomes the lead contact email', async () => {
    const res = await api('PATCH', `/api/drafts/${ids[0]}`, { subject: 'New subject', recipient_email: 'Owner@Shop1.example' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: 'New subject', recipient_email: 'owner@shop1.example', body: 'Hello shop 1' });
    const lead = await h.ctx.db.$client.execute('SELECT contact_email FROM leads WHERE id = 1');
    expect(lead.rows[0].contact_email).toBe('owner@shop1.example');
    expect((await api('PATCH', `/api/drafts/${ids[0]}`, { recipient_email: 'nope' })).status).toBe(422);
    expect((await api('PATCH', `/api/drafts/${ids[0]}`, {})).body.detail).toBe('Nothing to change: send subject, body or recipient_email');
  });

  it("checks an edited text against the lead's findings, like a written one", async () => {
    const finding = { id: 'no_contact_form', claim: 'No contact form', evidence: 'no form to send a message on the 3 pages crawled', url: 'https://shop2.example/', confidence: 0.9, value: null, pages: [{ path: '/', kind: 'home' }, { path: '/contact', kind: 'contact' }, { path: '/about', kind: 'about' }] };
    await h.ctx.db.$client.execute({ sql: "INSERT INTO lead_analyses (lead_id, technical_issues, findings, crawl_log, created_at, updated_at) VALUES (2, '[]', ?, '[]', 0, 0)", args: [JSON.stringify([finding])] });
    const invented = await api('PATCH', `/api/drafts/${ids[1]}`, { body: 'Hello,\n\nYour site has no analytics, so you cannot see who visits.\n\nBest regards,\n{sender_name}' });
    expect(invented.status).toBe(200);
    expect(invented.body.quality_score).toBeLessThanOrEqual(0.6);
    expect(invented.body.quality_breakdown).toMatchObject({ edited_by_hand: true, review_reason: expect.stringMatching(/analytics/), claims: { ok: false } });
    const honest = await api('PATCH', `/api/drafts/${ids[1]}`, { subject: 'About your website', body: 'Hello,\n\nThere is no contact form on your site, so people who prefer to write have no quick way to reach you.\n\nBest regards,\n{sender_name}' });
    expect(honest.body.quality_breakdown).toMatchObject({ claims: { ok: true, stated: ['no_contact_form'] } });
    expect(honest.body.quality_breakdown.review_reason).toBeUndefined();
  });

  it('refuses to edit or delete what is no longer a draft, and 404s the unknown', async () => {
    const sent = await api('PATCH', `/api/drafts/${ids[2]}`, { subject: 'x' });
    expect(sent.status).toBe(409);
    expect(sent.body.detail).toBe('This email is SENT, not a draft: it can no longer be edited here');
    expect((await api('DELETE', `/api/drafts/${ids[2]}`)).status).toBe(409);
    expect((await api('DELETE', '/api/drafts/9999')).body.detail).toBe('Draft not found');
  });

  it('refuses to approve an id that is no draft at all, naming it, and approves nothing', async () => {
    const one = await api('POST', '/api/drafts/bulk-approve', { draft_ids: [ids[1], 9999] });
    expect(one.status).toBe(404);
    expect(one.body.detail).toBe('Draft 9999 does not exist');
    expect((await api('POST', '/api/drafts/bulk-approve', { draft_ids: [9998, 9999] })).body.detail).toBe('Drafts 9998, 9999 do not exist');
    expect((await api('GET', '/api/drafts')).body.drafts.map((d: { id: number }) => d.id)).toContain(ids[1]); // still a draft

    const cli = await execa('node', ['bin/outreach.js', 'drafts', 'approve', '9999'], { env: { OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${join(h.dir, 'test.db')}` }, reject: false });
    expect(cli.exitCode).toBe(1);
    expect(cli.stderr.split('\n')).toContain('error: Draft 9999 does not exist');
    expect(cli.stdout).toBe('');
  }, 30_000);

  it('deletes one, and several (leaving non-drafts alone)', async () => {
    expect((await api('DELETE', `/api/drafts/${ids[1]}`)).body).toEqual({ message: 'Draft deleted' });
    expect((await api('POST', '/api/drafts/bulk-delete', { draft_ids: [] })).status).toBe(422);
    expect((await api('POST', '/api/drafts/bulk-delete', { draft_ids: [ids[0], ids[2]] })).body).toEqual({ deleted_count: 1 });
    expect((await api('GET', '/api/drafts')).body.count).toBe(0);
    const sent = await h.ctx.db.$client.execute({ sql: 'SELECT status FROM emails WHERE id = ?', args: [ids[2]] });
    expect(sent.rows[0].status).toBe('SENT');
  });
});

describe('scheduling', () => {
  it('answers a campaign its optimal send time, and the best time tomorrow', async () => {
    const res = await api('GET', '/api/campaigns/1/optimal-send-time');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ campaign_id: 1, industry: 'general', day: 'Tuesday', time: '10:00', timezone: 'America/New_York', confidence: 0.6 });
    expect((await api('GET', '/api/campaigns/999/optimal-send-time')).status).toBe(404);
    const tomorrow = await api('GET', '/api/scheduling/tomorrow-best/dentists');
    expect(tomorrow.body).toMatchObject({ industry: 'dentists', hour: 10, timezone: 'America/New_York' });
  });
});
