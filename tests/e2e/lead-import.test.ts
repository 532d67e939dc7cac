// Your own lead lists on the Leads screen, in Chromium against `outreach serve`: choose a CSV,
// read the preview (rows to import, skipped rows with the reason per line, businesses already
// leads), import it as a started campaign whose leads then appear; and Add lead by URL.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/core/model/campaign.ts';
import type { LeadPage } from '../../src/core/model/lead.ts';
import { generateSites, isReachable } from '../../src/sandbox/index.ts';
import { hostnameOf, urlOf } from '../../src/sandbox/urls.ts';
import defaults from '../../config/default.json' with { type: 'json' };
import { freePort } from '../support/ports.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { fastCrawling } from './support/campaign.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-5' };
const dir = mkdtempSync(join(tmpdir(), 'outreach-e2e-lists-'));

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;
let url: (i: number) => string;
let host: (i: number) => string;

beforeAll(async () => {
  const ports = { httpPort: await freePort(), httpsPort: await freePort() };
  [server, browser] = await Promise.all([
    startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password, env: { OUTREACH_SANDBOX_PORT: String(ports.httpPort), OUTREACH_SANDBOX_HTTPS_PORT: String(ports.httpsPort) } }),
    launchBrowser(),
  ]);
  // The same sandbox businesses the server serves (same seed and size), by their addresses.
  const sites = generateSites({ seed: defaults.sandbox.seed, count: defaults.sandbox.sites }).filter(isReachable);
  url = (i) => urlOf(sites[i], ports);
  host = (i) => hostnameOf(sites[i]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  await fastCrawling(admin);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const leads = async (query = '') => admin.call<LeadPage>('GET', `/api/leads?limit=200${query}`);

async function finished(id: number): Promise<Campaign> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const now = await admin.call<Campaign>('GET', `/api/campaigns/${id}`);
    if (now.status !== 'RUNNING') return now;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`campaign ${id} did not finish`);
}

describe('Leads → Import list', () => {
  it('previews the file, says why each skipped row was skipped, then imports it as a started campaign', async () => {
    // One business is a lead already: the preview must say so, and the import must not add it twice.
    const known = await admin.call<{ campaign: Campaign }>('POST', '/api/leads', { url: url(0) });
    await finished(known.campaign.id);

    const file = join(dir, 'crm export.csv');
    writeFileSync(
      file,
      [
        'Company,Website,Email,City',
        `Already known,${url(0)},,`,
        `"<b>Acme</b> & Sons",${url(1)},maria@gmail.com,Austin`,
        'Typo,htp:/x,,',
        `=HYPERLINK("http://evil.example"),${url(2)},,`,
        'Router,http://192.168.0.1/,,',
        `Bolt,${url(3)},,`,
      ].join('\n'),
    );
    await page.goto(`${server.url}/leads`);
    await page.getByRole('button', { name: 'Import list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a lead list' });
    await dialog.getByLabel('List file').setInputFiles(file);
    const preview = dialog.getByRole('region', { name: 'List preview' });
    await preview.waitFor();
    expect(await preview.getByTestId('accepted').textContent()).toBe('3 to import');
    expect(await preview.getByTestId('known').textContent()).toBe('1 already a lead');
    expect(await preview.getByTestId('skipped').textContent()).toBe('2 skipped');
    const skipped = await preview.locator('details', { hasText: 'Skipped rows' }).locator('li').allTextContents();
    expect(skipped).toEqual(["line 4: 'htp:/x' is not a web address (not an http(s) URL (htp:))", "line 6: 'http://192.168.0.1/' is not a public web address (private address)"]);
    await expect.poll(() => preview.locator('details', { hasText: 'Already in your leads' }).getByRole('link', { name: host(0) }).count()).toBe(1);
    // The list's text is shown as text: no markup, no formula runs.
    expect(await preview.locator('b').count()).toBe(0);
    expect(await preview.getByRole('cell', { name: '<b>Acme</b> & Sons' }).count()).toBe(1);
    expect(await preview.getByRole('cell', { name: '=HYPERLINK("http://evil.example")' }).count()).toBe(1);
    expect(await dialog.getByLabel('Campaign name').inputValue()).toBe('List: crm export.csv');
    await screenshot(page, 'lead-import-preview');

    await dialog.getByRole('button', { name: 'Import 3 businesses' }).click();
    await page.locator('.toast-item').filter({ hasText: 'Imported 3 businesses: campaign "List: crm export.csv" started' }).waitFor();
    const campaigns = await admin.call<Campaign[]>('GET', '/api/campaigns');
    const imported = campaigns.find((c) => c.name === 'List: crm export.csv')!;
    expect(imported.lead_list_id).not.toBeNull();
    expect(await finished(imported.id)).toMatchObject({ status: 'COMPLETED', total_leads: 3, processed_leads: 3 });
    const items = (await leads(`&campaign_id=${imported.id}`)).items;
    expect(items.map((l) => l.hostname).sort()).toEqual([host(1), host(2), host(3)].sort());
    expect(items.find((l) => l.hostname === host(1))).toMatchObject({ contact_email_source: expect.stringMatching(/list|site/) });

    // The lead's page says where the contact came from.
    const fromList = items.find((l) => l.contact_email_source === 'list');
    if (fromList) {
      await page.goto(`${server.url}/leads/${fromList.id}`);
      await page.getByText('from your list').waitFor();
    }
  }, 120_000);

  it('shows why a file cannot be imported at all, naming the line', async () => {
    const file = join(dir, 'notes.txt');
    writeFileSync(file, `${url(5)}\n${url(6)}\n"oops\n`.replace(/^/, 'url\n'));
    await page.goto(`${server.url}/leads`);
    await page.getByRole('button', { name: 'Import list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a lead list' });
    await dialog.getByLabel('List file').setInputFiles(file);
    await dialog.getByRole('alert').filter({ hasText: 'line 4: a quote (") opened in this row is never closed' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('Leads → Add lead', () => {
  it('adds one business by its web address and analyses it like any other', async () => {
    await page.goto(`${server.url}/leads`);
    await page.getByRole('button', { name: 'Add lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a lead' });
    await dialog.getByLabel('Website').fill('htp:/x');
    await dialog.getByRole('button', { name: 'Add and analyse' }).click();
    await dialog.getByRole('alert').filter({ hasText: "'htp:/x' is not a web address" }).waitFor();
    await dialog.getByLabel('Website').fill(url(8));
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel('Business name').fill('Walk-in customer');
    await screenshot(page, 'lead-add');
    await dialog.getByRole('button', { name: 'Add and analyse' }).click();
    await page.locator('.toast-item').filter({ hasText: `Added ${host(8)}: analysing it now` }).waitFor();
    const campaign = (await admin.call<Campaign[]>('GET', '/api/campaigns')).find((c) => c.name === 'Lead: Walk-in customer')!;
    expect(await finished(campaign.id)).toMatchObject({ status: 'COMPLETED', total_leads: 1, processed_leads: 1 });
    await page.reload();
    await page.locator('.lead-card', { hasText: host(8) }).first().waitFor();
    await screenshot(page, 'leads-import-and-add');
  }, 90_000);
});
