// The Leads screen and the lead page over real data: two sandbox campaigns run by the
// server's own worker, then cards and table, filters, sort, the details modal, the lead
// page with its analysis and crawl log, export of exactly the selection, bulk delete.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadPage } from '../../src/core/model/lead.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-5' };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

const allLeads = async (query = '') => (await get<LeadPage>(`/api/leads?limit=200${query}`)).body;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(admin);
  // Both at once: the server's worker crawls the two campaigns' sites side by side (other hosts, so
  // neither waits for the other's per-host delay).
  await Promise.all([
    runCampaign(admin, { name: 'Austin plumbers', search_query: 'plumbers in Austin', max_results: 8 }),
    runCampaign(admin, { name: 'Denver dentists', search_query: 'dentists in Denver', max_results: 8 }),
  ]);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cards = () => page.locator('.lead-card');
const rows = () => page.locator('.leads-table tbody tr');
const ids = async (items: Locator) => (await items.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-lead-id')))));

/** Waits for a toast and closes it, so it does not cover later steps or screenshots. */
async function toast(text: string | RegExp): Promise<void> {
  const item = page.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

/** Opens path in a 390 px phone with the same session, checks nothing overflows sideways, saves a screenshot. */
async function phoneShot(path: string, ready: (phone: Page) => Promise<unknown>, name: string): Promise<void> {
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
  try {
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(15_000);
    await phone.goto(`${server.url}${path}`);
    await ready(phone).catch(async (error: unknown) => {
      await screenshot(phone, `${name}-failed`);
      throw error;
    });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settled(phone);
    await screenshot(phone, name);
  } finally {
    await phoneContext.close();
  }
}

/** Waits for running CSS transitions (e.g. the view toggle's colours) to end, so screenshots show the final state. */
async function settled(target: Page): Promise<void> {
  await target.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Polls until the visible lead ids equal the expected ones (the list reloads after each change). */
async function expectIds(items: () => Locator, expected: number[]): Promise<void> {
  await expect.poll(() => ids(items()), { timeout: 10_000 }).toEqual(expected);
}

describe('Leads', () => {
  it('shows the seeded leads as sales cards, newest first', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    const seeded = await allLeads();
    expect(seeded.total).toBeGreaterThanOrEqual(6);
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await expectIds(cards, seeded.items.slice(0, 50).map((l) => l.id));
    const first = cards().first();
    await first.locator('.lead-scores').getByText('Opportunity').waitFor();
    expect(await first.locator('.lead-contact').innerText()).toBe(seeded.items[0].contact_email ?? 'No contact');
    await page.getByText(`showing ${Math.min(50, seeded.total)} of ${seeded.total} leads`).waitFor();
    await settled(page);
    await screenshot(page, 'leads-cards');
  });

  it("pages through the list with 'Load more' (keyset cursor), never loading everything at once", async () => {
    // Pages of 5 instead of 50, so the seeded leads span several pages.
    const requested: string[] = [];
    await page.route('**/api/leads?*', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '5');
      requested.push(url.search);
      return route.continue({ url: url.toString() });
    });
    try {
      // A sort not loaded yet, so the list is fetched afresh (in pages of 5) without a page load.
      await page.getByLabel('Sort by').selectOption('urgency');
      const seeded = (await allLeads('&sort=urgency')).items.map((l) => l.id);
      await expectIds(cards, seeded.slice(0, 5));
      await page.getByText(`showing 5 of ${seeded.length} leads`).waitFor();
      await page.getByRole('button', { name: 'Load more' }).click();
      await expectIds(cards, seeded.slice(0, 10));
      expect(requested.filter((q) => q.includes('cursor=')).length).toBe(1);
      while (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
        const shown = await cards().count();
        await page.getByRole('button', { name: 'Load more' }).click();
        await expect.poll(() => cards().count()).toBeGreaterThan(shown);
      }
      await expectIds(cards, seeded);
      expect(requested.every((q) => q.includes('limit=5'))).toBe(true);
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
    await page.getByLabel('Sort by').selectOption('discovered_at');
    await expectIds(cards, (await allLeads()).items.map((l) => l.id));
  });

  it('switches to Table View and back', async () => {
    await page.getByRole('button', { name: 'Table View' }).click();
    await rows().first().waitFor();
    expect(await cards().count()).toBe(0);
    expect(await rows().count()).toBe(Math.min(50, (await allLeads()).total));
    await page.mouse.move(0, 0);
    await settled(page);
    await screenshot(page, 'leads-table');
    await page.getByRole('button', { name: 'Sales Cards' }).click();
    await cards().first().waitFor();
    expect(await rows().count()).toBe(0);
    await page.getByRole('button', { name: 'Table View' }).click();
    await rows().first().waitFor();
  });

  it('filters by status and by search text', async () => {
    const seeded = (await allLeads()).items;
    const counts = new Map<string, number>();
    for (const lead of seeded) counts.set(lead.status, (counts.get(lead.status) ?? 0) + 1);
    const [status] = [...counts.entries()].sort((a, b) => a[1] - b[1])[0];
    await page.getByLabel('Status').selectOption(status);
    await expectIds(rows, seeded.filter((l) => l.status === status).map((l) => l.id));
    const shown = await rows().locator('.lead-status').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(new Set(shown)).toEqual(new Set([status]));
    await page.getByLabel('Status').selectOption('');

    const target = seeded[seeded.length - 1];
    await page.getByLabel('Search').fill(target.hostname);
    const expected = (await allLeads(`&search=${encodeURIComponent(target.hostname)}`)).items.map((l) => l.id);
    expect(expected).toContain(target.id);
    await expectIds(rows, expected);
    await page.getByLabel('Search').fill('');
    await expectIds(rows, seeded.slice(0, 50).map((l) => l.id));
  });

  it('sorts by opportunity, highest score first', async () => {
    await page.getByLabel('Sort by').selectOption('opportunity');
    const byScore = (await allLeads('&sort=opportunity')).items;
    await expectIds(rows, byScore.map((l) => l.id));
    const best = Math.max(...byScore.map((l) => l.market_opportunity_score ?? -1));
    expect(await rows().first().locator('.lead-opportunity').innerText()).toBe(String(Math.round(best)));
    const scores = await rows().locator('.lead-opportunity').allInnerTexts();
    const numbers = scores.filter((s) => s !== '—').map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await page.getByLabel('Sort by').selectOption('discovered_at');
  });

  it('opens the lead-details modal with its history, then the lead page', async () => {
    const lead = (await allLeads()).items.find((l) => l.status !== 'NEW' && l.status !== 'SCRAPING') as Lead;
    await page.locator(`.leads-table tr[data-lead-id="${lead.id}"] .lead-row-open`).click();
    const dialog = page.getByRole('dialog');
    const history = dialog.getByRole('region', { name: 'Lead history' });
    await history.getByText('Total emails').waitFor();
    const summary = (await get<{ summary: { total_emails: number } }>(`/api/leads/${lead.id}/history`)).body.summary;
    expect(await history.locator('.history-count').first().locator('.lead-score-value').innerText()).toBe(String(summary.total_emails));
    if (summary.total_emails) await history.locator('.quality-parts li').first().waitFor();
    await settled(page);
    await screenshot(page, 'leads-modal');
    await history.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'leads-modal-history');
    await phoneShot(
      '/leads',
      async (phone) => {
        await phone.locator(`.lead-card[data-lead-id="${lead.id}"] .lead-scores`).click();
        await phone.getByRole('region', { name: 'Lead history' }).getByText('Total emails').waitFor();
      },
      'leads-modal-390',
    );

    await dialog.getByRole('link', { name: 'Open full page' }).click();
    await page.waitForURL(`**/leads/${lead.id}`);
    const analysis = page.getByRole('region', { name: 'Website analysis' });
    await analysis.getByText('Mobile responsive').waitFor();
    const logRows = analysis.locator('.crawl-log tbody tr');
    await logRows.first().waitFor();
    expect(await logRows.count()).toBeLessThanOrEqual(5);
    await page.getByRole('region', { name: 'Emails' }).waitFor();
    await page.getByRole('region', { name: 'Interactions' }).waitFor();
    await settled(page);
    await screenshot(page, 'leads-detail');
    await phoneShot(`/leads/${lead.id}`, (phone) => phone.locator('.crawl-log tbody tr').first().waitFor(), 'leads-detail-390');

    await page.getByLabel('Change status').selectOption('REPLIED');
    await toast('Lead status updated to Replied');
    expect((await get<Lead>(`/api/leads/${lead.id}`)).body.status).toBe('REPLIED');
    await page.getByRole('region', { name: 'Interactions' }).locator('.history-item').first().waitFor();
  });

  it('exports exactly the selected leads', async () => {
    await page.getByRole('link', { name: '← Back to Leads' }).click();
    await cards().first().waitFor();
    await phoneShot('/leads', (phone) => phone.locator('.lead-card').first().waitFor(), 'leads-cards-390');
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Export' }).click();
    await toast('Please select leads to delete/export');

    const chosen = (await ids(cards())).slice(1, 3);
    for (const id of chosen) await page.locator(`.lead-card[data-lead-id="${id}"] input[type=checkbox]`).check();
    await page.getByText('2 selected').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Export' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n').filter(Boolean);
    expect(csv[0].startsWith('id,')).toBe(true);
    expect(csv.length).toBe(3);
    expect(csv.slice(1).map((line) => Number(line.split(',')[0])).sort()).toEqual([...chosen].sort());
    const urls = await Promise.all(chosen.map(async (id) => (await get<Lead>(`/api/leads/${id}`)).body.url));
    for (const url of urls) expect(csv.some((line) => line.includes(url))).toBe(true);
    await toast('Exported 2 leads');
  });

  it('bulk deletes the selection after the confirmation', async () => {
    // Exactly 'Clear': a lead card's title is a button too, and a business may be called 'ClearFlow Plumbing'.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Please select leads to delete/export');

    const before = await ids(cards());
    const doomed = before.slice(0, 2);
    for (const id of doomed) await page.locator(`.lead-card[data-lead-id="${id}"] input[type=checkbox]`).check();
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Selected leads deleted successfully');
    expect(question).toBe('Are you sure you want to delete 2 leads? This cannot be undone.');
    await expectIds(cards, before.filter((id) => !doomed.includes(id)));
    for (const id of doomed) expect((await get(`/api/leads/${id}`)).status).toBe(404);
    await page.getByText('No leads selected').waitFor();
  });

  it('removes the analysed leads that have no contact email, after a confirmation', async () => {
    await page.goto(`${server.url}/leads`);
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Remove leads without contact' }).click();
    await toast(/^Deleted \d+ leads without a contact email$/);
    expect(question).toBe('Delete every analysed lead that has no contact email? This cannot be undone.');
    const left = await get<{ items: { contact_email: string | null; analyzed_at: string | null }[] }>('/api/leads?limit=200');
    expect(left.body.items.filter((l) => !l.contact_email && l.analyzed_at)).toEqual([]);
  });

  it("says 'Lead not found' for an unknown or non-numeric id", async () => {
    await page.goto(`${server.url}/leads/999999`);
    expect(await page.getByRole('alert').innerText()).toBe('Lead not found');
    await page.goto(`${server.url}/leads/abc`);
    expect(await page.getByRole('alert').innerText()).toBe('Lead not found');
    await page.getByRole('link', { name: '← Back to Leads' }).waitFor();
  });
});
