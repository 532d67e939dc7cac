// The Drafts and Outreach screens through the real server, its sandbox and Chromium:
// the empty states, reviewing drafts grouped by website and as one flat list (each row
// names the business and shows the subject and the email's first line), editing one (it persists),
// approving drafts inside the sending window (sent at once) and outside it (queued), Send
// Now on a queued email, smart scheduling of a selection across two campaigns, and the
// emails list loading page after page as it is scrolled, the selection kept across pages;
// with a second mailbox, the Mailbox select of Outreach and of Analytics.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import type { DraftList } from '../../src/core/model/draft.ts';
import type { EmailItem, EmailPage } from '../../src/core/model/email.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };
const PLUMBERS = { name: 'Austin plumbers', search_query: 'plumbers in Austin', industry: 'plumbing', max_results: 8 };
const DENTISTS = { name: 'Denver dentists', search_query: 'dentists in Denver', max_results: 4 };
const SEND_TIMEOUT_MS = 30_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let plumbers: Campaign;
let dentists: Campaign;

const drafts = () => admin.call<DraftList>('GET', '/api/drafts');
const email = async (id: number) => (await admin.call<EmailPage>('GET', '/api/emails?limit=200')).items.find((e) => e.id === id) as EmailItem;
const setWindows = (optimal_times: { day: string; time_range: string }[]) => admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times });
const toast = (text: string) => page.locator('.toast-item', { hasText: text });
const section = (title: string) => page.getByRole('region', { name: title, exact: true });
const groupOf = (hostname: string) => page.locator(`.draft-group[data-hostname="${hostname}"]`);
const rowOf = (id: number) => page.locator(`.draft-row[data-draft-id="${id}"]`);
const percents = async (selector: string) => (await page.locator(selector).allTextContents()).map((text) => Number.parseInt(text, 10));

async function openDrafts() {
  await page.goto(`${server.url}/drafts`);
  await page.getByRole('heading', { name: 'Email Drafts' }).waitFor();
}

async function openOutreach() {
  await page.goto(`${server.url}/outreach`);
  await page.getByRole('heading', { name: 'Outreach', exact: true }).waitFor();
}

/** A row names the business (its own name; the hostname beside it), its subject, and the email's first line after the greeting, as text. */
async function expectRowShows(row: ReturnType<typeof rowOf>, d: DraftList['drafts'][number]) {
  expect(await row.locator('.draft-business-name').innerText()).toBe(d.lead_company_name ?? d.lead_hostname);
  if (d.lead_company_name) expect(await row.locator('.draft-business-host').innerText()).toBe(d.lead_hostname);
  expect(await row.locator('.draft-subject').innerText()).toBe(d.subject);
  expect(await row.locator('.draft-subject').getAttribute('title')).toBe(d.subject);
  expect(d.first_line).not.toBe('');
  expect(d.body.trimStart().startsWith(d.first_line)).toBe(false); // the greeting is not what the row shows
  expect(d.body.replace(/\s+/g, ' ')).toContain(d.first_line.replace(/…$/, ''));
  expect(await row.locator('.draft-preview').innerText()).toBe(d.first_line.length > 200 ? `${d.first_line.slice(0, 200)}...` : d.first_line);
}

