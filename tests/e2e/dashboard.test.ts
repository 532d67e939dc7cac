// The Dashboard through the real server and Chromium: the empty texts on a fresh
// database, then a sandbox campaign run by the server's worker — stat cards that match
// GET /api/dashboard, recent leads linking to their detail pages, and the Live Activity
// Feed with its icons, details, contact tags and 'Showing latest 30 activities'.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type ApiClient } from './support/api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-5' };

interface Stats {
  total_campaigns: number;
  active_campaigns: number;
  total_leads: number;
  emails_generated: number;
  emails_sent: number;
  conversion_rate: number;
  open_rate: number;
  reply_rate: number;
  recent_leads: { id: number; title: string | null; company_name: string | null; url: string }[];
}

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const region = (name: string) => page.getByRole('region', { name, exact: true });
const card = (title: string) => page.locator(`.stat-card[data-stat="${title}"]`);
const cardValue = (title: string) => card(title).locator('.stat-card-value').innerText();
const cardNote = (title: string) => card(title).locator('.stat-card-note').innerText();
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
const count = (value: number) => value.toLocaleString('en-US');

async function closeToasts(): Promise<void> {
  for (const button of await page.locator('.toast-item').getByRole('button', { name: 'Dismiss' }).all()) await button.click();
}

const hrefOf = (link: Locator): Promise<string | null> => link.getAttribute('href');

