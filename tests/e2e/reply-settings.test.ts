// Settings → Reply Detection through the real server and Chromium, against a real IMAP
// server (Dovecot): a wrong password is refused with the server's reason, the right one
// is saved, 'Check for replies now' reads the mailbox, and the Brevo webhook token is
// shown once and then accepted by the webhook.
import { ImapFlow } from 'imapflow';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../support/dovecot.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-2' };
const PUBLIC_URL = 'https://crm.agency.example';

let imap: Dovecot;
let server: TestServer;
let browser: Browser;
let page: Page;

const region = (name: string) => page.getByRole('region', { name, exact: true });

/** Waits for a toast and closes it, so it does not cover later steps or screenshots. */
async function toast(text: string | RegExp): Promise<void> {
  const item = page.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

async function deliver(from: string, subject: string): Promise<void> {
  const raw = [`From: ${from}`, 'To: replies@agency.example', `Subject: ${subject}`, `Date: ${new Date().toUTCString()}`, `Message-ID: <${subject.replace(/\W/g, '')}@example.com>`, '', 'Hello.', ''].join('\r\n');
  const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

describe.skipIf(dovecotMissing)(`Settings → Reply Detection${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`, () => {
  beforeAll(async () => {
    [imap, browser] = await Promise.all([startDovecot(), launchBrowser()]);
    server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password, env: { OUTREACH_PUBLIC_URL: PUBLIC_URL } });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await imap?.stop();
  });

  it('checks the IMAP login before saving it, then checks for replies on request', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    await page.goto(`${server.url}/settings`);
    const card = region('IMAP Mailbox');
    await card.getByText('Not configured').waitFor();
    expect(await page.locator('.settings-section > h2').allTextContents()).toContain('Reply Detection');
    expect(await region('Brevo Webhook').getByLabel('Webhook URL').inputValue()).toBe(`${PUBLIC_URL}/hooks/brevo`);
    await page.locator('.settings-section', { hasText: 'Reply Detection' }).first().scrollIntoViewIfNeeded();
    await screenshot(page, '70-reply-detection-unconfigured');

    await card.getByLabel('IMAP Host').fill(imap.host);
    await card.getByLabel('Port').fill(String(imap.port));
    await card.getByLabel('User').fill(imap.user);
    await card.getByLabel('Password').fill('not-the-password');
    await card.getByRole('button', { name: 'Check & Save' }).click();
    expect(await card.getByRole('alert').innerText()).toBe(`Wrong user name or password: the IMAP server 127.0.0.1:${imap.port} refused the login as "replies". Nothing was saved.`);
    await card.getByText('Not configured').waitFor();

    await card.getByLabel('Password').fill(imap.password);
    await card.getByRole('button', { name: 'Check & Save' }).click();
    await toast('IMAP login checked and saved');
    await card.getByText('✓ Reply detection is on').waitFor();
    expect(await card.getByTestId('imap-server').innerText()).toBe(`127.0.0.1:${imap.port}`);
    expect(await card.innerText()).not.toContain(imap.password);

    await deliver('someone@elsewhere.example', 'Lunch on Friday');
    await deliver('newsletter@elsewhere.example', 'Weekly news');
    await card.getByRole('button', { name: 'Check for replies now' }).click();
    await toast('Checked 2 new messages: 0 replies, 0 automatic replies');
    await screenshot(page, '71-reply-detection-configured');
  });

  it('shows a new Brevo webhook token once, and the webhook accepts it', async () => {
    const card = region('Brevo Webhook');
    await card.getByText('No token', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Generate token' }).click();
    const modal = page.getByRole('dialog', { name: 'Brevo webhook token' });
    const token = await modal.getByLabel('Token').inputValue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await modal.getByText('Authorization: Bearer <token>').waitFor();
    await screenshot(page, '72-brevo-webhook-token');
    await modal.getByRole('button', { name: 'Done' }).click();
    await modal.waitFor({ state: 'detached' });
    await card.getByText('✓ A webhook token is configured').waitFor();
    await screenshot(page, '73-brevo-webhook-configured');
    expect(await page.locator('body').innerText()).not.toContain(token);

    const hook = (bearer: string) => fetch(`${server.url}/hooks/brevo`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` }, body: '[]' });
    expect((await hook(token)).status).toBe(200);
    expect((await hook('another-token')).status).toBe(401);
  });

  it('deletes the configuration after a confirmation', async () => {
    const card = region('IMAP Mailbox');
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Delete Configuration' }).click();
    await toast('Reply detection configuration cleared');
    await card.getByText('Not configured').waitFor();
    expect(await card.getByLabel('IMAP Host').inputValue()).toBe('');
  });
});
