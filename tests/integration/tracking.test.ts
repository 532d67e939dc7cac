import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.ts';

const HOOK_TOKEN = 'brevo-hook-secret-123';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36' };
const BODY = 'Hi,\n\nI looked at https://shop.example/menu and noticed a few things.\nSee https://agency.example/portfolio, or book at https://agency.example/call.\n\nBest';

let h: Harness;
let host = 0;
beforeAll(async () => {
  h = await startHarness({ OUTREACH_BREVO_WEBHOOK_TOKEN: HOOK_TOKEN });
  await exec("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('C', 'q', ?, ?)", [Date.now(), Date.now()]);
});
afterAll(() => h.close());

const exec = (sql: string, args: (string | number | null)[] = []) => h.ctx.db.$client.execute({ sql, args });
const row = async (sql: string, args: (string | number)[]) => (await exec(sql, args)).rows[0] as Record<string, any>;
const email = (id: number) => row('SELECT * FROM emails WHERE id = ?', [id]);
const lead = (id: number) => row('SELECT * FROM leads WHERE id = ?', [id]);
const activities = async (type: string, emailId: number) =>
  Number((await row("SELECT count(*) AS n FROM activity WHERE activity_type = ? AND json_extract(details, '$.email_id') = ?", [type, emailId])).n);

/** A lead with one email in `status`, sent `sentAgo` seconds ago (null: not sent). */
async function seed(status = 'SENT', sentAgo: number | null = 3600, recipient?: string) {
  const now = Date.now();
  host++;
  const l = await exec(
    "INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_SENT', 1, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://shop${host}.example/`, `shop${host}.example`, now, now, now],
  );
  const leadId = Number(l.rows[0].id);
  const e = await exec(
    'INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, sent_at, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [leadId, 'Your website', BODY, recipient ?? `info@shop${host}.example`, status, sentAgo === null ? null : now - sentAgo * 1000, now, now],
  );
  return { leadId, emailId: Number(e.rows[0].id), recipient: recipient ?? `info@shop${host}.example` };
}

const t = (purpose: 'open' | 'click' | 'unsubscribe', id: number) => h.ctx.tokens.token(purpose, id);
const pixel = (id: number, method = 'GET', headers: Record<string, string> = BROWSER) => h.app.request(`/t/o/${t('open', id)}.gif`, { method, headers });
const click = (path: string, method = 'GET', headers: Record<string, string> = BROWSER) => h.app.request(path, { method, headers });

