// The Analytics screen through the real server and Chromium: the empty state on a fresh
// database, then a sandbox campaign with one approved draft sent through the outbox — the
// summary cards, both bar charts, the illustrative sentiment pie and the comparison row.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import type { DraftList } from '../../src/core/model/draft.ts';
import type { EmailPage } from '../../src/core/model/email.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-9' };
const NAME = 'Austin plumbers spring outreach';
const QUERY = 'plumbers in Austin';

interface Stats {
  total_leads: number;
  emails_sent: number;
  open_rate: number;
  reply_rate: number;
}

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const region = (name: string) => page.getByRole('region', { name, exact: true });
const cardValue = (title: string) => page.locator(`.stat-card[data-stat="${title}"] .stat-card-value`).innerText();
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** Runs the sandbox campaign, approves one draft and waits until the outbox has sent it. */
async function campaignWithOneSentEmail(): Promise<Campaign> {
  await fastCrawling(admin);
  // No sending windows: an approved draft goes out at once.
  await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [] });
  const campaign = await runCampaign(admin, { name: NAME, search_query: QUERY, max_results: 4 });
  const [draft] = (await admin.call<DraftList>('GET', '/api/drafts')).drafts;
  await admin.call('POST', '/api/drafts/bulk-approve', { draft_ids: [draft.id], schedule_optimally: false });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const sent = (await admin.call<EmailPage>('GET', '/api/emails?status=SENT&limit=200')).items;
    if (sent.some((email) => email.id === draft.id)) return admin.call<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`draft ${draft.id} was not sent`);
}

describe('Analytics', () => {
  it('shows an empty state linking to campaigns on a fresh database', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByText('No campaigns to analyse yet').waitFor();
    expect(await page.getByRole('link', { name: 'Create Campaign' }).getAttribute('href')).toBe('/campaigns');
    expect(await page.locator('.stat-card').count()).toBe(0);
    await screenshot(page, 'analytics-empty');
  });

  it('shows the cards, charts and comparison row of a campaign with one sent email', async () => {
    const campaign = await campaignWithOneSentEmail();
    const stats = await admin.call<Stats>('GET', '/api/dashboard');
    expect(stats.emails_sent).toBe(1);

    await page.reload();
    await region('Campaign Comparison').locator('tbody tr').first().waitFor();

    expect(await cardValue('Emails Sent')).toBe('1');
    expect(await cardValue('Open Rate')).toBe(percent(stats.open_rate));
    expect(await cardValue('Click Rate')).toBe(percent(Math.round(stats.open_rate * 3) / 10));
    expect(await cardValue('Reply Rate')).toBe(percent(stats.reply_rate));

    const row = region('Campaign Comparison').locator(`tr[data-campaign-id="${campaign.id}"]`);
    expect(await row.locator('.comparison-name').innerText()).toBe(NAME);
    expect(await row.locator('.comparison-query').innerText()).toBe(QUERY);
    expect(await row.locator('[data-col="leads"]').innerText()).toBe(String(campaign.total_leads));
    expect(await row.locator('[data-col="sent"]').innerText()).toBe('1');
    expect(await row.locator('[data-col="open-rate"] .comparison-count').innerText()).toBe(`${campaign.emails_opened} opened`);

    // Campaign Performance: three bars (sent, opened, replied) under the name cut to 20 characters.
    const performance = region('Campaign Performance').getByRole('img', { name: 'Emails sent, opened and replied per campaign' });
    expect(await performance.getAttribute('height')).toBe('300');
    const group = performance.locator(`[data-category="${NAME}"]`);
    expect(await group.locator('rect').count()).toBe(3);
    expect(await group.locator('.bar-chart-label').textContent()).toBe(NAME.slice(0, 20));
    expect(await group.locator('title').first().textContent()).toBe(`${NAME} · Sent: 1`);

    // Conversion Funnel: six steps, the two made-up ones marked as estimates.
    const funnel = region('Conversion Funnel').getByRole('img');
    expect(await funnel.locator('[data-category]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-category')))).toEqual([
      'Leads', 'Analyzed', 'Sent', 'Opened', 'Clicked', 'Replied',
    ]);
    expect(await funnel.locator('.bar-chart-sub').allTextContents()).toEqual(['estimate', 'estimate']);
    expect(await funnel.locator('[data-category="Leads"] title').textContent()).toBe(`Leads · Count: ${stats.total_leads}`);
    expect(await funnel.locator('[data-category="Analyzed"] title').textContent()).toBe(`Analyzed · Count: ${Math.round(stats.total_leads * 0.8)} (estimate)`);
    expect(await funnel.locator('[data-category="Sent"] title').textContent()).toBe('Sent · Count: 1');

    // Response Sentiment: the fixed split, said to be illustrative.
    const sentiment = region('Response Sentiment');
    expect(await sentiment.locator('svg path').count()).toBe(3);
    expect(await sentiment.locator('.sentiment-value').allTextContents()).toEqual(['45%', '35%', '20%']);
    await sentiment.getByText('Illustrative split — replies are not sentiment-scored yet').waitFor();
    await screenshot(page, 'analytics-campaign');

    // On a phone the page does not scroll sideways (the chart and the table scroll inside their boxes).
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server.url}/analytics`);
    await phone.getByRole('region', { name: 'Campaign Comparison' }).locator('tbody tr').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'analytics-campaign-390');
    await phone.close();
  });
});
