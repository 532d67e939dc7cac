// Sequences on screen, through the real server and Chromium: the Sequence section of the
// create-campaign modal (steps, delays, stop on click, with its validation), a campaign's
// sequence modal, and a follow-up that falls due in test mode — in Drafts as "Follow-up 2 of 3"
// with the thread above it, on Outreach with its step, and on Lead detail as the sequence line.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import type { EmailPage } from '../../src/core/model/email.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { launchBrowser, screenshot, SHOTS_DIR } from './support/browser.ts';
import { fastCrawling, runCampaign } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(admin);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string | RegExp) => page.locator('.toast-item', { hasText: text });

describe('the sequence editor', () => {
  it('creates a campaign with two follow-ups, checking the delays', async () => {
    await page.goto(`${server.url}/campaigns`);
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByLabel('Campaign Name').fill('Denver dentists');
    await dialog.getByLabel('Search Query').fill('dentists in Denver');
    const section = dialog.locator('fieldset.sequence-editor');
    await expect(section.getByText('Add follow-ups to write again to leads who have not answered.').isVisible()).resolves.toBe(true);

    await section.getByLabel('Emails per lead').selectOption({ label: 'First email + 2 follow-ups' });
    const first = section.getByLabel('Business days before follow-up 1');
    const second = section.getByLabel('Business days before follow-up 2');
    expect(await first.inputValue()).toBe('3');
    expect(await second.inputValue()).toBe('7');
    await section.getByText(/They stop when the lead replies/).waitFor();
    await second.fill('0');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await section.getByText('Follow-up 2 must wait a whole number of business days from 1 to 30').waitFor();
    await second.fill('5');
    await section.getByLabel(/Also stop when the lead clicks a link/).check();
    await screenshot(page, 'sequence-create-modal');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await toast('Campaign created successfully').waitFor();

    const [created] = await admin.call<Campaign[]>('GET', '/api/campaigns');
    expect(created.sequence).toEqual({ steps: 3, follow_up_days: [3, 5], stop_on_click: true, stop_on_report_view: false });
    const row = page.locator(`tr[data-campaign-id="${created.id}"]`);
    await row.getByRole('button', { name: '3-step sequence (+3, +5 days)' }).waitFor();
  });

  it("shows a campaign's sequence by step and saves changes to it", async () => {
    const [campaign] = await admin.call<Campaign[]>('GET', '/api/campaigns');
    await page.locator(`tr[data-campaign-id="${campaign.id}"]`).getByRole('button', { name: /3-step sequence/ }).click();
    const dialog = page.getByRole('dialog', { name: /Sequence — Denver dentists/ });
    await dialog.locator('.sequence-state tr[data-step="3"]').waitFor();
    expect(await dialog.locator('.sequence-state tbody tr').allInnerTexts()).toEqual(['First email\t0\t0\t0\t0\t0', 'Follow-up 1\t0\t0\t0\t0\t0', 'Follow-up 2\t0\t0\t0\t0\t0']);
    await screenshot(page, 'sequence-campaign-modal');
    await dialog.getByLabel('Emails per lead').selectOption({ label: 'First email + 1 follow-up' });
    await dialog.getByLabel(/Also stop when the lead clicks a link/).uncheck();
    await dialog.getByRole('button', { name: 'Save Sequence' }).click();
    await toast('Sequence saved').waitFor();
    expect((await admin.call<Campaign>('GET', `/api/campaigns/${campaign.id}`)).sequence).toEqual({ steps: 2, follow_up_days: [3], stop_on_click: false, stop_on_report_view: false });
    await page.locator(`tr[data-campaign-id="${campaign.id}"]`).getByRole('button', { name: '2-step sequence (+3 days)' }).waitFor();
  });
});

describe('a follow-up that falls due in test mode', () => {
  it('waits in Drafts as "Follow-up 2 of 3" under its thread, and shows on Outreach and Lead detail', async () => {
    const campaign = await runCampaign(admin, { name: 'Austin plumbers', search_query: 'plumbers in Austin', max_results: 4, sequence: { steps: 3 } });
    const drafts = await admin.call<EmailPage>('GET', `/api/emails?campaign_id=${campaign.id}&status=DRAFT`);
    const first = drafts.items[0];
    expect(first.step).toBe(1);
    await admin.call('POST', `/api/emails/${first.id}/send-now`);
    // Three business days pass: the step's due time is moved to a moment ago (the server's
    // send loop writes the follow-up on its next turn).
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    await db.execute({ sql: 'UPDATE emails SET next_step_due_at = ? WHERE id = ? AND next_step_due_at IS NOT NULL', args: [Date.now() - 1000, first.id] });
    db.close();
    let followUp: EmailPage['items'][number] | undefined;
    for (const deadline = Date.now() + 40_000; !followUp && Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      followUp = (await admin.call<EmailPage>('GET', `/api/emails?campaign_id=${campaign.id}&status=DRAFT`)).items.find((e) => e.step === 2);
    }
    expect(followUp, server.output()).toBeDefined();
    expect(followUp!.subject).toBe(`Re: ${first.subject}`);

    await page.goto(`${server.url}/drafts`);
    await page.getByRole('heading', { name: 'Drafts' }).waitFor();
    const group = page.locator('.draft-group', { has: page.locator(`[data-draft-id="${followUp!.id}"]`) }).or(page.locator(`.draft-group[data-hostname="${followUp!.lead.hostname}"]`)).first();
    const toggle = group.locator('.draft-group-toggle-btn');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const row = page.locator(`[data-draft-id="${followUp!.id}"]`);
    await row.getByText('Follow-up 2 of 3').waitFor();
    const thread = row.locator('.email-thread');
    await thread.getByText('In reply to:').waitFor();
    await thread.locator('summary', { hasText: first.subject }).click();
    await thread.locator('.email-thread-body').getByText(first.body.split('\n')[0]).waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'sequence-drafts-follow-up');

    await page.goto(`${server.url}/outreach`);
    const item = page.locator(`[data-email-id="${followUp!.id}"]`).first();
    await item.click();
    const detail = page.locator('.email-detail-box');
    await detail.getByText('Follow-up 2 of 3').waitFor();
    await detail.locator('.email-thread summary', { hasText: 'Step 1' }).waitFor();
    await screenshot(page, 'sequence-outreach-thread');

    await page.goto(`${server.url}/leads/${followUp!.lead_id}`);
    const panel = page.getByRole('region', { name: 'Sequence' });
    await panel.getByText(/^Step 1 sent .* · step 2 waiting for approval in Drafts · stops on reply$/).waitFor();
    await screenshot(page, 'sequence-lead-detail');
    await panel.screenshot({ path: join(SHOTS_DIR, 'sequence-lead-detail-panel.png') });
  }, 150_000);
});
