// Settings → Sending domain through the real server and Chromium, against a loopback DNS:
// each verdict with the record found and the record to publish, the blocklists with the list's
// name and its answer, and 'Check now' asking DNS again after the operator fixed a record.
// Then live sending through the real send loop (Brevo's contract fake): a live campaign's email
// from a domain without SPF waits with the reason until the operator overrides the rule on the
// screen, then goes; a blocklist listing found by Check now pauses it again until the operator
// acknowledges the listing there (both recorded, and in the feed).
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrevoFake, type BrevoFake } from '../fakes/brevo.ts';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';
import { SHOTS_DIR, launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-7' };
const MX = [{ exchange: 'mx1.agency.test', priority: 10 }];

let dns: DnsStub;
let server: TestServer;
let browser: Browser;
let page: Page;

async function toast(text: string | RegExp, on: Page = page): Promise<void> {
  const item = on.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

describe('Settings → Sending domain', () => {
  beforeAll(async () => {
    dns = await startDnsStub({
      // No SPF yet (only a site verification), Brevo's DKIM key published, no DMARC.
      'agency.test': { txt: ['google-site-verification=abc123'], mx: MX },
      'mail._domainkey.agency.test': { txt: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'] },
      'agency.test.dbl.spamhaus.org': { a: ['127.0.1.2'] },
    });
    browser = await launchBrowser();
    server = await startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: { OUTREACH_DNS_SERVER: dns.server, OUTREACH_BREVO_API_KEY: 'xkeysib-e2e', OUTREACH_EMAIL_FROM: 'Ann Lee <ann@agency.test>' },
    });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dns?.close();
  });

  it('shows each verdict with the record to publish, and checks again on demand', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    await page.goto(`${server.url}/settings#sending-domain`);
    const section = page.getByRole('region', { name: 'Sending domain', exact: true });
    await section.getByRole('button', { name: 'Check now' }).click();
    await toast('Checked agency.test');

    const row = (kind: string) => section.locator(`tr[data-check="${kind}"]`);
    expect(await row('spf').getAttribute('data-status')).toBe('missing');
    expect(await row('spf').innerText()).toContain('No SPF record at agency.test');
    expect(await section.getByTestId('publish-spf').innerText()).toBe('TXT agency.test v=spf1 include:spf.brevo.com ~all');
    expect(await row('dkim').getAttribute('data-status')).toBe('ok');
    expect(await row('dkim').innerText()).toContain('mail._domainkey.agency.test: v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC');
    expect(await row('dmarc').getAttribute('data-status')).toBe('missing');
    expect(await section.getByTestId('publish-dmarc').innerText()).toBe('TXT _dmarc.agency.test v=DMARC1; p=none');
    expect(await row('mx').getAttribute('data-status')).toBe('ok');
    const dbl = section.locator('tr[data-list="dbl.spamhaus.org"]');
    expect(await dbl.getAttribute('data-status')).toBe('listed');
    expect(await dbl.innerText()).toMatch(/Spamhaus DBL[\s\S]*Listed[\s\S]*127\.0\.1\.2/);
    expect(await section.getByRole('status').innerText()).toContain('SPF and DKIM do not both pass');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SHOTS_DIR, '75-sending-domain-missing-spf.png') });
    await screenshot(page, '75-settings-with-sending-domain');

    // The operator publishes the record shown; Check now asks DNS again.
    dns.set('agency.test', { txt: ['google-site-verification=abc123', 'v=spf1 include:spf.brevo.com ~all'], mx: MX });
    dns.set('_dmarc.agency.test', { txt: ['v=DMARC1; p=quarantine'] });
    await section.getByRole('button', { name: 'Check now' }).click();
    await toast('Checked agency.test');
    expect(await row('spf').getAttribute('data-status')).toBe('ok');
    expect(await row('spf').innerText()).toContain('v=spf1 include:spf.brevo.com ~all');
    expect(await section.getByTestId('publish-spf').count()).toBe(0);
    expect(await row('dmarc').innerText()).toContain('p=quarantine');
    expect(await section.getByRole('status').innerText()).toContain('SPF and DKIM pass. The domain or the server is on a blocklist.');
    await section.screenshot({ path: join(SHOTS_DIR, '76-sending-domain-fixed.png') });
  });
});

