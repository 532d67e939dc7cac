// Verified addresses on the screens, through the real server, its sandbox, a loopback DNS and
// Chromium: each draft wears its recipient's check with the reason, approving a risky one
// takes a ticked "Send to risky addresses", an invalid one is refused with the server's
// reason, and the Outreach row and Lead detail show the same check.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftList } from '../../src/core/model/draft.ts';
import type { EmailItem, EmailPage } from '../../src/core/model/email.ts';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };

let dns: DnsStub;
let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;

const email = async (id: number) => (await admin.call<EmailPage>('GET', '/api/emails?limit=200')).items.find((e) => e.id === id) as EmailItem;
const rowOf = (id: number) => page.locator(`.draft-row[data-draft-id="${id}"]`);

async function expandRow(id: number, hostname: string) {
  const toggle = page.locator(`.draft-group[data-hostname="${hostname}"] .draft-group-toggle-btn`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await rowOf(id).waitFor();
  return rowOf(id);
}

beforeAll(async () => {
  dns = await startDnsStub({ 'webonly.example': { a: ['192.0.2.7'] } }, { fallback: 'mx' });
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password, env: { OUTREACH_DNS_SERVER: dns.server } }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(admin);
  await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

describe('verified addresses on the screens', () => {
  it('badges each draft with its check and reason, and asks before approving a risky one', async () => {
    await runCampaign(admin, { name: 'Austin plumbers', search_query: 'plumbers in Austin', industry: 'plumbing', max_results: 10 });
    const list = (await admin.call<DraftList>('GET', '/api/drafts')).drafts;
    expect(list.length).toBeGreaterThanOrEqual(3);
    // Drafts the pipeline wrote were checked when written; the sandbox answered for its domains.
    for (const d of list) expect(d.recipient_check, d.recipient_email).toMatchObject({ verdict: 'valid', reason: expect.stringContaining('sandbox domain') });
    const [fine, risky, dead] = list;
    await admin.call('PATCH', `/api/drafts/${risky.id}`, { recipient_email: 'owner@webonly.example' });
    await admin.call('PATCH', `/api/drafts/${dead.id}`, { recipient_email: 'noreply@webonly.example' });

    await page.goto(`${server.url}/drafts`);
    await page.getByRole('heading', { name: 'Email Drafts' }).waitFor();
    const fineRow = await expandRow(fine.id, fine.lead_hostname);
    await expect.poll(() => fineRow.locator('.recipient-check').textContent()).toBe('Verified');
    expect(await fineRow.locator('.recipient-check').getAttribute('title')).toContain('sandbox domain');

    const riskyRow = await expandRow(risky.id, risky.lead_hostname);
    expect(await riskyRow.locator('.recipient-check').textContent()).toBe('Risky');
    expect(await riskyRow.locator('.recipient-check-note').textContent()).toBe(
      "Risky recipient: webonly.example has no MX record; mail would go to its web server's address, which often accepts no mail.",
    );
    const deadRow = await expandRow(dead.id, dead.lead_hostname);
    expect(await deadRow.locator('.recipient-check').textContent()).toBe('Invalid');
    expect(await deadRow.locator('.recipient-check-note').textContent()).toBe('Cannot be sent: noreply@ is an address nobody reads. Change the recipient or delete this draft.');
    await screenshot(page, 'drafts-recipient-checks');

    // Approving the risky one: a confirm listing why, which approves only once ticked.
    await riskyRow.getByRole('button', { name: 'Send Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('owner@webonly.example').waitFor();
    expect(await dialog.textContent()).toContain('webonly.example has no MX record');
    const approveButton = dialog.getByRole('button', { name: 'Approve draft' });
    expect(await approveButton.isDisabled()).toBe(true);
    await screenshot(page, 'drafts-risky-confirm');
    await dialog.getByLabel('Send to risky addresses').check();
    await approveButton.click();
    await page.locator('.toast-item', { hasText: '✅ Drafts approved' }).first().waitFor();
    await expect.poll(async () => (await email(risky.id)).recipient_check).toMatchObject({ verdict: 'risky', risk_accepted: true });
    expect((await email(risky.id)).status).not.toBe('DRAFT');

    // The invalid one cannot be approved from its row (it offers only to fix the recipient); selected with others, the server refuses and the toast says why.
    expect(await deadRow.getByRole('button', { name: /^(Send Now|Queue & Send)$/ }).count()).toBe(0);
    await deadRow.getByRole('button', { name: 'Fix Recipient' }).waitFor();
    await deadRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send 1 Drafts Now' }).click();
    await page.locator('.toast-item', { hasText: 'cannot receive mail' }).waitFor();
    expect((await email(dead.id)).status).toBe('DRAFT');
  }, 150_000);

  it('shows the check on the Outreach row and on Lead detail', async () => {
    const dead = (await admin.call<DraftList>('GET', '/api/drafts')).drafts.find((d) => d.recipient_email === 'noreply@webonly.example')!;
    await page.goto(`${server.url}/outreach`);
    await page.getByRole('heading', { name: 'Outreach', exact: true }).waitFor();
    const row = page.locator('li', { hasText: 'noreply@webonly.example' }).first();
    await row.locator('.recipient-check', { hasText: 'Invalid' }).waitFor();
    expect(await row.locator('.recipient-check').getAttribute('title')).toBe('Invalid: noreply@ is an address nobody reads');
    await row.click();
    const check = page.locator('.email-meta-item', { hasText: 'Address check' });
    await check.waitFor();
    expect(await check.textContent()).toBe('Address checkInvalid noreply@ is an address nobody reads');
    await screenshot(page, 'outreach-recipient-check');

    await page.goto(`${server.url}/leads/${dead.lead_id}`);
    const details = page.getByRole('region', { name: 'Lead details' });
    await details.locator('.recipient-check', { hasText: 'Invalid' }).waitFor();
    expect(await details.locator('.recipient-check-note').textContent()).toBe('Cannot receive mail: noreply@ is an address nobody reads.');
    await screenshot(page, 'lead-recipient-check');
  }, 60_000);
});