/** Expands a draft's group (they start collapsed) and returns its row. */
async function expandRow(draftId: number, hostname: string) {
  const group = groupOf(hostname);
  const toggle = group.locator('.draft-group-toggle-btn');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const row = rowOf(draftId);
  await row.waitFor();
  return row;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(admin);
  await setWindows([]); // no windows: every moment counts as inside one
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Drafts and Outreach screens', () => {
  it('shows the empty states before any campaign ran', async () => {
    await openDrafts();
    await page.getByText('No Drafts to Review').waitFor();
    await page.getByText(/Create a campaign in Test Mode/).waitFor();
    expect(await page.getByRole('link', { name: 'Create Campaign' }).getAttribute('href')).toBe('/campaigns');
    await screenshot(page, 'drafts-empty');

    await openOutreach();
    await page.getByText('No emails yet').waitFor();
    await page.getByText('Generate emails by analyzing leads').waitFor();
    await page.getByText('No emails available for bulk actions').waitFor();
    await page.getByText('Select an email to view').waitFor();
    await page.getByText('Choose an email from the list to see its full content').waitFor();
    await page.getByText('Email content follows your scroll').waitFor();
    await screenshot(page, 'outreach-empty');
  });

  it('reviews the drafts of two test-mode campaigns grouped by website', async () => {
    [plumbers, dentists] = await Promise.all([runCampaign(admin, PLUMBERS), runCampaign(admin, DENTISTS)]);
    const fetched = await drafts();
    let list = fetched.drafts;
    const count = fetched.count;
    const hosts = new Set(list.map((d) => d.lead_hostname));
    expect(count).toBeGreaterThan(3);
    expect(hosts.size).toBeGreaterThan(1);

    await openDrafts();
    await page.getByText(`${count} drafts ready for review across ${hosts.size} websites`).waitFor();
    const groups = page.locator('.draft-group');
    expect(await groups.count()).toBe(hosts.size);
    // Collapsed at first, best average quality first.
    expect(await page.locator('.draft-row').count()).toBe(0);
    const averages = await percents('.draft-group-head .quality-badge');
    expect(averages).toEqual([...averages].sort((a, b) => b - a));

    // The sandbox names its businesses, and a row shows the name, not only the hostname.
    const best = list.find((d) => d.lead_company_name && d.lead_company_name !== d.lead_hostname);
    if (!best) throw new Error(`no draft's lead has a business name: ${list.map((d) => d.lead_hostname).join(', ')}`);
    expect(await groupOf(best.lead_hostname).locator('.draft-group-name').innerText()).toBe(best.lead_company_name);
    const row = await expandRow(best.id, best.lead_hostname);
    await row.getByText('Draft #1').waitFor();
    await expectRowShows(row, best);
    expect(await row.locator('.draft-recipient').innerText()).toBe(best.recipient_email);
    expect(await row.getByRole('button').allTextContents()).toEqual(['Send Now', 'Preview', 'Edit', 'Delete']);
    await screenshot(page, 'drafts-grouped');

    // Filters: the options, a campaign, a search for one website, and grouping off.
    const campaignSelect = page.getByLabel('Campaign');
    await campaignSelect.locator('option', { hasText: 'Denver dentists (COMPLETED)' }).waitFor({ state: 'attached' });
    expect(await campaignSelect.locator('option').allTextContents()).toEqual(expect.arrayContaining(['All Campaigns', 'Austin plumbers (COMPLETED)', 'Denver dentists (COMPLETED)']));
    expect(await page.getByLabel('Min Quality').locator('option').allTextContents()).toEqual(['All', 'Good (60%+)', 'Excellent (80%+)']);
    await campaignSelect.selectOption(String(dentists.id));
    const dentistDrafts = list.filter((d) => d.campaign_id === dentists.id);
    await page.getByText(new RegExp(`^${dentistDrafts.length} drafts? ready for review`)).waitFor();
    await campaignSelect.selectOption('');

    await page.getByPlaceholder('Search emails, websites, or recipients...').fill(best.lead_hostname);
    await page.getByText(/^\d+ drafts? ready for review across 1 website$/).waitFor();
    expect(await page.locator('.draft-group-name').allTextContents()).toEqual([best.lead_company_name]);
    await page.getByPlaceholder('Search emails, websites, or recipients...').fill('');
    await page.getByText(`${count} drafts ready for review across ${hosts.size} websites`).waitFor();

    // Grouping off: one flat list, best quality first, every row shown at once, and no group header.
    // The last draft gets a subject and a first paragraph far longer than a row.
    const last = list[list.length - 1];
    const longSubject = `${'A very long subject about your website and its pages '.repeat(4)}`.slice(0, 200);
    const longLine = `<b>Your</b> ${'booking page takes a long time to show its form on a phone, '.repeat(6)}end.`;
    await admin.call('PATCH', `/api/drafts/${last.id}`, { subject: longSubject, body: `Hello,\n\n${longLine}\n\nBest regards,\n{sender_name}` });
    list = (await drafts()).drafts;
    expect(list.find((d) => d.id === last.id)).toMatchObject({ subject: longSubject, first_line: longLine });
    await openDrafts();
    await page.getByLabel('Group by Website').uncheck();
    await page.getByText(`${count} drafts ready for review`, { exact: true }).waitFor();
    const flat = page.getByRole('region', { name: 'Drafts', exact: true });
    await expect.poll(() => flat.locator('.draft-row').count()).toBe(count);
    expect(await groups.count()).toBe(0);
    expect(await page.locator('.draft-group-head, .draft-group-toggle-btn').count()).toBe(0);
    expect(await flat.locator('[aria-expanded], header').count()).toBe(0);
    expect(await flat.locator('.draft-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-draft-id'))))).toEqual(list.map((d) => d.id));
    expect(await flat.locator('.draft-number').count()).toBe(0); // no group, so no place in one
    for (const d of list) await expectRowShows(rowOf(d.id), d);
    expect(await rowOf(last.id).locator('.draft-preview b').count()).toBe(0); // the email's text is shown as text
    // Long texts end in an ellipsis on their line, and the rows stay in the window.
    const oneLine = (nodes: Element[]) => nodes.map((n) => n.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(n).lineHeight) && n.getBoundingClientRect().right <= window.innerWidth);
    expect(await flat.locator('.draft-subject').evaluateAll(oneLine)).toEqual(list.map(() => true));
    expect(await flat.locator('.draft-business-name').evaluateAll(oneLine)).toEqual(list.map(() => true));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await screenshot(page, 'drafts-flat');
    await page.getByLabel('Group by Website').check();
    await groups.first().waitFor();
  });

  it('edits a draft: the new subject persists and is shown as text', async () => {
    const target = (await drafts()).drafts[0];
    await openDrafts();
    const row = await expandRow(target.id, target.lead_hostname);
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Draft' });
    expect(await dialog.getByLabel('To').inputValue()).toBe(target.recipient_email);
    expect(await dialog.getByLabel('To').getAttribute('type')).toBe('email');
    await dialog.getByText("This will also update the lead's contact email").waitFor();
    await dialog.getByText(/^\d+ words$/).waitFor();
    await dialog.getByLabel('Message').fill('Hi there,\n\nyour site could load faster.');
    await dialog.getByText('7 words').waitFor();
    const subject = 'A quick idea for <b>your</b> website';
    await dialog.getByLabel('Subject').fill(subject);
    await screenshot(page, 'drafts-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Draft updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = (await drafts()).drafts.find((d) => d.id === target.id);
    expect(saved).toMatchObject({ subject, body: 'Hi there,\n\nyour site could load faster.' });
    await page.reload();
    await page.getByRole('heading', { name: 'Email Drafts' }).waitFor();
    const again = await expandRow(target.id, target.lead_hostname);
    expect(await again.locator('.draft-subject').innerText()).toBe(subject);
    expect(await again.locator('.draft-preview').innerText()).toBe('your site could load faster.'); // the new first line, after the greeting
    expect(await again.locator('.draft-subject b').count()).toBe(0);

    await again.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview Email' });
    await preview.getByText(subject, { exact: true }).waitFor();
    await preview.getByText(target.recipient_email, { exact: true }).waitFor();
    expect(await preview.locator('.draft-full-body').innerText()).toBe('Hi there,\n\nyour site could load faster.');
    await screenshot(page, 'drafts-preview');
    await preview.getByRole('button', { name: 'Close', exact: true }).last().click();
    await preview.waitFor({ state: 'detached' });
  });

  it('approves two drafts inside the sending window: they are sent at once and show under Sent Emails', async () => {
    const before = await drafts();
    const [a, b] = before.drafts.filter((d) => d.campaign_id === plumbers.id);
    await openDrafts();
    for (const d of [a, b]) await (await expandRow(d.id, d.lead_hostname)).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Clear Selection' }).waitFor();
    await screenshot(page, 'drafts-selected');
    await page.getByRole('button', { name: 'Send 2 Drafts Now' }).click();
    // No provider is configured: the drafts go to the local outbox, and the toast says so.
    await toast('✅ Drafts approved and written to the local outbox — no provider configured').waitFor();
    await rowOf(a.id).waitFor({ state: 'detached' });
    await rowOf(b.id).waitFor({ state: 'detached' });
    await page.getByText(`${before.count - 2} drafts ready for review`, { exact: false }).waitFor();

    await openOutreach();
    for (const d of [a, b]) await section('Sent Emails').locator(`[data-email-id="${d.id}"]`).waitFor({ timeout: SEND_TIMEOUT_MS });
    expect((await email(a.id)).status).toBe('SENT');
    await section('Sent Emails').locator(`[data-email-id="${a.id}"]`).click();
    const detail = page.getByRole('complementary', { name: 'Email details' });
    await detail.getByText(a.recipient_email, { exact: true }).waitFor();
    await detail.getByText('Engagement').waitFor();
    expect(await detail.locator('.email-open-count').innerText()).toBe('0 times');
    await screenshot(page, 'outreach-sent');
  });

  it('queues a draft outside the window, then sends it from Outreach with Send Now', async () => {
    const tomorrow = WEEKDAYS[(new Date().getDay() + 1) % 7];
    await setWindows([{ day: tomorrow, time_range: '09:00-11:00' }]);
    const target = (await drafts()).drafts.find((d) => d.campaign_id === plumbers.id)!;
    await openDrafts();
    const row = await expandRow(target.id, target.lead_hostname);
    await row.getByRole('button', { name: 'Queue & Send' }).click();
    await toast('✅ Drafts approved and queued for optimal sending time!').waitFor();
    const queued = await email(target.id);
    expect(queued.status).toBe('QUEUED');
    expect(Date.parse(queued.scheduled_send_time ?? '')).toBeGreaterThan(Date.now());

    await openOutreach();
    const item = section('Queued Emails').locator(`[data-email-id="${target.id}"]`);
    await item.click();
    const detail = page.getByRole('complementary', { name: 'Email details' });
    await detail.getByText('Smart Scheduling').waitFor();
    await detail.getByText('This email is queued for optimal delivery time.').waitFor();
    // One time per email: when it goes, on the recipient's clock and the operator's.
    await detail.getByText(/^Goes \w{3} 09:00 in [A-Z][\w ]+( · (\w{3} )?\d{2}:\d{2} your time| \(your time too\))$/).waitFor();
    await detail.getByText(/^Recipient's time zone: \w+\/\w+ — /).waitFor();
    expect(await detail.getByRole('link').first().getAttribute('href')).toBe(`/leads/${target.lead_id}`);
    await screenshot(page, 'outreach-queued');

    await detail.getByRole('button', { name: 'Send Now', exact: true }).click();
    await toast('— no provider configured').waitFor();
    expect(await page.locator('.toast-item', { hasText: /^Written to the local outbox \(.+\) — no provider configured$/ }).count()).toBe(1);
    await section('Sent Emails').locator(`[data-email-id="${target.id}"]`).waitFor();
    expect((await email(target.id)).status).toBe('SENT');
    await detail.getByRole('button', { name: 'Send Now', exact: true }).waitFor({ state: 'detached' });
  });

  it('smart-schedules a selection across two campaigns with a per-campaign preview', async () => {
    const all = (await admin.call<EmailPage>('GET', '/api/emails?limit=200')).items;
    const plumbing = all.find((e) => e.status === 'DRAFT' && e.campaign_id === plumbers.id) as EmailItem;
    const dental = all.find((e) => e.status === 'DRAFT' && e.campaign_id === dentists.id) as EmailItem;
    expect(plumbing && dental).toBeTruthy();

    await openOutreach();
    expect(await page.getByLabel('Status').locator('option').allTextContents()).toEqual(['All Statuses', 'DRAFT', 'QUEUED', 'SENT', 'OPENED', 'REPLIED']);
    // The campaigns arrive after the screen: wait for them rather than read the list half-loaded (a fresh clone under load once did).
    await page.getByLabel('Campaign').locator('option', { hasText: 'Austin plumbers (COMPLETED)' }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Campaign').locator('option').allTextContents()).toEqual(expect.arrayContaining(['All Campaigns', 'Austin plumbers (COMPLETED)']));
    await page.getByLabel('Status').selectOption('DRAFT');
    await section('Sent Emails').locator('[data-email-id]').first().waitFor({ state: 'detached' });
    await section('Other').locator(`[data-email-id="${dental.id}"]`).waitFor();
    expect(await section('Queued Emails').locator('[data-email-id]').count()).toBe(0);

    await page.getByRole('switch', { name: 'Bulk mode' }).check();
    await page.getByRole('button', { name: 'Schedule Automatically (0)' }).click();
    await toast('Please select emails to schedule').waitFor();

    for (const e of [plumbing, dental]) await section('Other').locator(`[data-email-id="${e.id}"]`).click();
    await page.getByRole('button', { name: 'Schedule Automatically (2)' }).waitFor();
    const preview = page.locator('.schedule-group');
    expect(await preview.count()).toBe(2);
    await page.locator(`.schedule-group[data-campaign-id="${plumbers.id}"]`).getByText('Will be scheduled at optimal time for plumbing industry').waitFor();
    await page.locator(`.schedule-group[data-campaign-id="${dentists.id}"]`).getByText('Will be scheduled at optimal time for general industry').waitFor();
    await page.locator(`.schedule-group[data-campaign-id="${dentists.id}"]`).getByText('1 email', { exact: true }).waitFor();
    await screenshot(page, 'outreach-bulk-schedule');

    await page.getByRole('button', { name: 'Schedule Automatically (2)' }).click();
    await toast('Queued 2 emails for sending! (across 2 campaigns)').waitFor();
    for (const e of [plumbing, dental]) {
      const now = await email(e.id);
      expect(now.status).toBe('QUEUED');
      expect(Date.parse(now.scheduled_send_time ?? '')).toBeGreaterThan(Date.now());
    }
    await page.getByLabel('Status').selectOption('QUEUED');
    for (const e of [plumbing, dental]) await section('Queued Emails').locator(`[data-email-id="${e.id}"]`).waitFor();
    await page.getByRole('button', { name: 'Schedule Automatically (0)' }).waitFor();
    await screenshot(page, 'outreach-scheduled');
  });

  it('loads more emails as a section is scrolled, or with Load more, keeping the selection', async () => {
    // 120 older drafts, seeded straight into the server's database: three pages of 50 with the others.
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    const old = Date.UTC(2024, 0, 1);
    await db.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120)
      INSERT INTO leads (url, hostname, title, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at)
      SELECT 'https://older-' || i || '.example/', 'older-' || i || '.example', 'Older ' || i, 'EMAIL_GENERATED', '[]', '[]', '[]', ${old}, ${old}, ${old} FROM n`);
    await db.execute(`INSERT INTO emails (lead_id, subject, body, recipient_email, status, created_at, updated_at)
      SELECT id, 'Older draft ' || substr(hostname, 7, instr(hostname, '.') - 7), 'Hello.', 'info@' || hostname, 'DRAFT', ${old} - id * 60000, ${old}
      FROM leads WHERE hostname LIKE 'older-%'`);
    db.close();
    const drafts = (await admin.call<EmailPage>('GET', '/api/emails?status=DRAFT&limit=200')).items;
    expect(drafts.length).toBeGreaterThan(100);
    expect(drafts.length).toBeLessThanOrEqual(150);

    await openOutreach();
    await page.getByLabel('Status').selectOption('DRAFT');
    const other = section('Other');
    const items = other.locator('[data-email-id]');
    const shown = async () => (await items.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-email-id')))));
    await expect.poll(shown).toEqual(drafts.slice(0, 50).map((e) => e.id));
    await page.getByText('Showing 50 emails; scroll a list to its end for more.').waitFor();

    await page.getByRole('switch', { name: 'Bulk mode' }).check();
    await other.locator(`[data-email-id="${drafts[1].id}"]`).click();
    await page.getByText('1 selected of the 50 loaded').waitFor();
    await screenshot(page, 'outreach-paged-first');

    // Scrolling the section to its end loads the next page, below the ones shown.
    await other.locator('.email-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect.poll(shown).toEqual(drafts.slice(0, 100).map((e) => e.id));
    await page.getByText('Showing 100 emails; scroll a list to its end for more.').waitFor();
    await page.getByText('1 selected of the 100 loaded').waitFor();
    await screenshot(page, 'outreach-paged-scrolled');

    // The fallback button loads the last page; every draft is listed once.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(shown).toEqual(drafts.map((e) => e.id));
    await page.getByText(`All ${drafts.length} emails shown.`).waitFor();
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });

    // A bulk action over emails of the first and the last page; every loaded page is read again.
    const last = drafts[drafts.length - 1];
    await other.locator(`[data-email-id="${last.id}"]`).click();
    await page.getByRole('button', { name: 'Delete (2)' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete (2)' }).click();
    await toast('Deleted 2 emails successfully!').waitFor();
    await expect.poll(shown).toEqual(drafts.filter((e) => e.id !== drafts[1].id && e.id !== last.id).map((e) => e.id));
    await page.getByText(`All ${drafts.length - 2} emails shown.`).waitFor();
    await page.getByRole('switch', { name: 'Bulk mode' }).uncheck();
  });

  it('filters Outreach and Analytics by mailbox once there are two: mailbox 1 includes the emails from before mailboxes', async () => {
    // Only one mailbox so far: no Mailbox select.
    await openOutreach();
    await page.getByLabel('Status').selectOption('DRAFT');
    await section('Other').locator('[data-email-id]').first().waitFor();
    expect(await page.getByLabel('Mailbox').count()).toBe(0);

    // A second mailbox, three of the older drafts and one sent email going from it; every other email is from before mailboxes.
    const all = (await admin.call<EmailPage>('GET', '/api/emails?status=DRAFT&limit=200')).items;
    const sent = (await admin.call<EmailPage>('GET', '/api/emails?status=SENT&limit=200')).items;
    expect(sent.length).toBeGreaterThan(0);
    const second = [all[3], all[10], all[20]].map((e) => e.id);
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    const now = Date.now();
    await db.execute({ sql: "INSERT INTO mailboxes (label, provider, from_email, ramp_started_at, created_at, updated_at) VALUES ('Sales', 'outbox', 'sales@agency.example', ?, ?, ?)", args: [now, now, now] });
    const mailbox = Number((await db.execute("SELECT id FROM mailboxes WHERE label = 'Sales'")).rows[0].id);
    await db.execute({ sql: `UPDATE emails SET mailbox_id = ? WHERE id IN (${[...second, sent[0].id].join(', ')})`, args: [mailbox] });
    db.close();

    await openOutreach();
    await page.getByLabel('Status').selectOption('DRAFT');
    const items = section('Other').locator('[data-email-id]');
    const shown = async () => await items.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-email-id'))));
    await expect.poll(shown).toEqual(all.slice(0, 50).map((e) => e.id));
    const select = page.getByLabel('Mailbox');
    expect(await select.locator('option').allTextContents()).toEqual(['All mailboxes', expect.stringMatching(/^.+/), 'Sales (sales@agency.example)']);
    await select.selectOption(String(mailbox));
    await expect.poll(shown).toEqual(second);
    await page.getByText('All 3 emails shown.').waitFor();
    await screenshot(page, 'outreach-mailbox-filter');
    // Mailbox 1: its own emails and those from before mailboxes, never the second's.
    await select.selectOption('1');
    await expect.poll(async () => (await shown()).length).toBe(50);
    expect((await shown()).filter((id) => second.includes(id))).toEqual([]);
    await select.selectOption('');

    // Analytics: the one sent email of the second mailbox, then the rest for mailbox 1.
    const report = async (q: string) => (await admin.call<{ summary: { sent: number } }>('GET', `/api/analytics?days=30${q}`)).summary.sent;
    const [every, first] = [await report(''), await report('&mailbox_id=1')];
    expect(await report(`&mailbox_id=${mailbox}`)).toBe(1);
    expect(first).toBe(every - 1);
    await page.goto(`${server.url}/analytics`);
    const sentCard = page.locator('[data-stat="Emails Sent"] .stat-card-value');
    await expect.poll(() => sentCard.innerText()).toBe(String(every));
    await page.getByLabel('Mailbox').selectOption(String(mailbox));
    await expect.poll(() => sentCard.innerText()).toBe('1');
    await page.getByText('Emails sent from Sales (sales@agency.example): the cards').waitFor();
    expect(new URL(page.url()).searchParams.get('mailbox')).toBe(String(mailbox));
    await screenshot(page, 'analytics-mailbox-filter');
    await page.getByLabel('Mailbox').selectOption('1');
    await expect.poll(() => sentCard.innerText()).toBe(String(first));
  });

  it('fits a phone-sized window', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDrafts();
    await page.locator('.draft-group').first().locator('.draft-group-toggle-btn').click();
    await page.locator('.draft-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'drafts-phone');
    await openOutreach();
    await page.locator('.email-item').first().click();
    await page.getByRole('complementary', { name: 'Email details' }).locator('.email-detail-box').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'outreach-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
