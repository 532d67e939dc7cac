// Forms that say what is wrong, in the form's words, and an Outreach screen with one send
// time and one message, through the compiled server and Chromium: the banner's link opens
// the Sender section; the Sender form carries its limits, refuses an empty save, a
// one-character postal address and a blanked saved name with the reason (no green toast);
// the draft editor names the empty field; a draft to an invalid address offers no way to
// send it; a queued email shows when it really goes (its recipient's window) and nothing
// else; Send Now gives one toast saying the email went to the local outbox; approving with
// a real provider but no complete sender says the drafts wait, and for what.
import { createClient, type Client } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Locator, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import type { EmailItem, EmailPage } from '../../src/core/model/email.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { SHOTS_DIR, launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-7' };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NOTICE = "Emails can't be sent yet: set your sender name, address and postal address in Settings → Sender.";

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let db: Client;
let smtp: FakeSmtpServer;

const region = (name: string) => page.getByRole('region', { name, exact: true });
const toasts = (text: string | RegExp) => page.locator('.toast-item', { hasText: text });
const emailById = async (id: number) => (await admin.call<EmailPage>('GET', '/api/emails?limit=200')).items.find((e) => e.id === id) as EmailItem;

/** An email for a fresh lead in Denver, straight in the server's database. */
async function seedEmail(status: 'DRAFT' | 'QUEUED', to: string): Promise<{ id: number; hostname: string }> {
  const now = Date.now();
  const hostname = `${to.split('@')[1].replace(/\.example$/, '')}-${Math.random().toString(36).slice(2, 7)}.example`;
  const lead = await db.execute({
    sql: "INSERT INTO leads (url, hostname, title, status, tags, services_offered, technology_stack, timezone, timezone_source, discovered_at, created_at, updated_at) VALUES (?, ?, 'Red Rock Dental', 'EMAIL_GENERATED', '[]', '[]', '[]', 'America/Denver', 'analysis: address ''Denver, CO 80202''', ?, ?, ?) RETURNING id",
    args: [`https://${hostname}/`, hostname, now, now, now],
  });
  const email = await db.execute({
    sql: 'INSERT INTO emails (lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0.9, 0, 0, ?, ?) RETURNING id',
    args: [Number(lead.rows[0].id), 'A quick idea for your website', 'Hello,\n\nyour booking page takes 6 seconds to load on a phone.', to, status, now, now],
  });
  return { id: Number(email.rows[0].id), hostname };
}

async function openDrafts() {
  await page.goto(`${server.url}/drafts`);
  await page.getByRole('heading', { name: 'Email Drafts', level: 1 }).waitFor();
}

