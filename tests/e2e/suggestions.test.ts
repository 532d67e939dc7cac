// The AI Campaign Suggestions screen through the real server and Chromium: generate on
// demand, save/reload/remove a suggestion, copy a query, and start a campaign from one.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import type { Campaign } from '../../src/core/model/campaign.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;

const toast = (text: string) => page.locator('.toast-item', { hasText: text });
const cards = () => page.locator('article.suggestion-card');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('AI Campaign Suggestions screen', () => {
  it('shows the budget and generates only on demand', async () => {
    await page.goto(`${server.url}/suggestions`);
    await page.getByRole('heading', { name: 'AI Campaign Suggestions' }).waitFor();
    await page.getByText('Fresh Start').waitFor();
    expect(await page.getByTestId('budget-monthly-quota').textContent()).toBe('100');
    expect(await page.getByLabel('Number of suggestions').inputValue()).toBe('5');
    expect(await page.getByTestId('total-searches').textContent()).toBe('0');
    expect(await cards().count()).toBe(0);
    await screenshot(page, 'suggestions-initial');

    await page.getByLabel('Number of suggestions').selectOption('3');
    await page.getByRole('button', { name: 'Generate Suggestions' }).click();
    await cards().first().waitFor();
    expect(await cards().count()).toBe(3);
    await cards().first().getByText('Source: sandbox catalogue').waitFor();
    await screenshot(page, 'suggestions-generated');
  });

  it('saves a suggestion, keeps it across a reload, copies and removes it', async () => {
    const first = cards().first();
    const name = (await first.locator('.card-header-title > span').first().textContent())!;
    await first.getByRole('button', { name: 'Save for later' }).click();
    await toast('Saved for later!').waitFor();
    expect(await first.getByRole('button', { name: 'Saved' }).isDisabled()).toBe(true);

    await page.reload();
    const saved = page.getByTestId('saved-suggestion');
    await saved.first().waitFor();
    expect(await saved.count()).toBe(1);
    expect(await saved.first().textContent()).toContain(name);

    await saved.first().getByRole('button', { name: 'Copy' }).click();
    await toast('Search query copied to clipboard!').waitFor();
    await saved.first().getByRole('button', { name: 'Copied!' }).waitFor();
    const [industry, city] = name.split(' in ');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${industry.toLowerCase()} in ${city}`);
    await saved.first().getByRole('button', { name: 'Copy', exact: true }).waitFor(); // feedback clears after 2 s
    await screenshot(page, 'suggestions-saved');

    await saved.first().getByRole('button', { name: 'Remove' }).click();
    await toast('Removed from saved suggestions').waitFor();
    expect(await saved.count()).toBe(0);
  });

  it('creates a campaign through the mode modal and lands on /campaigns', async () => {
    await page.getByRole('button', { name: 'Generate Suggestions' }).click();
    await cards().first().waitFor();
    const name = (await cards().first().locator('.card-header-title > span').first().textContent())!;
    await cards().first().getByRole('button', { name: 'Create Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Campaign Mode' });
    expect(await dialog.getByLabel('Test mode').isChecked()).toBe(true);
    await dialog.getByLabel('Live mode').check();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Opening again resets the mode to test.
    await cards().first().getByRole('button', { name: 'Create Campaign' }).click();
    expect(await dialog.getByLabel('Test mode').isChecked()).toBe(true);
    await dialog.getByLabel('Max emails').fill(''); // not a number → 50
    await dialog.getByLabel('Max websites').fill('5'); // below 10 → 10
    await screenshot(page, 'suggestions-mode-modal');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();

    await toast('Campaign created in test mode!').waitFor();
    await page.waitForURL(`${server.url}/campaigns`);
    await page.locator('tr[data-campaign-id]', { has: page.getByText(name, { exact: true }) }).waitFor();
    const list = await admin.call<Campaign[]>('GET', '/api/campaigns');
    expect(list.find((c) => c.name === name)).toMatchObject({ mode: 'test', max_emails: 50, max_results: 10 });
    await screenshot(page, 'suggestions-created-campaigns');
  });
});
