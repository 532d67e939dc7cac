// Campaign History through the real server and Chromium, over two sandbox campaigns run
// by the server's own worker: bulk rerun (nothing selected, then both with the
// confirmation and a 5-second toast) until both are COMPLETED again, text and status
// filters, the details modal, per-row rerun and delete with their confirmations, and the
// load-failure message with its Retry.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-History-3' };
const PLUMBERS = { name: 'Plumbers Austin', search_query: 'plumbers in Austin', max_results: 3 };
const DENTISTS = { name: 'Dentists Denver', search_query: 'dentists in Denver', max_results: 3 };

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let seeded: Campaign[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  api = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(api);
  seeded = await Promise.all([runCampaign(api, PLUMBERS), runCampaign(api, DENTISTS)]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (name: string) => page.locator('.history-table tbody tr').filter({ has: page.getByRole('button', { name, exact: true }) });
const rows = () => page.locator('.history-table tbody tr');
const statusOf = (name: string) => row(name).locator('.status-badge');
const toastItem = (text: string) => page.locator('.toast-item').filter({ hasText: text });

/** Waits for a toast and closes it, so it does not cover later steps or screenshots. */
async function toast(text: string): Promise<void> {
  const item = toastItem(text);
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

/** Answers the next browser dialog: it must be a confirm with exactly `message`. */
function nextConfirm(message: string, accept = true): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', async (dialog) => {
      try {
        expect(dialog.type()).toBe('confirm');
        expect(dialog.message()).toBe(message);
        await (accept ? dialog.accept() : dialog.dismiss());
        resolve();
      } catch (error) {
        await dialog.dismiss();
        reject(error);
      }
    });
  });
}

async function campaigns(): Promise<Campaign[]> {
  return api.call<Campaign[]>('GET', '/api/campaigns');
}