/** Waits for `check` to hold (the send loop works on its own clock), failing after `ms`. */
async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; ; ) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('live sending from a domain without SPF, then listed', () => {
  const BREVO_KEY = 'xkeysib-e2e-live';
  let dns2: DnsStub;
  let brevo: BrevoFake;
  let live: TestServer;
  let chromium: Browser;
  let tab: Page;
  let token: string;

  const call = async (method: string, path: string) => {
    const res = await fetch(`${live.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const feed = async () => (await call('GET', '/api/activity?limit=100')).body as { activity_type: string; message: string }[];
  let seq = 0;
  /** A live campaign's email to a new lead, approved and due now, straight into the server's database. */
  async function queued(): Promise<number> {
    const db = createClient({ url: `file:${join(live.dataDir, 'e2e.db')}`, timeout: 15_000 });
    try {
      const now = Date.now();
      const host = `shop${++seq}.test`;
      const lead = await db.execute({
        sql: "INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_GENERATED', 1, '[]', '[]', '[]', ?, ?, ?) RETURNING id",
        args: [`https://${host}/`, host, now, now, now],
      });
      const email = await db.execute({
        sql: "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (1, ?, 'Your website', 'Hello', ?, 'QUEUED', ?, 0, 0, ?, ?) RETURNING id",
        args: [Number(lead.rows[0].id), `owner@${host}`, now - 1000, now, now],
      });
      return Number(email.rows[0].id);
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    // pixel.test publishes no SPF (a site verification only); everything else (its DKIM key
    // under Brevo's selector, DMARC, the recipients' MX, no listings) is the stub's mail domain.
    dns2 = await startDnsStub({ 'pixel.test': { txt: ['google-site-verification=xyz789'], mx: [{ exchange: 'mx.pixel.test', priority: 10 }] } }, { fallback: 'mx' });
    brevo = await startBrevoFake({ apiKey: BREVO_KEY });
    chromium = await launchBrowser();
    live = await startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: {
        OUTREACH_DNS_SERVER: dns2.server,
        OUTREACH_BREVO_API_KEY: BREVO_KEY,
        OUTREACH_BREVO_BASE_URL: brevo.baseUrl,
        OUTREACH_EMAIL_FROM: 'Pam Lee <pam@pixel.test>',
        OUTREACH_POSTAL_ADDRESS: 'Pixel Studio, 1 Main St, Austin, TX 78701',
        OUTREACH_PUBLIC_URL: 'https://outreach.pixel.test',
      },
    });
    const login = await fetch(`${live.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    token = ((await login.json()) as { access_token: string }).access_token;
    // No sending windows: a queued email is due at once.
    await fetch(`${live.url}/api/settings/optimal-sending-times`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ optimal_times: [] }) });
    const db = createClient({ url: `file:${join(live.dataDir, 'e2e.db')}`, timeout: 15_000 });
    const now = Date.now();
    await db.execute({ sql: "INSERT INTO campaigns (name, search_query, mode, status, created_at, updated_at) VALUES ('Austin bakeries', 'bakeries in Austin', 'live', 'COMPLETED', ?, ?)", args: [now, now] });
    db.close();
    tab = await (await chromium.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    tab.setDefaultTimeout(15_000);
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    await live?.stop();
    await brevo?.stop();
    await dns2?.close();
  });

  it('holds the email with the reason, sends it after the override on the screen; a listing pauses it until acknowledged', async () => {
    const first = await queued();
    const now = await call('POST', `/api/emails/${first}/send-now`);
    expect(now.status).toBe(409);
    expect(now.body.detail).toContain('Live sending from pixel.test is refused: SPF does not pass');
    expect(now.body.detail).toContain('Publish: TXT pixel.test "v=spf1 include:spf.brevo.com ~all"');
    // The send loop holds it too, and says why in the feed.
    const waiting = await until('the send loop to say why the email waits', async () => (await feed()).find((a) => a.message.startsWith('Queued emails are waiting: Live sending from pixel.test is refused')), 60_000);
    expect(waiting.message).toContain('No SPF record at pixel.test');
    expect(brevo.sent).toHaveLength(0);

    await signIn(tab, live.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!', tab);
    await tab.goto(`${live.url}/settings#sending-domain`);
    const section = tab.getByRole('region', { name: 'Sending domain', exact: true });
    const refusal = section.getByTestId('sending-domain-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Live sending from pixel.test is refused: SPF does not pass');
    expect(await section.innerText()).toContain('Or override the rule for pixel.test: campaigns would send without SPF, which Gmail and Yahoo require of bulk senders');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SHOTS_DIR, '79-sending-domain-live-sending-refused.png') });

    await section.getByRole('button', { name: 'Override: send from pixel.test anyway' }).click();
    await toast('Override recorded for pixel.test', tab);
    const override = section.getByTestId('sending-domain-override');
    expect(await override.innerText()).toMatch(/SPF and DKIM rule overridden for pixel\.test by admin on .+Gmail and Yahoo reject or put in spam/s);
    expect(await section.getByTestId('sending-domain-allowed').innerText()).toBe('Live sending from pixel.test is allowed by the override, although SPF and DKIM do not both pass.');
    // The override wakes the send loop: the held email goes now, from pixel.test.
    await until('the held email to reach Brevo', async () => brevo.sent.length === 1);
    expect(brevo.sent[0]).toMatchObject({ sender: { email: 'pam@pixel.test' }, to: [{ email: 'owner@shop1.test' }] });
    await section.screenshot({ path: join(SHOTS_DIR, '80-sending-domain-overridden.png') });

    // Spamhaus lists the domain; Check now finds it: live sending from it pauses, with the list's name.
    dns2.set('pixel.test.dbl.spamhaus.org', { a: ['127.0.1.2'] });
    await section.getByRole('button', { name: 'Check now' }).click();
    await toast('Checked pixel.test', tab);
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Live sending from pixel.test is paused: pixel.test is listed on Spamhaus DBL (127.0.1.2: spam domain)');
    expect(await section.getByTestId('sending-domain-listings').innerText()).toContain('Listed on Spamhaus DBL (pixel.test, 127.0.1.2)');
    expect((await feed()).filter((a) => a.activity_type === 'sending_paused').map((a) => a.message)).toEqual([expect.stringContaining('Live sending from pixel.test paused: pixel.test is listed on Spamhaus DBL')]);
    const second = await queued();
    const held = await call('POST', `/api/emails/${second}/send-now`);
    expect(held.status).toBe(409);
    expect(held.body.detail).toContain('listed on Spamhaus DBL');
    await section.screenshot({ path: join(SHOTS_DIR, '81-sending-domain-listed.png') });
    await screenshot(tab, '81-settings-sending-domain-listed');

    await section.getByRole('button', { name: 'Acknowledge listing' }).click();
    await toast('Listing acknowledged for pixel.test', tab);
    expect(await section.getByTestId('sending-domain-acknowledged').innerText()).toMatch(/^Acknowledged: pixel\.test on Spamhaus DBL \(127\.0\.1\.2\), by admin on /);
    expect(await section.getByTestId('sending-domain-allowed').count()).toBe(1);
    expect((await feed()).find((a) => a.activity_type === 'sending_resumed')?.message).toContain('Blocklist listing of pixel.test acknowledged by admin');
    await until('the second email to reach Brevo', async () => brevo.sent.length === 2);
    expect(brevo.sent[1].to).toEqual([{ email: 'owner@shop2.test' }]);
    await section.screenshot({ path: join(SHOTS_DIR, '82-sending-domain-acknowledged.png') });
  }, 180_000);
});
