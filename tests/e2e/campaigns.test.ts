// The Campaigns screen through the real server, its sandbox and Chromium: create with
// validation, start and follow a campaign to COMPLETED through the 3 s refresh, restart with
// the modal's bounds, requeue, export, pause/resume and delete.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCsvHeader } from '../../src/core/leads/csv.ts';
import type { Campaign } from '../../src/core/model/campaign.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };
const PHASE = /^(analysing website \d+|generating email drafts|discovering leads)$/;
const RUN_TIMEOUT_MS = 90_000;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
let firstId: number;

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const row = (id: number) => page.locator(`tr[data-campaign-id="${id}"]`);
const rowByName = (name: string) => page.locator('tr[data-campaign-id]', { has: page.getByText(name, { exact: true }) });
const statusOf = (r: Locator) => r.locator('.campaign-status');
/** The row's life-cycle buttons (the campaign cell also holds its Sequence button). */
const actionsOf = (r: Locator) => r.locator('td[data-label="Actions"]');
const toast = (text: string | RegExp) => page.locator('.toast-item', { hasText: text });

async function waitForStatus(r: Locator, status: string, timeout = RUN_TIMEOUT_MS) {
  await r.and(page.locator(`[data-status="${status}"]`)).waitFor({ timeout });
}

/** Waits until the server has finished the campaign's work, then for the row to show it. */
async function settle(id: number) {
  for (const deadline = Date.now() + RUN_TIMEOUT_MS; ; ) {
    const { json } = await api<Campaign>('GET', `/api/campaigns/${id}`);
    if (json.status !== 'RUNNING') break;
    if (Date.now() > deadline) throw new Error(`campaign ${id} is still running`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await waitForStatus(row(id), 'COMPLETED');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  // The default politeness (30 requests a minute across all sites) would make a run outlast the test.
  await fastCrawling(admin);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Campaigns screen', () => {
  it('shows the empty state and the create modal validation', async () => {
    await page.goto(`${server.url}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
    await page.getByText('No campaigns yet').waitFor();
    await screenshot(page, 'campaigns-empty');

    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    expect(await dialog.getByLabel('Test mode').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Max Results').inputValue()).toBe('50');
    expect(await dialog.getByLabel('Max Results').locator('option').allTextContents()).toEqual([
      'Unlimited',
      '10',
      '25',
      '50 (recommended)',
      '100',
      '250',
      '500',
    ]);
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await dialog.getByText('Campaign name is required').waitFor();
    await dialog.getByText('Search query is required').waitFor();
    await screenshot(page, 'campaigns-create-validation');
  });

  it('creates a campaign in the modal: a DRAFT row with its search', async () => {
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByLabel('Campaign Name').fill('Austin plumbers');
    await dialog.getByLabel('Search Query').fill('plumbers');
    await dialog.getByLabel('Location').fill('Austin');
    await dialog.getByLabel('Max Results').selectOption('10');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await toast('Campaign created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const r = rowByName('Austin plumbers');
    await waitForStatus(r, 'DRAFT');
    expect(await page.locator('.campaigns-table thead th').allTextContents()).toEqual(['Campaign', 'Status', 'Leads', 'Performance', 'Created', 'Actions']);
    firstId = Number(await r.getAttribute('data-campaign-id'));
    expect(await statusOf(r).innerText()).toBe('DRAFT');
    await r.getByText('plumbers · Austin').waitFor();
    expect(await r.locator('td').nth(4).innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)\s+.*ago/);
    // Only Start, Export and Delete apply to a draft.
    expect(await actionsOf(r).getByRole('button').allTextContents()).toEqual(['Start', 'Export CSV', 'Delete']);

    // Unlimited omitted, industry and max emails left empty are omitted too.
    const { json } = await api<Campaign>('GET', `/api/campaigns/${firstId}`);
    expect(json).toMatchObject({ name: 'Austin plumbers', search_query: 'plumbers', location: 'Austin', industry: null, mode: 'test', max_results: 10, max_emails: null, sequence: { steps: 1, follow_up_days: [], stop_on_click: false } });
    await r.getByRole('button', { name: 'No follow-ups' }).waitFor();
  });

  it('starts it and follows it live to COMPLETED without a reload', async () => {
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const r = row(firstId);
    await r.getByRole('button', { name: 'Start' }).click();
    await toast('Campaign started').waitFor();
    await waitForStatus(r, 'RUNNING');
    expect(await statusOf(r).innerText()).toBe('RUNNING');
    // The bar is the sites read (analysed or failed) over the leads found, never ahead of the reading.
    const bar = r.locator('progress');
    await bar.waitFor();
    const [value, max] = [Number(await bar.getAttribute('value')), Number(await bar.getAttribute('max'))];
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(10);
    expect(value).toBeLessThanOrEqual(max);
    expect(await r.locator('.campaign-read').innerText()).toMatch(new RegExp(`^\\d+ / ${max} sites read`));
    expect((await r.locator('.campaign-phase').innerText()).trim()).toMatch(PHASE);
    expect(await actionsOf(r).getByRole('button').allTextContents()).toEqual(['Pause', 'Export CSV', 'Delete']);
    await screenshot(page, 'campaigns-running');

    await waitForStatus(r, 'COMPLETED');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await r.locator('progress').count()).toBe(0);
    const { json } = await api<Campaign>('GET', `/api/campaigns/${firstId}`);
    expect(await r.locator('.campaign-leads').innerText()).toBe(`${json.total_leads} found`);
    expect(json.total_leads).toBeGreaterThan(0);
    // Found / analysed / failed: a site that could not be read is never counted as analysed.
    expect(json.leads_analysed + json.leads_failed).toBe(json.total_leads);
    expect(await r.locator('.campaign-analysed').innerText()).toBe(`${json.leads_analysed} analysed`);
    if (json.leads_failed) {
      expect(await r.locator('.campaign-failed').innerText()).toBe(`${json.leads_failed} failed`);
      expect(await r.locator('.campaign-outcome').innerText()).toBe(`Completed — ${json.leads_failed} of ${json.total_leads} sites could not be read`);
    } else expect(await r.locator('.campaign-failed').count()).toBe(0);
    expect(await r.locator('.success-rate').innerText()).toBe(`${Math.round(json.email_success_rate)}%`);
    expect(await actionsOf(r).getByRole('button').allTextContents()).toEqual(['Restart', 'Requeue leads', 'Export CSV', 'Delete']);
    await screenshot(page, 'campaigns-completed');
  });

  it('restarts it through the modal, which keeps to its bounds', async () => {
    const r = row(firstId);
    await r.getByRole('button', { name: 'Restart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart Campaign' });
    expect(await dialog.getByLabel('Max emails to target').inputValue()).toBe('50');
    expect(await dialog.getByLabel('Max websites to analyse').inputValue()).toBe('100');
    await dialog.getByLabel('Max emails to target').fill('0');
    await dialog.getByLabel('Max websites to analyse').fill('501');
    await dialog.getByRole('button', { name: 'Restart' }).click();
    await dialog.getByText('Max emails must be a whole number between 1 and 1000').waitFor();
    await dialog.getByText('Max websites must be a whole number between 1 and 500').waitFor();
    await screenshot(page, 'campaigns-restart-modal');

    await dialog.getByLabel('Max emails to target').fill('1000');
    await dialog.getByLabel('Max websites to analyse').fill('12');
    await dialog.getByRole('button', { name: 'Restart' }).click();
    await toast('Campaign restarted with cached results (no search-service usage)').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const { json } = await api<Campaign>('GET', `/api/campaigns/${firstId}`);
    expect(json).toMatchObject({ max_emails: 1000, max_results: 12 });
    await settle(firstId);
  });

  it('requeues its leads', async () => {
    const r = row(firstId);
    await r.getByRole('button', { name: 'Requeue leads' }).click();
    await toast(/^Requeued \d+ leads? for re-analysis: the campaign says how many fail again when it completes$/).waitFor();
    await settle(firstId);
  });

  it('shows the sites it could not read as failed, apart from the analysed ones', async () => {
    // A list of addresses that do not exist (.example never resolves): every site fails.
    const res = await fetch(`${server.url}/api/leads/import?name=Unreachable%20list&start=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/plain' },
      body: 'nowhere-one.example\nnowhere-two.example\nnowhere-three.example:4200\n',
    });
    expect(res.status).toBe(201);
    const { campaign } = (await res.json()) as { campaign: Campaign };
    await page.reload();
    await settle(campaign.id);
    const r = row(campaign.id);
    const { json } = await api<Campaign>('GET', `/api/campaigns/${campaign.id}`);
    expect(json).toMatchObject({ total_leads: 3, leads_analysed: 0, leads_failed: 3 });
    expect(await r.locator('.campaign-leads').innerText()).toBe('3 found');
    expect(await r.locator('.campaign-analysed').innerText()).toBe('0 analysed');
    expect(await r.locator('.campaign-failed').innerText()).toBe('3 failed');
    expect(await r.locator('.campaign-outcome').innerText()).toBe('Completed — 3 of 3 sites could not be read');
    await screenshot(page, 'campaigns-failed-sites');
    const { json: failures } = await api<{ reasons: { reason: string; leads: number }[] }>('GET', `/api/campaigns/${campaign.id}/failures`);
    for (const f of failures.reasons) expect(f.reason).toMatch(/^the address (does not exist|could not be looked up)/);
    expect(failures.reasons.reduce((n, f) => n + f.leads, 0)).toBe(3);
  });

  it('exports its leads as campaign-{id}-leads.csv', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), row(firstId).getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`campaign-${firstId}-leads.csv`);
    const rows = parse(readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
    expect(rows[0].join(',')).toBe(leadCsvHeader().trim());
    const { json } = await api<Campaign>('GET', `/api/campaigns/${firstId}`);
    expect(rows.length - 1).toBe(json.total_leads);
    await toast('Campaign data exported successfully!').waitFor();
  });

  it('pauses and resumes a running campaign', async () => {
    const created = await api<Campaign>('POST', '/api/campaigns', { name: 'Denver dentists', search_query: 'dentists', location: 'Denver', max_results: 25 });
    const id = created.json.id;
    await page.getByRole('button', { name: 'New Campaign' }).waitFor();
    await page.reload(); // the new campaign was made outside the screen
    const r = row(id);
    await r.getByRole('button', { name: 'Start' }).click();
    await toast('Campaign started').waitFor();
    const pause = r.getByRole('button', { name: 'Pause' });
    const finished = r.and(page.locator('[data-status="COMPLETED"]'));
    await pause.or(finished).waitFor();
    if (await pause.isVisible()) {
      await pause.click();
      const paused = toast('Campaign paused');
      const failed = toast(/Cannot pause/);
      await paused.or(failed).waitFor();
      if (await paused.isVisible()) {
        await waitForStatus(r, 'PAUSED');
        await screenshot(page, 'campaigns-paused');
        expect(await actionsOf(r).getByRole('button').allTextContents()).toEqual(['Resume', 'Export CSV', 'Delete']);
        expect((await api<Campaign>('GET', `/api/campaigns/${id}`)).json.status).toBe('PAUSED');
        await r.getByRole('button', { name: 'Resume' }).click();
        await toast('Campaign resumed').waitFor();
        await settle(id);
        return;
      }
    }
    // It finished before it could be paused: the server refuses to pause it, with a reason.
    await waitForStatus(r, 'COMPLETED');
    const refused = await api<{ detail: string }>('POST', `/api/campaigns/${id}/pause`);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toMatch(/Cannot pause a campaign that is COMPLETED/);
  });

  it('lays the list out for a 390 px phone', async () => {
    // A fresh page at phone size (resizing would catch the sidebar mid-transition).
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
    try {
      const small = await phone.newPage();
      await small.goto(`${server.url}/campaigns`);
      await small.locator(`tr[data-campaign-id="${firstId}"]`).waitFor();
      await screenshot(small, 'campaigns-mobile');
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  it('deletes a campaign only after the confirmation', async () => {
    const r = row(firstId);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete this campaign?');
      void dialog.dismiss();
    });
    await r.getByRole('button', { name: 'Delete' }).click();
    expect(await r.count()).toBe(1);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete this campaign?');
      void dialog.accept();
    });
    await r.getByRole('button', { name: 'Delete' }).click();
    await toast('Campaign deleted').waitFor();
    await r.waitFor({ state: 'detached' });
    expect((await api<unknown>('GET', `/api/campaigns/${firstId}`)).status).toBe(404);
  });
});
