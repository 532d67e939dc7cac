// Settings → Mailboxes through the real server and Chromium, against two real SMTP servers on
// loopback: mailbox 1 is Settings → Email (its SMTP server from the environment) and cannot be
// removed; a second mailbox is added on the screen (a wrong password refused with the server's
// answer, nothing added), listed with today's allowance and ramp day, tested, paused with a
// reason and resumed (both in the feed), its cap changed with the ramp turned off (the warning
// says what that risks), chosen for a campaign in its Sequence dialog, then removed after a
// confirmation.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { SHOTS_DIR, launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-9' };

let first: FakeSmtpServer;
let second: FakeSmtpServer;
let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;

async function toast(text: string | RegExp): Promise<void> {
  const item = page.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

const section = () => page.getByRole('region', { name: 'Mailboxes', exact: true });
const card = (id: number): Locator => page.getByTestId(`mailbox-${id}`);
/** One part of the screen alone, readable at its size (the whole page is long), clear of the sticky top bar. */
async function shoot(name: string, part: Locator = section()): Promise<void> {
  await part.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await part.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
}

describe('Settings → Mailboxes', () => {
  beforeAll(async () => {
    [first, second, browser] = await Promise.all([startSmtpServer({ user: 'one', pass: 'one-secret' }), startSmtpServer({ user: 'two', pass: 'two-secret' }), launchBrowser()]);
    server = await startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: { OUTREACH_SMTP_URL: first.url(), OUTREACH_EMAIL_FROM: 'Ann Lee <ann@agency.test>' },
    });
    api = await apiLogin(server.url, ADMIN.username, ADMIN.password);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('shows mailbox 1, Settings → Email, with its figures; it cannot be removed', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    await page.goto(`${server.url}/settings#mailboxes`);
    await section().waitFor();
    const primary = card(1);
    await primary.getByText('Settings → Email', { exact: true }).waitFor();
    await primary.getByText('Ann Lee <ann@agency.test>').waitFor();
    expect(await primary.getByTestId('mailbox-allowance').innerText()).toBe('0 sent · No limit of its own');
    expect(await primary.getByTestId('mailbox-ramp').innerText()).toBe('Off');
    expect(await primary.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await primary.getByText('Mailbox 1 is Settings → Email and cannot be removed').waitFor();
    await primary.getByRole('button', { name: 'Test' }).click();
    await toast(/^Connected/);
    await primary.getByTestId('mailbox-test').getByText('✓ ok').waitFor();
  });

  it('adds a second mailbox against a real SMTP server: a wrong password is refused with the answer', async () => {
    await section().getByRole('button', { name: 'Add mailbox' }).click();
    const form = section().getByRole('region', { name: 'Add a mailbox' });
    expect(await form.getByLabel('Provider').inputValue()).toBe('smtp');
    await form.getByLabel('Label').fill('Sam at pixel-two');
    await form.getByLabel('From address').fill('sam@pixel-two.test');
    await form.getByLabel('From name').fill('Sam Second');
    await form.getByLabel('SMTP host').fill('127.0.0.1');
    await form.getByLabel('SMTP port').fill(String(second.port));
    await form.getByLabel('SMTP user').fill('two');
    await form.getByLabel('SMTP password').fill('wrong');
    // The brevo fields appear for Brevo, the SMTP ones go.
    await form.getByLabel('Provider').selectOption('brevo');
    await form.getByLabel('Brevo API key').waitFor();
    expect(await form.getByLabel('SMTP host').count()).toBe(0);
    await form.getByLabel('Provider').selectOption('smtp');
    await form.getByLabel('SMTP host').fill('127.0.0.1');
    await form.getByLabel('SMTP port').fill(String(second.port));
    await form.getByLabel('SMTP user').fill('two');
    await form.getByLabel('SMTP password').fill('wrong');
    await form.getByRole('button', { name: 'Check & Add' }).click();
    await form.getByRole('alert').getByText(`The SMTP server at 127.0.0.1:${second.port} refused the user name or password`).waitFor();
    expect(await section().locator('.mailbox-list > .mailbox-card').count()).toBe(1);
    await shoot('84-mailboxes-add-refused', form);

    await form.getByLabel('SMTP password').fill('two-secret');
    await form.getByRole('button', { name: 'Check & Add' }).click();
    await toast('Mailbox "Sam at pixel-two" added');
    const added = card(2);
    await added.waitFor();
    expect(second.logins.length).toBeGreaterThan(0);
    await added.getByText('Sam Second <sam@pixel-two.test>').waitFor();
    await added.getByText(`two @ 127.0.0.1:${second.port}`).waitFor();
    expect(await added.getByTestId('mailbox-allowance').innerText()).toBe('0 / 10 allowed today');
    expect(await added.getByTestId('mailbox-ramp').innerText()).toBe('Ramp-up day 1');
    expect(await added.getByTestId('mailbox-guard').innerText()).toBe("No sends in the guard's window yet");
    await added.getByText('40 a day, 180 s apart').waitFor();
    await added.getByTestId('mailbox-test').getByText('✓ ok').waitFor();
    expect(await added.innerText()).not.toContain('two-secret');
    await shoot('85-mailboxes-two');
    await screenshot(page, '85-settings-mailboxes');
  });

  it('pauses the mailbox with a reason and resumes it, both in the feed', async () => {
    const m = card(2);
    await m.getByRole('button', { name: 'Pause' }).click();
    await m.getByLabel('Why pause it').fill('warming the domain');
    await m.getByRole('button', { name: 'Pause mailbox' }).click();
    await toast('Mailbox "Sam at pixel-two" paused');
    await m.getByText('Paused', { exact: true }).waitFor();
    await m.getByRole('status').getByText(/Paused since .+: warming the domain\. Its emails wait; the other mailboxes still send\./).waitFor();
    expect(await m.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    await shoot('86-mailboxes-paused');
    await m.getByRole('button', { name: 'Resume' }).click();
    await toast('Mailbox "Sam at pixel-two" resumed');
    await m.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await m.getByRole('status').count()).toBe(0);

    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}` });
    try {
      const feed = await db.execute("SELECT activity_type, message FROM activity WHERE message LIKE 'Mailbox \"Sam at pixel-two\"%' ORDER BY id");
      expect(feed.rows.map((r) => `${r.activity_type}: ${r.message}`)).toEqual([
        'sending: Mailbox "Sam at pixel-two" added (sam@pixel-two.test)',
        'sending_paused: Mailbox "Sam at pixel-two" paused: warming the domain',
        `sending_resumed: Mailbox "Sam at pixel-two" resumed by ${ADMIN.username}`,
      ]);
    } finally {
      db.close();
    }
  });

  it('edits the cap and skips the ramp: the screen says what that risks', async () => {
    const m = card(2);
    await m.getByRole('button', { name: 'Edit' }).click();
    await m.getByLabel('Daily cap').fill('25');
    await m.getByLabel('Start slowly').uncheck();
    await m.getByTestId('ramp-warning').getByText('Ramp-up is off: this mailbox may send 25 emails from its first day').waitFor();
    await shoot('87-mailboxes-ramp-off');
    await m.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Mailbox "Sam at pixel-two" saved');
    expect(await m.getByTestId('mailbox-allowance').innerText()).toBe('0 / 25 allowed today');
    expect(await m.getByTestId('mailbox-ramp').innerText()).toBe('Off');
    await m.getByRole('note').getByText('receiving servers read a sudden volume as spam').waitFor();
    const listed = (await api.call('GET', '/api/mailboxes')) as { id: number; daily_cap: number; ramp: boolean }[];
    expect(listed.find((x) => x.id === 2)).toMatchObject({ daily_cap: 25, ramp: false });
  });

  it("chooses a campaign's mailboxes in its Sequence dialog", async () => {
    const campaign = await api.call<{ id: number }>('POST', '/api/campaigns', { name: 'Leeds plumbers', search_query: 'plumbers in Leeds' });
    await page.goto(`${server.url}/campaigns`);
    await page.locator(`tr[data-campaign-id="${campaign.id}"]`).getByRole('button', { name: 'No follow-ups' }).click();
    const dialog = page.getByRole('dialog', { name: /Sequence — Leeds plumbers/ });
    const sendFrom = dialog.getByRole('group', { name: 'Send from' });
    await sendFrom.getByText('None ticked: every mailbox').waitFor();
    await sendFrom.getByLabel(/Sam at pixel-two/).check();
    await sendFrom.getByText('New threads go from the mailboxes ticked.').waitFor();
    await shoot('88-campaign-mailboxes', dialog);
    await dialog.getByRole('button', { name: 'Save Sequence' }).click();
    await toast('Sequence saved');
    expect(await api.call('GET', `/api/campaigns/${campaign.id}/mailboxes`)).toEqual({ mailbox_ids: [2] });
    // Back to every mailbox, so that removing this one below is not about the campaign.
    await api.call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { mailbox_ids: [] });
    await page.goto(`${server.url}/settings#mailboxes`);
    await card(2).waitFor();
  });

  it('removes the mailbox after a confirmation', async () => {
    const m = card(2);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await m.getByRole('button', { name: 'Remove' }).click();
    await m.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await card(2).count()).toBe(1);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('Remove the mailbox "Sam at pixel-two"?');
      void dialog.accept();
    });
    await m.getByRole('button', { name: 'Remove' }).click();
    await toast('Mailbox "Sam at pixel-two" removed');
    await card(2).waitFor({ state: 'detached' });
    await shoot('89-mailboxes-removed');
  });
});