describe('Dashboard', () => {
  it('shows zeros and the empty texts on a fresh database', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await closeToasts();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await region('Recent Leads').getByText('No leads yet. Create a campaign to get started!').waitFor();
    await region('Live Activity Feed').getByText('No activity yet. Create a campaign to see real-time updates!').waitFor();

    expect(await cardValue('Total Campaigns')).toBe('0');
    expect(await cardNote('Total Campaigns')).toBe('0 active');
    expect(await cardValue('Total Leads')).toBe('0');
    expect(await cardValue('Emails Generated')).toBe('0');
    expect(await cardNote('Emails Generated')).toBe('0 sent');
    expect(await cardValue('Conversion Rate')).toBe('0%');
    expect(await cardNote('Conversion Rate')).toBe('0% open rate');

    // The cards lead to the screens behind the numbers; Quick Actions open the create form and the leads.
    expect(await hrefOf(card('Total Campaigns'))).toBe('/campaigns');
    expect(await hrefOf(card('Total Leads'))).toBe('/leads');
    expect(await hrefOf(card('Emails Generated'))).toBe('/outreach');
    expect(await hrefOf(card('Conversion Rate'))).toBe('/outreach');
    const actions = region('Quick Actions');
    expect(await actions.getByRole('button', { name: 'Create Campaign' }).count()).toBe(1);
    expect(await hrefOf(actions.getByRole('link', { name: 'Browse Leads' }))).toBe('/leads');

    const performance = region('Email Performance');
    for (const name of ['Open Rate', 'Reply Rate', 'Conversion Rate']) {
      expect(await performance.getByRole('progressbar', { name }).getAttribute('value')).toBe('0');
    }
    expect(await page.getByText(/Showing latest \d+ activities/).count()).toBe(0);
    await screenshot(page, 'dashboard-empty');
  });

  it('shows a finished campaign: numbers, recent leads and the feed', async () => {
    await fastCrawling(admin);
    await runCampaign(admin, { name: 'Dashboard plumbers', search_query: 'plumbers', location: 'Austin', max_results: 12 });
    const stats = await admin.call<Stats>('GET', '/api/dashboard');
    expect(stats.total_leads).toBeGreaterThan(0);

    await page.reload();
    await region('Recent Leads').locator('.recent-lead').first().waitFor();

    expect(await cardValue('Total Campaigns')).toBe(count(stats.total_campaigns));
    expect(await cardNote('Total Campaigns')).toBe(`${count(stats.active_campaigns)} active`);
    expect(await cardValue('Total Leads')).toBe(count(stats.total_leads));
    expect(await cardValue('Emails Generated')).toBe(count(stats.emails_generated));
    expect(await cardNote('Emails Generated')).toBe(`${count(stats.emails_sent)} sent`);
    expect(await cardValue('Conversion Rate')).toBe(percent(stats.conversion_rate));
    expect(await cardNote('Conversion Rate')).toBe(`${percent(stats.open_rate)} open rate`);
    const performance = region('Email Performance');
    expect(await performance.locator('[data-rate="Open Rate"] .rate-value').innerText()).toBe(percent(stats.open_rate));
    expect(await performance.locator('[data-rate="Reply Rate"] .rate-value').innerText()).toBe(percent(stats.reply_rate));

    // Recent leads: the API's newest leads, in order, each linking to its detail page,
    // with a status badge and a relative discovery time.
    const rows = region('Recent Leads').locator('.recent-lead');
    expect(await rows.count()).toBe(stats.recent_leads.length);
    const hrefs = await rows.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(stats.recent_leads.map((lead) => `/leads/${lead.id}`));
    const first = rows.first();
    // The business's own name where the analysis found it, not the page title with its slogan.
    expect(await first.locator('.recent-lead-title').innerText()).toBe(stats.recent_leads[0].company_name || stats.recent_leads[0].title || 'Untitled');
    if (stats.recent_leads[0].company_name) expect(stats.recent_leads[0].company_name).not.toMatch(/\|/);
    expect(await first.locator('.recent-lead-url').innerText()).toBe(stats.recent_leads[0].url);
    await first.locator('.status-tag').waitFor();
    expect(await first.locator('time').innerText()).toMatch(/ago$/);

    // The feed: the 30 newest items, newest first, with icons and contact tags.
    const feed = region('Live Activity Feed');
    const entries = feed.locator('.activity-entry');
    // The feed loads on its own request: wait for it before counting its entries.
    await feed.getByText('Showing latest 30 activities').waitFor();
    expect(await entries.count()).toBe(30);
    // The sidebar badge counts the drafts waiting for review.
    const drafts = await admin.call<{ count: number }>('GET', '/api/drafts');
    expect(drafts.count).toBeGreaterThan(0);
    await page.getByLabel(`${drafts.count} pending drafts`).waitFor();

    const activity = await admin.call<{ id: number; activity_type: string }[]>('GET', '/api/activity?limit=30');
    const ids = await entries.evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-activity-id'))));
    expect(ids).toEqual(activity.map((item) => item.id));
    expect(await entries.locator('.activity-icon[role="img"]').count()).toBe(30);
    const iconTypes = await entries.locator('.activity-icon').evaluateAll((icons) => icons.map((i) => i.getAttribute('data-activity-type')));
    expect(iconTypes).toEqual(activity.map((item) => item.activity_type));
    expect(await feed.locator('.contact-tag').filter({ hasText: /^(Has Contact|No Contact)$/ }).count()).toBeGreaterThan(0);
    const generated = entries.filter({ has: page.locator('.activity-subject') }).first();
    if (await generated.count()) await generated.locator('.activity-preview').waitFor();

    // At most 600 px high, scrolling inside.
    const list = feed.locator('.activity-list');
    const box = await list.evaluate((el) => ({ max: getComputedStyle(el).maxHeight, overflow: getComputedStyle(el).overflowY, scrolls: el.scrollHeight > el.clientHeight }));
    expect(box).toEqual({ max: '600px', overflow: 'auto', scrolls: true });

    await screenshot(page, 'dashboard-desktop');
    // A phone: the same screen in one column, the menu closed.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server.url}/dashboard`);
    await phone.locator('.activity-entry').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'dashboard-390');
    await phone.close();
  });

  it('follows a new campaign without a reload', async () => {
    const before = await admin.call<Stats>('GET', '/api/dashboard');
    const campaign = await runCampaign(admin, { name: 'Dashboard florists', search_query: 'florists', location: 'Boise', max_results: 5 }, false);
    // The stats and the feed refresh on their own (every 5 s until the live channel drives them).
    await card('Total Campaigns').locator('.stat-card-value').getByText(count(before.total_campaigns + 1), { exact: true }).waitFor({ timeout: 12_000 });
    await region('Live Activity Feed').getByText(`Campaign "${campaign.name}" started`, { exact: false }).first().waitFor({ timeout: 12_000 });
  });

  it('opens a recent lead on its detail page', async () => {
    const id = await region('Recent Leads').locator('.recent-lead').first().getAttribute('data-lead-id');
    expect(id).toMatch(/^\d+$/);
    await region('Recent Leads').locator(`.recent-lead[data-lead-id="${id}"]`).click();
    await page.waitForURL(`**/leads/${id}`);
  });

  it("opens the create form from Quick Actions' Create Campaign, and creates and starts in one step", async () => {
    await page.goto(`${server.url}/dashboard`);
    await closeToasts();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await region('Quick Actions').getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await region('Quick Actions').getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByLabel('Campaign Name').fill('Dashboard bakers');
    await dialog.getByLabel('Search Query').fill('bakers');
    await dialog.getByLabel('Location').fill('Boise');
    await dialog.getByLabel('Max Results').selectOption('10');
    await screenshot(page, 'dashboard-create-campaign');
    await dialog.getByRole('button', { name: 'Create and start' }).click();
    await page.getByText('Campaign created and started').waitFor();
    await page.waitForURL('**/campaigns');
    await page.getByRole('row').filter({ hasText: 'Dashboard bakers' }).waitFor();
    const created = (await admin.call<{ name: string; status: string; started_at: string | null }[]>('GET', '/api/campaigns')).find((c) => c.name === 'Dashboard bakers');
    // Started by the same call: running, or already through (the sandbox is quick).
    expect(created?.started_at).not.toBeNull();
    expect(created?.status).not.toBe('DRAFT');
  });
});