/** Polls the API until every campaign in `ids` is COMPLETED with a completion after `after`. */
async function completedAgain(ids: number[], after: Record<number, string | null>): Promise<Campaign[]> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const list = (await campaigns()).filter((c) => ids.includes(c.id));
    if (list.length === ids.length && list.every((c) => c.status === 'COMPLETED' && c.completed_at !== after[c.id])) return list;
    if (Date.now() > deadline) throw new Error(`not completed again: ${JSON.stringify(list.map((c) => [c.id, c.status]))}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

async function check(locator: Locator, on: boolean): Promise<void> {
  if (on) await locator.check();
  else await locator.uncheck();
}

describe('Campaign History', () => {
  it('lists the campaigns with their status, leads and dates', async () => {
    expect(seeded.map((c) => c.status)).toEqual(['COMPLETED', 'COMPLETED']);
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Campaign History' }).click();
    await page.getByRole('heading', { name: 'Campaign History', level: 1 }).waitFor();
    await rows().nth(1).waitFor();

    expect(await rows().count()).toBe(2);
    // Newest first.
    expect(await rows().locator('.history-name-link').allTextContents()).toEqual([DENTISTS.name, PLUMBERS.name]);
    for (const campaign of seeded) {
      const line = row(campaign.name);
      expect(await line.locator('.status-badge').innerText()).toBe('COMPLETED');
      await expect.poll(() => line.locator('.status-badge').evaluate((el) => el.classList.contains('is-link'))).toBe(true);
      await line.getByText(campaign.search_query, { exact: true }).waitFor();
      expect(await line.locator('td').nth(3).locator('span').first().innerText()).toBe(String(campaign.total_leads));
      // Created and completed as 'MMM d, yyyy h:mm a'.
      expect(await line.locator('td').nth(5).innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M\n+.+ ago$/);
      expect(await line.locator('td').nth(6).innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    }
    expect(seeded.every((c) => c.total_leads > 0)).toBe(true);
    await screenshot(page, 'history-desktop');
  });

  it('bulk reruns the selection after its confirmation, until both are COMPLETED again', async () => {
    // Nothing selected: the message, and no call.
    await page.getByRole('button', { name: 'Rerun Selected' }).click();
    await toast('Please select campaigns to rerun');

    const all = page.getByLabel('Select all campaigns');
    await check(all, true);
    for (const c of seeded) expect(await row(c.name).getByRole('checkbox').isChecked()).toBe(true);
    await check(all, false);
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    // Ticking both rows one by one ticks "select all" too.
    await check(row(PLUMBERS.name).getByRole('checkbox'), true);
    expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
    await check(row(DENTISTS.name).getByRole('checkbox'), true);
    expect(await all.isChecked()).toBe(true);
    await page.getByText('2 of 2 selected').waitFor();

    // Dismissing the confirmation does nothing.
    let bulkCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/campaigns/bulk-rerun')) bulkCalls += 1;
    });
    const dismissed = nextConfirm('Rerun 2 selected campaigns?', false);
    await page.getByRole('button', { name: 'Rerun Selected (2)' }).click();
    await dismissed;
    expect(bulkCalls).toBe(0);

    const before = Object.fromEntries(seeded.map((c) => [c.id, c.completed_at]));
    const confirmed = nextConfirm('Rerun 2 selected campaigns?');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/campaigns/bulk-rerun'));
    await page.getByRole('button', { name: 'Rerun Selected (2)' }).click();
    await confirmed;
    const body = (await (await answer).json()) as { campaigns_rerun: number; campaigns: Campaign[] };
    expect(body.campaigns_rerun).toBe(2);
    expect(body.campaigns.map((c) => c.status)).toEqual(['RUNNING', 'RUNNING']);

    // The multi-campaign toast stays about 5 seconds; meanwhile the reruns finish.
    const item = toastItem('Bulk campaign rerun initiated successfully!');
    await item.waitFor();
    const shownAt = Date.now();
    const gone = item.waitFor({ state: 'detached', timeout: 10_000 }).then(() => Date.now() - shownAt);
    const [done, lasted] = await Promise.all([completedAgain(Object.keys(before).map(Number), before), gone]);
    expect(lasted).toBeGreaterThan(4_000);
    expect(lasted).toBeLessThan(6_500);
    expect(done.every((c) => c.total_leads > 0)).toBe(true);

    // The selection was cleared and the screen follows the reruns to the end by itself.
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    for (const c of seeded) await expect.poll(() => statusOf(c.name).innerText(), { timeout: 15_000 }).toBe('COMPLETED');
  });

  it('filters by text over name and query, and by status', async () => {
    const search = page.getByLabel('Search');
    await search.fill('dentists in');
    await expect.poll(() => rows().count()).toBe(1);
    await row(DENTISTS.name).waitFor();
    await page.getByText('1 of 2 campaigns').waitFor();

    await search.fill('PLUMBERS AUS');
    await expect.poll(() => rows().count()).toBe(1);
    await row(PLUMBERS.name).waitFor();
    await screenshot(page, 'history-filtered');

    await search.fill('');
    await page.getByLabel('Status').selectOption('FAILED');
    await page.getByText('No campaigns match these filters.').waitFor();
    expect(await rows().count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await page.getByLabel('Status').inputValue()).toBe('ALL');
  });

  it('shows every field and the performance of a campaign in the details modal', async () => {
    const [current] = (await campaigns()).filter((c) => c.name === PLUMBERS.name);
    await row(PLUMBERS.name).getByRole('button', { name: 'Details' }).click();
    const modal = page.getByRole('dialog', { name: PLUMBERS.name });
    await modal.waitFor();
    const item = (label: string) => modal.locator('.details-item').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
    expect(await item('Search query').innerText()).toBe(PLUMBERS.search_query);
    expect(await item('Max results').innerText()).toBe('3');
    expect(await item('Max emails').innerText()).toBe('No limit');
    expect(await item('Mode').innerText()).toBe('Test');
    expect(await item('Status').innerText()).toBe('COMPLETED');
    expect(await item('Completed').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M \(.+ ago\)$/);
    const stat = (label: string) => modal.locator('.history-stat').filter({ has: page.getByText(label, { exact: true }) }).locator('.history-stat-value');
    expect(await stat('Total leads').innerText()).toBe(String(current.total_leads));
    expect(await stat('Leads with email').innerText()).toBe(String(current.leads_with_email));
    expect(await stat('Email success rate').innerText()).toMatch(/^\d+(\.\d)?%$/);
    await screenshot(page, 'history-details');
    await modal.locator('.modal-card-foot').getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('reruns one campaign and deletes another, each after its confirmation', async () => {
    const [plumbers] = (await campaigns()).filter((c) => c.name === PLUMBERS.name);
    const confirmed = nextConfirm('Rerun this campaign with improved crawling?');
    await row(PLUMBERS.name).getByRole('button', { name: 'Rerun' }).click();
    await confirmed;
    await toast('Campaign rerun initiated successfully!');
    await completedAgain([plumbers.id], { [plumbers.id]: plumbers.completed_at });
    await expect.poll(() => statusOf(PLUMBERS.name).innerText(), { timeout: 15_000 }).toBe('COMPLETED');

    // Cancelled: still there.
    const cancelled = nextConfirm('Delete this campaign and all its data?', false);
    await row(DENTISTS.name).getByRole('button', { name: 'Delete' }).click();
    await cancelled;
    expect(await rows().count()).toBe(2);

    const accepted = nextConfirm('Delete this campaign and all its data?');
    await row(DENTISTS.name).getByRole('button', { name: 'Delete' }).click();
    await accepted;
    await toast('Campaign deleted');
    await row(DENTISTS.name).waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(1);
    expect((await campaigns()).map((c) => c.name)).toEqual([PLUMBERS.name]);

    // A fresh load at phone width (a live resize would catch the sidebar mid-slide).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row(PLUMBERS.name).waitFor();
    await screenshot(page, 'history-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("says 'Failed to load campaign history' when the list fails, and Retry reloads it", async () => {
    let healthy = false;
    let failures = 0;
    let loads = 0;
    const isList = (url: URL) => url.pathname === '/api/campaigns';
    await page.route(isList, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (healthy) {
        loads += 1;
        return route.continue();
      }
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'database unavailable' }) });
    });
    await page.goto(`${server.url}/campaign-history`);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load campaign history' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Failed to load campaign history\s*Retry$/);
    expect(await rows().count()).toBe(0);
    expect(failures).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'history-load-failed');

    // The server is back; the screen still shows the failure until Retry asks again.
    healthy = true;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await row(PLUMBERS.name).waitFor();
    await alert.waitFor({ state: 'detached' });
    expect(loads).toBeGreaterThanOrEqual(1);
    await page.unroute(isList);
  });
});
