// The Deals board in Chromium against the real server: columns with counts and totals, a card
// dragged to Meeting booked, the keyboard "Move to…" alternative, and the deal edited on Lead
// detail with each change in its history; no console errors along the way.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealBoard } from '../../src/core/model/deal.ts';
import type { Lead } from '../../src/core/model/lead.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-5' };

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
const consoleErrors: string[] = [];
/** Every API answer that was not a success, as "STATUS METHOD path". */
const failedCalls: string[] = [];
const ids: Record<string, number> = {};

/** Replied leads of a campaign started from a suggestion, as the reply poller leaves them. */
async function seed() {
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  try {
    const { rows } = await db.execute("INSERT INTO campaigns (name, search_query, estimated_project_value, created_at, updated_at) VALUES ('Austin plumbers', 'plumbers in Austin', '$1,500-$5,000', 1, 1) RETURNING id");
    for (const [name, host] of [['Rapid Rooter', 'rapid-rooter.example'], ['Clear Drains', 'clear-drains.example'], ['Peak Plumbing', 'peak-plumbing.example']]) {
      const lead = await db.execute({
        sql: "INSERT INTO leads (campaign_id, url, hostname, company_name, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'REPLIED', '[]', '[]', '[]', 1, 1, 1) RETURNING id",
        args: [Number(rows[0].id), `https://${host}/`, host, name],
      });
      ids[name] = Number(lead.rows[0].id);
    }
  } finally {
    db.close();
  }
  await admin.call('PATCH', `/api/leads/${ids['Rapid Rooter']}/deal`, { stage: 'interested' });
  await admin.call('PATCH', `/api/leads/${ids['Clear Drains']}/deal`, { stage: 'interested' });
  await admin.call('PATCH', `/api/leads/${ids['Peak Plumbing']}/deal`, { stage: 'proposal_sent', value: 8000 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await seed();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  // The browser logs each failed request as a console error: those are checked one by one below.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failedCalls.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
  await toast('Welcome back!');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label}`) });
const card = (company: string) => page.getByRole('article', { name: company });
const leadOf = (company: string) => admin.call<Lead>('GET', `/api/leads/${ids[company]}`);

async function toast(text: string) {
  const item = page.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

describe('the Deals board', () => {
  it('opens from the sidebar with a column per stage, its count and total value', async () => {
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Deals' }).click();
    await page.getByRole('heading', { name: 'Deals', level: 1 }).waitFor();
    const headings = await page.locator('.deal-column h2').allTextContents();
    expect(headings).toEqual(['Interested 2', 'Meeting booked 0', 'Proposal sent 1', 'Won 0', 'Lost 0']);
    // The campaign's estimate, "$1,500-$5,000", opened each deal at 1,500.
    await expect.poll(() => column('Interested').locator('.deal-total').textContent()).toBe('Total value 3,000');
    expect(await column('Proposal sent').locator('.deal-total').textContent()).toBe('Total value 8,000');
    expect(await card('Rapid Rooter').textContent()).toContain('Austin plumbers');
    expect(await card('Rapid Rooter').locator('dd').allTextContents()).toEqual(['1,500', 'nobody', 'today']);
  });

  it('moves a card by dragging it to Meeting booked', async () => {
    await card('Rapid Rooter').dragTo(column('Meeting booked'));
    await toast('Rapid Rooter moved to Meeting booked');
    await column('Meeting booked').getByRole('article', { name: 'Rapid Rooter' }).waitFor();
    expect(await column('Interested').getByRole('article').count()).toBe(1);
    expect(await page.locator('.deal-column h2').allTextContents()).toEqual(['Interested 1', 'Meeting booked 1', 'Proposal sent 1', 'Won 0', 'Lost 0']);
    expect(await leadOf('Rapid Rooter')).toMatchObject({ deal_stage: 'meeting_booked', status: 'REPLIED' });
    await screenshot(page, 'deals-board');
  });

  it('moves a card with the keyboard through its "Move to…" menu', async () => {
    const menu = page.getByRole('combobox', { name: 'Move Clear Drains to…' });
    await menu.focus();
    await menu.selectOption({ label: 'Won' });
    await toast('Clear Drains moved to Won');
    await column('Won').getByRole('article', { name: 'Clear Drains' }).waitFor();
    // Won is the status CONVERTED.
    expect(await leadOf('Clear Drains')).toMatchObject({ deal_stage: 'won', status: 'CONVERTED' });
    expect(await column('Won').locator('.deal-total').textContent()).toBe('Total value 1,500');
  });

  it('shows a move another operator made, live', async () => {
    await admin.call('PATCH', `/api/leads/${ids['Peak Plumbing']}/deal`, { stage: 'meeting_booked' });
    await column('Meeting booked').getByRole('article', { name: 'Peak Plumbing' }).waitFor();
  });

  it('refuses a move over a deal someone else moved meanwhile, and shows the board as it is', async () => {
    // A change this board has not heard of (written straight to the database, so no live message).
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    await db.execute({ sql: "UPDATE leads SET deal_stage = 'lost' WHERE id = ?", args: [ids['Peak Plumbing']] });
    db.close();
    await page.getByRole('combobox', { name: 'Move Peak Plumbing to…' }).selectOption({ label: 'Won' });
    await toast('Someone moved this deal meanwhile: the board is reloaded');
    await column('Lost').getByRole('article', { name: 'Peak Plumbing' }).waitFor();
    expect((await leadOf('Peak Plumbing')).deal_stage).toBe('lost');
  });

  it('edits stage, value, owner and notes on Lead detail, each change in the history', async () => {
    await card('Peak Plumbing').getByRole('link', { name: 'Peak Plumbing' }).click();
    const panel = page.getByRole('region', { name: 'Deal' });
    await panel.waitFor();
    expect(await panel.getByLabel('Stage').inputValue()).toBe('lost');
    await panel.getByLabel('Stage').selectOption({ label: 'Proposal sent' });
    await panel.getByLabel('Value').fill('9500');
    await panel.getByLabel('Owner').fill('admin');
    await panel.getByLabel('Notes').fill('Wants a quote for a booking page <script>x</script>');
    await panel.getByRole('button', { name: 'Save deal' }).click();
    await toast('Deal saved');
    const history = page.getByRole('region', { name: 'Interactions' });
    for (const line of ['Deal moved from Lost to Proposal sent by admin', 'Deal value set to 9,500 (was 8,000) by admin', 'Deal owner set to admin (was nobody) by admin', 'Deal notes changed by admin: "Wants a quote for a booking page <script>x</script>"'])
      await history.getByText(line, { exact: true }).waitFor();
    expect(await leadOf('Peak Plumbing')).toMatchObject({ deal_stage: 'proposal_sent', deal_value: 9500, assigned_to: 'admin', notes: 'Wants a quote for a booking page <script>x</script>' });

    // A bad owner is refused with the server's reason and nothing changes.
    await panel.getByLabel('Owner').fill('nobody-here');
    await panel.getByRole('button', { name: 'Save deal' }).click();
    await panel.getByRole('alert').filter({ hasText: 'assigned_to: no user is named "nobody-here"' }).waitFor();
    expect((await leadOf('Peak Plumbing')).assigned_to).toBe('admin');

    // Marking the lead CONVERTED by hand puts the deal at Won, here too.
    await page.getByLabel('Change status').selectOption({ label: 'Converted' });
    await expect.poll(() => panel.getByLabel('Stage').inputValue()).toBe('won');
    expect(await panel.getByRole('alert').count()).toBe(0); // the refused owner's message went with the change
    await toast('Lead status updated to Converted');
    await screenshot(page, 'deals-lead-detail');
  });

  it('fits a phone: the board scrolls sideways inside itself, not the page', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() })).newPage();
    try {
      await phone.goto(`${server.url}/deals`);
      await phone.getByRole('article', { name: 'Rapid Rooter' }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, 'deals-board-phone');
    } finally {
      await phone.context().close();
    }
  });

  it('logged no console errors, and only the refusals the steps above asked for', () => {
    expect(consoleErrors).toEqual([]);
    const peak = ids['Peak Plumbing'];
    // (Sorted: the lead page asks for the analysis and the audit at once, either may answer first.)
    expect([...new Set(failedCalls)].sort()).toEqual([
      `404 GET /api/leads/${peak}/analysis`, // 'No analysis data available': the seeded lead was never crawled
      `404 GET /api/leads/${peak}/audit`, // 'Lead N has not been audited': nor audited
      `409 PATCH /api/leads/${peak}/deal`, // the deal moved meanwhile
      `422 PATCH /api/leads/${peak}/deal`, // the owner who is no user
    ]);
  });
});