describe('open pixel', () => {
  it('marks the email OPENED once and counts every repeat', async () => {
    const { emailId, leadId } = await seed();
    for (let i = 0; i < 3; i++) {
      const res = await pixel(emailId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin'); // webmail on other origins can load it
    }
    const e = await email(emailId);
    expect(e).toMatchObject({ status: 'OPENED', open_count: 3, machine_open_count: 0 });
    expect(e.opened_at).not.toBeNull();
    expect((await lead(leadId)).status).toBe('OPENED');
    expect(await activities('email_opened', emailId)).toBe(1);
    expect(Number((await row("SELECT count(*) AS n FROM interactions WHERE email_id = ? AND interaction_type = 'email_opened'", [emailId])).n)).toBe(1);
  });

  it('counts HEAD requests and scanners as machine opens only, and answers the pixel to bad tokens', async () => {
    const { emailId, leadId } = await seed();
    expect((await pixel(emailId, 'HEAD')).status).toBe(200);
    expect((await pixel(emailId, 'GET', { 'user-agent': 'Mozilla/5.0 (compatible; Mimecast URL Protect)' })).status).toBe(200);
    expect((await pixel(emailId, 'GET', {})).status).toBe(200);
    expect(await email(emailId)).toMatchObject({ status: 'SENT', open_count: 0, machine_open_count: 3, opened_at: null });
    expect((await lead(leadId)).status).toBe('EMAIL_SENT');
    const forged = await h.app.request(`/t/o/${emailId.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA.gif`, { headers: BROWSER });
    expect(forged.status).toBe(200);
    expect(forged.headers.get('content-type')).toBe('image/gif');
  });

  it('ignores opens of an email that was never sent', async () => {
    const { emailId } = await seed('QUEUED', null);
    await pixel(emailId);
    expect(await email(emailId)).toMatchObject({ status: 'QUEUED', open_count: 0, opened_at: null });
  });
});

describe('tracked links', () => {
  it("redirects a person to exactly the email's own link and records the click (and the open)", async () => {
    const { emailId, leadId } = await seed();
    const res = await click(`/t/c/${t('click', emailId)}/1`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://agency.example/portfolio');
    await click(`/t/c/${t('click', emailId)}/2`);
    const e = await email(emailId);
    expect(e).toMatchObject({ status: 'CLICKED', click_count: 2, open_count: 1, machine_click_count: 0 });
    expect(e.clicked_at).not.toBeNull();
    expect(e.opened_at).not.toBeNull();
    expect((await lead(leadId)).status).toBe('CLICKED');
    expect(await activities('email_clicked', emailId)).toBe(1);
  });

  it('does not count scanners: clicks within the window after sending, HEAD requests, the honeypot', async () => {
    const fresh = await seed('SENT', 2);
    const early = await click(`/t/c/${t('click', fresh.emailId)}/0`);
    expect(early.status).toBe(302); // a scanner still gets the real link, so the email does not look suspicious
    expect(await email(fresh.emailId)).toMatchObject({ status: 'SENT', click_count: 0, machine_click_count: 1, clicked_at: null });

    const { emailId, leadId } = await seed();
    expect((await click(`/t/c/${t('click', emailId)}/0`, 'HEAD')).status).toBe(302);
    const trap = await click(`/t/c/${t('click', emailId)}/hp`);
    expect(trap.status).toBe(200);
    expect(trap.headers.get('location')).toBeNull();
    expect(await email(emailId)).toMatchObject({ status: 'SENT', click_count: 0, machine_click_count: 2, clicked_at: null });
    expect((await lead(leadId)).status).toBe('EMAIL_SENT');
    expect(await activities('email_clicked', emailId)).toBe(0);
  });

  it('refuses open-redirect attempts: out-of-range index, forged or wrong-purpose tokens, a url parameter', async () => {
    const { emailId } = await seed();
    const attempts = [
      `/t/c/${t('click', emailId)}/3`,
      `/t/c/${t('click', emailId)}/-1`,
      `/t/c/${t('click', emailId)}/https%3A%2F%2Fevil.example`,
      `/t/c/${emailId.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA/0?url=https://evil.example`,
      `/t/c/${t('open', emailId)}/0`,
    ];
    for (const path of attempts) {
      const res = await click(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location'), path).toBeNull();
      expect(await res.text()).not.toContain('evil.example');
    }
    const withParam = await click(`/t/c/${t('click', emailId)}/0?url=https://evil.example&redirect=https://evil.example`);
    expect(withParam.headers.get('location')).toBe('https://shop.example/menu');
  });

  it("answers a forged or cut-short link with a plain 404, never the dashboard's page", async () => {
    // A built dashboard, so the SPA fallback has a page to give.
    mkdirSync(h.ctx.config.webDist, { recursive: true });
    writeFileSync(join(h.ctx.config.webDist, 'index.html'), '<!doctype html><div id="root">DASHBOARD</div>');
    expect(await (await click('/campaigns')).text()).toContain('DASHBOARD');

    const forged = await click('/t/c/garbage');
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('Link not found');
    for (const path of ['/t/c/', '/t/c/garbage/0/extra', '/t/x', '/t', '/u/', '/hooks/unknown', '/r/abc', '/ws/x', '/api/nothing']) {
      const res = await click(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('DASHBOARD');
    }
  });
});

describe('unsubscribe', () => {
  it('shows a confirmation page on GET without unsubscribing', async () => {
    const { emailId, recipient, leadId } = await seed();
    const res = await h.call('GET', `/u/${t('unsubscribe', emailId)}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<form method="post"');
    expect(res.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(res.body).toContain('noindex');
    expect(await h.ctx.suppressions.blocks(recipient)).toBeUndefined();
    expect((await lead(leadId)).status).toBe('EMAIL_SENT');
    expect((await h.call('GET', `/u/${t('click', emailId)}`)).status).toBe(404);
  });

  it('one-click POST suppresses the address, marks the lead and cancels what waits for it; repeats are harmless', async () => {
    const { emailId, recipient, leadId } = await seed();
    const followUp = await seed('QUEUED', null, recipient.toUpperCase());
    const other = await seed('QUEUED', null);
    const post = () => h.call('POST', `/u/${t('unsubscribe', emailId)}`, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const res = await post();
    expect(res.status).toBe(200);
    expect(res.body).toContain('You have been unsubscribed');
    expect((await h.ctx.suppressions.blocks(recipient))?.reason).toBe('unsubscribed');
    expect((await lead(leadId)).status).toBe('UNSUBSCRIBED');
    expect(await email(followUp.emailId)).toMatchObject({ status: 'CANCELLED', last_error: 'Cancelled: the recipient unsubscribed' });
    expect((await email(other.emailId)).status).toBe('QUEUED');
    expect((await post()).status).toBe(200);
    expect(await activities('unsubscribed', emailId)).toBe(1);
    expect((await h.call('POST', `/u/${emailId.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`, { raw: '' })).status).toBe(404);
  });
});

describe('Brevo webhook', () => {
  const hook = (body: unknown, token: string | null = HOOK_TOKEN, raw?: string) =>
    h.call('POST', '/hooks/brevo', { body: raw === undefined ? body : undefined, raw, headers: token ? { authorization: `Bearer ${token}`, 'content-type': 'application/json' } : {} });
  const messageId = (id: number) => h.ctx.tokens.messageId(id, 'me@agency.example');

  it('refuses a missing or wrong bearer token and malformed JSON', async () => {
    expect((await hook({}, null)).status).toBe(401);
    const wrong = await hook({}, 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBeTruthy();
    const bad = await hook(undefined, HOOK_TOKEN, '{"event": ');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('The request body is not valid JSON');
  });

  it('hard_bounce bounces the email, suppresses the address and marks the lead', async () => {
    const { emailId, recipient, leadId } = await seed();
    const event = { event: 'hard_bounce', email: recipient, 'message-id': messageId(emailId), reason: 'mailbox does not exist', ts_event: 1 };
    const res = await hook([event, { event: 'delivered', email: recipient, 'message-id': messageId(emailId) }, { event: 'hard_bounce', 'message-id': '<someone@else.example>' }]);
    expect(res).toMatchObject({ status: 200, body: { applied: 1 } });
    const e = await email(emailId);
    expect(e.status).toBe('BOUNCED');
    expect(e.last_error).toBe('Brevo reported hard_bounce: mailbox does not exist');
    expect((await h.ctx.suppressions.blocks(recipient))?.reason).toBe('bounced');
    expect((await lead(leadId)).status).toBe('BOUNCED');
    await hook(event); // Brevo retries: no second record
    expect(await activities('email_bounced', emailId)).toBe(1);
  });

  it('spam complaint suppresses as complained and unsubscribes the lead', async () => {
    const { emailId, recipient, leadId } = await seed('OPENED');
    const res = await hook({ event: 'spam', email: recipient, 'message-id': messageId(emailId) });
    expect(res.body).toEqual({ applied: 1 });
    expect((await h.ctx.suppressions.blocks(recipient))?.reason).toBe('complained');
    expect((await lead(leadId)).status).toBe('UNSUBSCRIBED');
  });
});

describe('Brevo webhook without a token configured', () => {
  it('answers 503 with what to set', async () => {
    const bare = await startHarness();
    try {
      const res = await bare.call('POST', '/hooks/brevo', { body: [], headers: { authorization: 'Bearer anything' } });
      expect(res).toMatchObject({ status: 503, body: { detail: 'Brevo webhooks are not configured: generate a token in Settings → Reply Detection, or set OUTREACH_BREVO_WEBHOOK_TOKEN' } });
    } finally {
      await bare.close();
    }
  });
});
