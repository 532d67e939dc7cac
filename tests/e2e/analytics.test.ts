// The Analytics screen through the real server and Chromium: the empty state on a fresh
// database, then a sandbox campaign with one approved draft sent through the outbox — the
// summary cards counted over the period, the uPlot charts (campaign bars, per-day series)
// and their range selector, the counted funnel, the sentiment panel empty and then filled
// from classified replies, and the comparison row. No console error, no CSP violation.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '../../src/core/model/analytics.ts';
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

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
const consoleErrors: string[] = [];
let sentEmailId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const region = (name: string) => page.getByRole('region', { name, exact: true });
const cardValue = (title: string) => page.locator(`.stat-card[data-stat="${title}"] .stat-card-value`).innerText();
const percent = (value: number | null) => (value === null ? '–' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`);

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
    if (sent.some((email) => email.id === draft.id)) {
      sentEmailId = draft.id;
      return admin.call<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    }
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

  it('shows counted cards, uPlot charts, the funnel, an empty sentiment state and the comparison row', async () => {
    const campaign = await campaignWithOneSentEmail();
    const a = await admin.call<Analytics>('GET', '/api/analytics?days=30');
    expect(a.summary.sent).toBe(1);

    await page.reload();
    await region('Campaign Comparison').locator('tbody tr').first().waitFor();

    expect(await cardValue('Emails Sent')).toBe('1');
    expect(await cardValue('Open Rate')).toBe(percent(a.summary.open_rate));
    expect(await cardValue('Click Rate')).toBe(percent(a.summary.click_rate));
    expect(await cardValue('Reply Rate')).toBe(percent(a.summary.reply_rate));
    expect(await page.locator('.stat-card[data-stat="Click Rate"] .stat-card-note').innerText()).toBe(`${a.summary.clicked} clicked · ${a.summary.report_views} report page views · ${a.summary.machine_clicks} machine clicks apart`);
    expect(await page.getByText('Estimate', { exact: false }).count()).toBe(0);

    const row = region('Campaign Comparison').locator(`tr[data-campaign-id="${campaign.id}"]`);
    expect(await row.locator('.comparison-name').innerText()).toBe(NAME);
    expect(await row.locator('.comparison-query').innerText()).toBe(QUERY);
    expect(await row.locator('[data-col="leads"]').innerText()).toBe(String(campaign.total_leads));
    expect(await row.locator('[data-col="sent"]').innerText()).toBe('1');

    // Campaign Performance: a uPlot canvas 300 high, with the counts in a table for screen readers.
    const performance = region('Campaign Performance');
    const chart = performance.getByRole('img', { name: 'Emails sent, opened and replied and deals won per campaign' });
    await chart.locator('canvas').waitFor();
    expect(await chart.locator('.u-wrap').evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(300);
    const perfRow = performance.locator(`table[data-table="campaign-performance"] tr[data-campaign-id="${campaign.id}"]`);
    expect(await perfRow.locator('th').textContent()).toBe(NAME);
    expect(await perfRow.locator('td').allTextContents()).toEqual(['1', String(a.campaigns[0].opened), String(a.campaigns[0].replied), '0']);

    // The per-day series: a uPlot canvas over 30 days; one email sent today.
    const daily = region('Per Day');
    await daily.locator('canvas').waitFor();
    expect(await daily.locator('[data-points]').getAttribute('data-points')).toBe('30');
    await daily.getByText('Last 30 days (UTC): 1 sent ·', { exact: false }).waitFor();

    // Conversion Funnel: nine counted stages, the first the leads discovered in the period.
    const funnel = region('Conversion Funnel').getByRole('img');
    expect(await funnel.locator('[data-category]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-category')))).toEqual([
      'Discovered', 'Analysed', 'With email', 'Sent', 'Opened', 'Clicked', 'Replied', 'Interested', 'Won',
    ]);
    expect(await funnel.locator('[data-category="Discovered"] title').textContent()).toBe(`Discovered · Leads: ${a.funnel[0].count}`);
    expect(await funnel.locator('[data-category="Sent"] title').textContent()).toBe('Sent · Leads: 1');
    expect(a.funnel[0].count).toBe(campaign.total_leads);

    // Response Sentiment: no reply yet, and it says so instead of showing a split.
    const sentiment = region('Response Sentiment');
    await sentiment.getByText('No replies classified yet').waitFor();
    expect(await sentiment.locator('svg path').count()).toBe(0);
    await screenshot(page, 'analytics-campaign');

    // On a phone the page does not scroll sideways (charts and the table stay inside their boxes).
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server.url}/analytics`);
    await phone.getByRole('region', { name: 'Campaign Comparison' }).locator('tbody tr').first().waitFor();
    await phone.getByRole('region', { name: 'Per Day' }).locator('canvas').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'analytics-campaign-390');
    await phone.close();
  });

  it('changes the period with the range selector', async () => {
    const period = page.getByRole('group', { name: 'Period' });
    expect(await period.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/analytics?days=7') && r.ok());
    await period.getByRole('button', { name: '7 days' }).click();
    const week = (await (await answered).json()) as Analytics;
    expect(week.series.days.length).toBe(7);
    await page.locator('[data-days="7"]').waitFor();
    await region('Per Day').getByText('Last 7 days (UTC): 1 sent ·', { exact: false }).waitFor();
    expect(await period.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(await region('Per Day').locator('canvas').count()).toBe(1);
    expect(await region('Per Day').locator('[data-points]').getAttribute('data-points')).toBe('7');
    expect(new URL(page.url()).search).toBe('?days=7');
    await period.getByRole('button', { name: '90 days' }).click();
    await region('Per Day').getByText('Last 90 days (UTC):', { exact: false }).waitFor();
    expect(await region('Per Day').locator('[data-points]').getAttribute('data-points')).toBe('90');
    await screenshot(page, 'analytics-90-days');
  });

  it('draws the sentiment of classified replies', async () => {
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    const email = (await db.execute({ sql: 'SELECT lead_id, campaign_id, recipient_email FROM emails WHERE id = ?', args: [sentEmailId] })).rows[0];
    const now = Date.now();
    for (const [i, sentiment] of ['positive', 'positive', 'neutral', 'negative', null].entries()) {
      await db.execute({
        sql: `INSERT INTO replies (email_id, lead_id, campaign_id, message_key, from_address, text, received_at, class, sentiment, class_source, classified_at, created_at)
          VALUES (?, ?, ?, ?, ?, 'Thanks', ?, ?, ?, 'ai', ?, ?)`,
        args: [sentEmailId, email.lead_id, email.campaign_id, `e2e-${i}`, email.recipient_email, now, sentiment ? 'question' : null, sentiment, now, now],
      });
    }
    db.close();
    // A reload keeps the period (90 days, from the address).
    await page.reload();
    const sentiment = region('Response Sentiment');
    await sentiment.locator('svg path').first().waitFor();
    expect(await sentiment.locator('svg path').count()).toBe(3);
    expect(await sentiment.locator('.sentiment-value').allTextContents()).toEqual(['2', '1', '1']);
    expect(await sentiment.locator('.sentiment-share').allTextContents()).toEqual(['50%', '25%', '25%']);
    await sentiment.getByText('4 classified of 5 replies received in the last 90 days.').waitFor();
    await screenshot(page, 'analytics-sentiment');
    expect(consoleErrors).toEqual([]);
  });
});