async function draftRow(id: number, hostname: string): Promise<Locator> {
  const toggle = page.locator(`.draft-group[data-hostname="${hostname}"] .draft-group-toggle-btn`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const row = page.locator(`.draft-row[data-draft-id="${id}"]`);
  await row.waitFor();
  return row;
}

/** Waits for a toast and closes it. */
async function dismiss(text: string | RegExp) {
  const item = toasts(text);
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  [server, browser, smtp] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser(), startSmtpServer({ user: 'mailer', pass: 'smtp-pass' })]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  db?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

describe('forms that say what is wrong, and one send time', () => {
  it("the banner's link opens Settings at the Sender section it names", async () => {
    await openDrafts();
    const notice = page.locator('.sender-identity-notice');
    expect(await notice.innerText()).toBe(NOTICE);
    await notice.getByRole('link', { name: 'Settings → Sender' }).click();
    await page.waitForURL(/\/settings#sender$/);
    const sender = region('Sender');
    await sender.getByLabel('From Name').waitFor();
    // The section's title is in view, under the sticky top bar (not the API Keys above it), and the cursor is in its first field.
    const title = sender.getByRole('heading', { name: 'Sender', exact: true });
    const topBar = (await page.locator('.app-topbar').boundingBox())!;
    await expect.poll(async () => (await title.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(topBar.y + topBar.height);
    expect((await title.boundingBox())!.y).toBeLessThan(topBar.y + topBar.height + 100);
    expect(await sender.getByLabel('From Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(SHOTS_DIR, 'form-messages-01-banner-link-sender.png') });
  });

  it('the Sender form carries its limits and refuses an empty save, a one-character postal address and a blanked name, saying why', async () => {
    const sender = region('Sender');
    expect(await sender.getByLabel('From Name').getAttribute('maxlength')).toBe('100');
    expect(await sender.getByLabel('Email Signature').getAttribute('maxlength')).toBe('2000');
    expect(await sender.getByLabel('Postal Address').getAttribute('maxlength')).toBe('300');

    const save = sender.getByRole('button', { name: 'Save Sender' });
    await save.click();
    expect(await sender.getByRole('alert').innerText()).toBe('Nothing to save: the sender is empty. Enter the From Name, From Email and Postal Address');

    await sender.getByLabel('From Name').fill('Ann Pixel');
    await sender.getByLabel('From Email').fill('ann@pixel.example');
    await sender.getByLabel('Postal Address').fill('x');
    await save.click();
    expect(await sender.getByRole('alert').innerText()).toBe('Postal Address is too short to be a postal address: at least 10 characters, with street, town and postcode');
    await screenshot(page, 'form-messages-02-sender-postal-refused');

    // Name and address saved; the postal address is still to come (the banner stays).
    await sender.getByLabel('Postal Address').fill('');
    await save.click();
    await dismiss('Sender saved; still missing: postal address');
    expect((await admin.call<{ from_name: string }>('GET', '/api/settings/email-config')).from_name).toBe('Ann Pixel');

    // Blanking the saved name is refused with the reason, and no green toast says it was saved.
    await sender.getByLabel('From Name').fill('');
    await save.click();
    expect(await sender.getByRole('alert').innerText()).toBe('From Name is empty: enter it (a saved From Name is not cleared by an empty field)');
    expect(await toasts('Sender saved').count()).toBe(0);
    expect((await admin.call<{ from_name: string }>('GET', '/api/settings/email-config')).from_name).toBe('Ann Pixel');
    await screenshot(page, 'form-messages-03-sender-name-kept');
    await sender.getByLabel('From Name').fill('Ann Pixel');
  });

  it('the draft editor names the empty field, and carries its limits', async () => {
    const draft = await seedEmail('DRAFT', 'hello@redrock.example');
    await openDrafts();
    const row = await draftRow(draft.id, draft.hostname);
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Draft' });
    expect(await dialog.getByLabel('Subject').getAttribute('maxlength')).toBe('200');
    expect(await dialog.getByLabel('Message').getAttribute('maxlength')).toBe('10000');

    await dialog.getByLabel('Subject').fill('  ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Subject is empty: write the subject line').waitFor();
    expect(await dialog.getByText('Message is empty').count()).toBe(0);

    await dialog.getByLabel('Subject').fill('A quick idea');
    await dialog.getByLabel('Message').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Message is empty: write the email').waitFor();
    expect(await dialog.getByText('Subject is empty').count()).toBe(0);
    await screenshot(page, 'form-messages-04-draft-editor-empty-message');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await emailById(draft.id)).body).toContain('booking page');
  });

  it('a draft to an address that cannot receive mail offers to fix the recipient, not to send', async () => {
    const draft = await seedEmail('DRAFT', 'noreply@canyon.example');
    await admin.call('PATCH', `/api/drafts/${draft.id}`, { recipient_email: 'noreply@canyon.example' });
    await openDrafts();
    const row = await draftRow(draft.id, draft.hostname);
    await row.locator('.recipient-check', { hasText: 'Invalid' }).waitFor();
    expect(await row.getByRole('button', { name: /^(Send Now|Queue & Send)$/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'Fix Recipient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Draft' });
    expect(await dialog.getByLabel('To').inputValue()).toBe('noreply@canyon.example');
    await screenshot(page, 'form-messages-05-invalid-recipient-edit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("a queued email shows one send time, its recipient's window, and Send Now one toast naming the local outbox", async () => {
    const tomorrow = WEEKDAYS[(new Date().getDay() + 1) % 7];
    await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [{ day: tomorrow, time_range: '09:00-11:00' }] });
    const queued = await seedEmail('QUEUED', 'office@mesa.example');
    await page.goto(`${server.url}/outreach`);
    await page.getByRole('heading', { name: 'Outreach', exact: true }).waitFor();
    const item = page.getByRole('region', { name: 'Queued Emails', exact: true }).locator(`[data-email-id="${queued.id}"]`);
    await item.click();
    const detail = page.getByRole('complementary', { name: 'Email details' });
    const goes = detail.locator('.smart-next');
    await goes.getByText(/^Goes \w{3} 09:00 in Denver( · (\w{3} )?\d{2}:\d{2} your time| \(your time too\))$/).waitFor();
    // No second, different "optimal time" anywhere on the screen.
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/Optimal Send Times|\d{2}:\d{2} \(America\/|confidence/);
    expect(text.match(/09:00 in Denver/g)?.length).toBe(2); // the list row and the detail: the same time
    await screenshot(page, 'form-messages-06-outreach-one-time');

    // Send Now: one toast, the server's, and the live channel's echo of the same send adds none.
    const echoed = new Promise<void>((resolve) => {
      page.on('websocket', (ws: WebSocket) =>
        ws.on('framereceived', ({ payload }) => {
          if (typeof payload === 'string' && payload.includes('"email_sent"') && payload.includes(`"email_id":${queued.id}`)) resolve();
        }),
      );
    });
    // The socket is already open: reload so the watcher sees it from the start.
    await page.reload();
    await page.getByRole('heading', { name: 'Outreach', exact: true }).waitFor();
    await item.click();
    await detail.getByRole('button', { name: 'Send Now', exact: true }).click();
    const outbox = toasts(/^Written to the local outbox \(.+outbox\) — no provider configured/);
    await outbox.waitFor();
    await echoed;
    await page.getByRole('region', { name: 'Sent Emails', exact: true }).locator(`[data-email-id="${queued.id}"]`).waitFor();
    expect(await page.locator('.toast-item').count()).toBe(1);
    expect(await toasts('Email sent').count()).toBe(0);
    await screenshot(page, 'form-messages-07-send-now-outbox');
    await dismiss(/^Written to the local outbox/);
  });

  it('approving under "Emails can\'t be sent yet" says the drafts wait for the sender, not that all is well', async () => {
    // A real provider (SMTP on loopback) and a sender still without its postal address.
    await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
    await admin.call('POST', '/api/settings/email-config', { provider: 'smtp', smtp_host: smtp.host, smtp_port: smtp.port, smtp_user: 'mailer', smtp_password: 'smtp-pass' });
    const draft = await seedEmail('DRAFT', 'team@butte.example');
    await openDrafts();
    expect(await page.locator('.sender-identity-notice').innerText()).toBe("Emails can't be sent yet: set your postal address in Settings → Sender.");
    const row = await draftRow(draft.id, draft.hostname);
    await row.getByRole('button', { name: 'Send Now' }).click();
    const waiting = toasts('Approved 1 draft. It waits in the queue until the sender is complete: set your postal address in Settings → Sender.');
    await waiting.waitFor();
    expect(await toasts('✅').count()).toBe(0);
    expect(await waiting.getAttribute('class')).not.toContain('success');
    await screenshot(page, 'form-messages-08-approve-waits-for-sender');
    expect((await emailById(draft.id)).status).toBe('QUEUED');
    expect(smtp.messages).toHaveLength(0);
  });
});
