// What a recipient's actions look like to the operator, end to end through the real
// server: an email goes out through the outbox; its pixel is fetched by a person (toast,
// OPENED, counts) and by a scanner (counted apart); the unsubscribe page asks first and
// unsubscribes only on the button, and the lead shows it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftList } from '../../src/core/model/draft.ts';
import type { EmailItem, EmailPage } from '../../src/core/model/email.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };
const BROWSER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let sent: EmailItem;
let links: { open: string; unsubscribe: string };

const emailNow = async () => (await admin.call<EmailPage>('GET', '/api/emails?limit=200')).items.find((e) => e.id === sent.id)!;

/** The tracking links of the email as written to the outbox (quoted-printable decoded). */
function linksFromOutbox(emailId: number) {
  const dir = join(server.dataDir, 'outbox');
  const file = readdirSync(dir).find((name) => name.includes(`outreach.${emailId}.`))!;
  const raw = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return { open: /\/t\/o\/[^"\s]+\.gif/.exec(raw)![0], unsubscribe: /\/u\/[0-9a-z]+\.[A-Za-z0-9_-]{22}/.exec(raw)![0] };
}

beforeAll(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(admin);
  await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] }); // always inside a window
  await runCampaign(admin, { name: 'Austin plumbers', search_query: 'plumbers in Austin', max_results: 4 });
  const [draft] = (await admin.call<DraftList>('GET', '/api/drafts')).drafts;
  await admin.call('POST', '/api/drafts/bulk-approve', { draft_ids: [draft.id], schedule_optimally: false });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const email = (await admin.call<EmailPage>('GET', '/api/emails?status=SENT')).items[0];
    if (email) {
      sent = email;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(sent?.id).toBe(draft.id);
  links = linksFromOutbox(sent.id);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('tracking, as the operator sees it', () => {
  it('shows a person opening the email live, and keeps scanners out of the counts', async () => {
    await page.goto(`${server.url}/outreach`);
    await page.locator(`.email-item[data-email-id="${sent.id}"]`).click();
    await page.locator('.email-detail').getByText(sent.recipient_email).first().waitFor();

    // A security scanner fetches the pixel first: counted apart, no engagement.
    expect((await fetch(server.url + links.open, { method: 'HEAD', headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    // Then the person opens it, twice.
    const pixel = await fetch(server.url + links.open, { headers: { 'user-agent': BROWSER_UA } });
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    await page.locator('.toast-item', { hasText: '📧 Email opened!' }).waitFor({ timeout: 10_000 });
    await fetch(server.url + links.open, { headers: { 'user-agent': BROWSER_UA } });

    await expect.poll(async () => (await emailNow()).open_count).toBe(2);
    expect(await emailNow()).toMatchObject({ status: 'OPENED', machine_open_count: 1, opened_at: expect.any(String) });
    await page.reload();
    await page.locator(`.email-item[data-email-id="${sent.id}"]`).click();
    const detail = page.locator('.email-detail');
    await expect.poll(() => detail.locator('.email-open-count').textContent()).toBe('2 times');
    expect(await detail.locator('.email-machine').textContent()).toContain('Not counted: 1 opens and 0 clicks');
    await screenshot(page, 'outreach-engagement');
  });

  it('unsubscribes only when the recipient presses the button', async () => {
    const recipient = await browser.newPage();
    await recipient.goto(server.url + links.unsubscribe);
    await recipient.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await screenshot(recipient, 'unsubscribe-confirm');
    const before = await admin.call<{ status: string }>('GET', `/api/leads/${sent.lead_id}`);
    expect(before.status).toBe('OPENED'); // looking at the page changed nothing

    await recipient.getByRole('button', { name: 'Unsubscribe' }).click();
    await recipient.getByRole('heading', { name: 'You have been unsubscribed' }).waitFor();
    await screenshot(recipient, 'unsubscribe-done');
    await recipient.close();

    const after = await admin.call<{ status: string }>('GET', `/api/leads/${sent.lead_id}`);
    expect(after.status).toBe('UNSUBSCRIBED');
  });
});
