// Subject A/B tests through the real server and Chromium: a test set up in the create-campaign
// modal, then the per-variant figures (sample, human opens, replies, machine opens apart) and the
// significance verdict on the Campaigns and Analytics screens, for emails seeded in the database.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import type { DraftList } from '../../src/core/model/draft.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-9' };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
let campaign: Campaign;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * `perArm` sent first emails per arm, straight into the server's database: arm A opened by
 * `opened[0]` people, B by `opened[1]`; two in every twenty (one per arm) also opened by a scanner only.
 */
async function seedSent(campaignId: number, perArm: number, opened: [number, number], replied: [number, number]) {
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  const t = Date.UTC(2026, 0, 5);
  await db.execute(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${2 * perArm - 1})
    INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at)
    SELECT 'https://ab-' || i || '.example/', 'ab-' || i || '.example', 'EMAIL_SENT', ${campaignId}, '[]', '[]', '[]', ${t}, ${t}, ${t} FROM n`);
  // Arm by parity, rank within the arm by i / 2: the first `opened` of each arm were opened.
  await db.execute(`INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, opened_at, replied_at, machine_open_count, ab_variant, open_count, click_count, created_at, updated_at)
    SELECT ${campaignId}, id, 1, 'Subject', 'Body', 'info@' || hostname, 'SENT', ${t},
      CASE WHEN (i % 2 = 0 AND i / 2 < ${opened[0]}) OR (i % 2 = 1 AND i / 2 < ${opened[1]}) THEN ${t + 60_000} END,
      CASE WHEN (i % 2 = 0 AND i / 2 < ${replied[0]}) OR (i % 2 = 1 AND i / 2 < ${replied[1]}) THEN ${t + 120_000} END,
      CASE WHEN i % 20 >= 18 THEN 1 ELSE 0 END,
      CASE WHEN i % 2 = 0 THEN 'A' ELSE 'B' END, 0, 0, ${t}, ${t}
    FROM (SELECT id, hostname, CAST(substr(hostname, 4, instr(hostname, '.') - 4) AS INTEGER) AS i FROM leads WHERE campaign_id = ${campaignId})`);
  db.close();
}

const abRow = (id: number) => page.locator(`tr[data-ab-campaign-id="${id}"]`);
const cells = async (scope: ReturnType<typeof abRow>, variant: string) =>
  scope.locator(`tr[data-variant="${variant}"] td`).allInnerTexts();

describe('subject A/B tests on the screens', () => {
  it('sets up a test in the create-campaign modal', async () => {
    await page.goto(`${server.url}/campaigns`);
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByLabel('Campaign Name').fill('Denver dentists A/B');
    await dialog.getByLabel('Search Query').fill('dentists');
    expect(await dialog.getByLabel('Variants').inputValue()).toBe('0');
    await dialog.getByLabel('Variants').selectOption('2');
    expect(await dialog.getByLabel('Variant A').inputValue()).toBe('finding');
    expect(await dialog.getByLabel('Variant B').inputValue()).toBe('question');
    await dialog.getByLabel('Variant B').selectOption('name');
    await dialog.getByText("opens with the business's name").waitFor();
    await screenshot(page, 'ab-tests-create');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.waitFor({ state: 'detached' });

    campaign = (await admin.call<Campaign[]>('GET', '/api/campaigns')).find((c) => c.name === 'Denver dentists A/B')!;
    expect(campaign.subject_variants).toEqual(['finding', 'name']);
    // Nothing sent yet: both arms listed, and no verdict.
    await abRow(campaign.id).getByText('not enough data yet (0 of 100 sent per variant)').first().waitFor();
  });

  it('shows each variant with its sample and says "not enough data yet" below the minimum', async () => {
    await seedSent(campaign.id, 40, [12, 6], [2, 1]);
    await page.reload();
    const row = abRow(campaign.id);
    await row.locator('tr[data-variant="A"]').waitFor();
    expect(await cells(row, 'A')).toEqual(['A Finding-led', '40', '12 (30.0%)', '2 (5.0%)', '4']);
    expect(await cells(row, 'B')).toEqual(['B Name-led', '40', '6 (15.0%)', '1 (2.5%)', '4']);
    expect(await row.locator('[data-measure="opens"]').innerText()).toBe('Opens: not enough data yet (40 of 100 sent per variant)');
  });

  it('says which subject won once both arms have 100 sent, on Campaigns and on Analytics', async () => {
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    await db.execute({ sql: 'DELETE FROM emails WHERE campaign_id = ?', args: [campaign.id] });
    await db.execute({ sql: 'DELETE FROM leads WHERE campaign_id = ?', args: [campaign.id] });
    db.close();
    // A: 120 sent, 30 opened (25%); B: 120 sent, 60 opened (50%): z = 4.08.
    await seedSent(campaign.id, 120, [30, 60], [6, 8]);
    const api = await admin.call<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(api.ab_test?.opens.label).toBe('B wins: B 50.0% vs A 25.0%, significant (p < 0.001)');

    await page.reload();
    const row = abRow(campaign.id);
    await row.locator('tr[data-variant="A"]').waitFor();
    expect(await cells(row, 'A')).toEqual(['A Finding-led', '120', '30 (25.0%)', '6 (5.0%)', '12']);
    expect(await cells(row, 'B')).toEqual(['B Name-led', '120', '60 (50.0%)', '8 (6.7%)', '12']);
    expect(await row.locator('[data-measure="opens"]').innerText()).toBe('Opens: B wins: B 50.0% vs A 25.0%, significant (p < 0.001)');
    expect(await row.locator('[data-measure="replies"]').innerText()).toBe(`Replies: ${api.ab_test!.replies.label}`);
    expect(api.ab_test!.replies.label).toMatch(/^no significant difference yet: B 6\.7% vs A 5\.0%/);
    expect(await row.locator('tr.is-winner').getAttribute('data-variant')).toBe('B');
    await screenshot(page, 'ab-tests-campaigns');

    await page.goto(`${server.url}/analytics`);
    const panel = page.getByRole('region', { name: 'Subject A/B tests' });
    await panel.getByText('Denver dentists A/B').waitFor();
    expect(await panel.locator('tr[data-variant="B"] td').allInnerTexts()).toEqual(['B Name-led', '120', '60 (50.0%)', '8 (6.7%)', '12']);
    await panel.getByText('Opens: B wins: B 50.0% vs A 25.0%, significant (p < 0.001)').waitFor();
    await screenshot(page, 'ab-tests-analytics');
  });

  it('drafts a sandbox campaign with both variants: each draft shows its variant and what the other would have said', async () => {
    await admin.call('POST', '/api/settings/system-config', { scraping_delay: 0.5, enable_rate_limiting: false });
    const run = await admin.call<Campaign>('POST', '/api/campaigns', { name: 'Austin plumbers A/B', search_query: 'plumbers in Austin', max_results: 4, subject_variants: ['finding', 'question'] });
    await admin.call('POST', `/api/campaigns/${run.id}/start`);
    for (const deadline = Date.now() + 90_000; (await admin.call<Campaign>('GET', `/api/campaigns/${run.id}`)).status === 'RUNNING'; ) {
      if (Date.now() > deadline) throw new Error('the campaign did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }
    const drafts = (await admin.call<DraftList>('GET', `/api/drafts?campaign_id=${run.id}`)).drafts;
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    const arms = drafts.map((d) => d.ab_variant);
    expect(Math.abs(arms.filter((v) => v === 'A').length - arms.filter((v) => v === 'B').length)).toBeLessThanOrEqual(1);

    await page.goto(`${server.url}/drafts`);
    const b = drafts.find((d) => d.ab_variant === 'B')!;
    await page.locator(`section.draft-group[data-hostname="${b.lead_hostname}"] .draft-group-toggle-btn`).click();
    const row = page.locator(`[data-draft-id="${b.id}"]`);
    await row.getByText('Variant B · Question').waitFor();
    await row.getByText('Other variants for this lead').click();
    const a = b.ab_subjects!.find((s) => s.variant === 'A')!;
    await row.getByText(`(Finding-led): ${a.subject}`).waitFor();
    expect(await row.locator('.draft-subject').innerText()).toBe(b.ab_subjects!.find((s) => s.variant === 'B')!.subject);
    await screenshot(page, 'ab-tests-drafts');
  }, 120_000);
});
