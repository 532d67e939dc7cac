// Preview pitch on the Leads screen in Chromium against the real server: from a sales card and
// from the lead-details modal, the modal shows the email the pipeline would write to the lead
// now (subject, body, each cited finding with its sentence and evidence, the quality), stores
// nothing, shows crawled text as text (markup in it is not rendered), and for an agency says
// why it would not be written.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-22' };
const MEASURED_AT = '2026-11-20T10:30:00.000Z';
// Crawled text is untrusted: the evidence carries markup that must show as text.
const MARKUP_EVIDENCE = 'the home page answered over plain http <b id="injected">(no redirect to https)</b>';

let server: TestServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const ids: Record<string, number> = {};

function slowAudit(url: string): MeasuredAudit {
  return {
    measured: true, source: 'lighthouse', url, final_url: url, performance: 34, accessibility: 90, best_practices: 78, seo: 85,
    lcp_ms: 6240, fcp_ms: 2900, cls: 0.03, tbt_ms: 420, speed_index_ms: null, total_bytes: 2_100_000, image_savings_bytes: null,
    render_blocking: null, is_https: true, mixed_content: [], title: 'pass', meta_description: 'pass', tap_targets: null, font_size: 'pass',
    screenshots: {}, lighthouse_version: '12.2.3', device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run', runs: 1,
    measured_at: MEASURED_AT, duration_ms: 14_000, warnings: [],
  };
}

/** Two analysed leads as the pipeline leaves them: a plumber with a slow phone page, and a web design agency. */
async function seed() {
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  try {
    const { rows } = await db.execute("INSERT INTO campaigns (name, search_query, industry, created_at, updated_at) VALUES ('Dayton plumbers', 'plumbers in Dayton', 'Plumbing', 1, 1) RETURNING id");
    const leads: [string, string, string, string][] = [
      ['Kowalski Plumbing', 'kowalski-plumbing.example', 'Plumbing', 'Family-run plumbing and heating in Dayton.'],
      ['Brightline Studio', 'brightline.example', 'Web design agency', 'Brightline Studio is a web design agency in Leeds.'],
    ];
    for (const [name, host, industry, summary] of leads) {
      const url = `http://${host}/`;
      const lead = await db.execute({
        sql: "INSERT INTO leads (campaign_id, url, hostname, company_name, industry, business_summary, city, website_language, country, contact_email, status, tags, services_offered, technology_stack, analyzed_at, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'Dayton', 'en', 'US', ?, 'ANALYZED', '[]', '[]', '[]', 1, 1, 1, 1) RETURNING id",
        args: [Number(rows[0].id), url, host, name, industry, summary, `office@${host}`],
      });
      ids[name] = Number(lead.rows[0].id);
      const findings = [{ id: 'no_ssl', claim: 'The site does not use https', evidence: MARKUP_EVIDENCE, url, confidence: 0.95, value: null }];
      const evidence = { business_name: { url, detail: `schema.org name "${name}"`, confidence: 0.9 } };
      await db.execute({
        sql: "INSERT INTO lead_analyses (lead_id, technical_issues, findings, evidence, analytics, crawl_log, created_at, updated_at) VALUES (?, '[]', ?, ?, '[]', '[]', 1, 1)",
        args: [ids[name], JSON.stringify(findings), JSON.stringify(evidence)],
      });
    }
    await db.execute({
      sql: 'INSERT INTO site_audits (lead_id, measured, audit, mobile_screenshot, desktop_screenshot, measured_at) VALUES (?, 1, ?, NULL, NULL, ?)',
      args: [ids['Kowalski Plumbing'], JSON.stringify(slowAudit('http://kowalski-plumbing.example/')), Date.parse(MEASURED_AT)],
    });
  } finally {
    db.close();
  }
}

async function emailCount(): Promise<number> {
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  try {
    return Number((await db.execute('SELECT count(*) AS n FROM emails')).rows[0].n);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  await seed();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  // A lead never audited answers 404 in the details modal (the browser logs a failed resource): anything else is a fault.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const previewDialog = () => page.getByRole('dialog', { name: /^Pitch preview: / });

async function openLeads() {
  await page.goto(`${server.url}/leads`);
  await page.locator('article.lead-card').first().waitFor();
}

describe('Preview pitch on the Leads screen', () => {
  it('shows, from a sales card, the email the pipeline would write: subject, body, cited findings with evidence, quality', async () => {
    await openLeads();
    const card = page.getByRole('article', { name: 'Kowalski Plumbing' });
    await card.getByRole('button', { name: 'Preview pitch' }).click();
    const dialog = previewDialog();
    await dialog.getByRole('region', { name: 'Pitch preview' }).waitFor();
    expect(await page.locator('.modal-card-title').innerText()).toBe('Pitch preview: Kowalski Plumbing');
    const subject = await dialog.locator('.pitch-subject').innerText();
    expect(subject.length).toBeGreaterThan(3);
    const body = await dialog.getByLabel('Email body').innerText();
    expect(body).toContain('Kowalski Plumbing');
    expect(body).toMatch(/6\.2/); // the measured LCP, from the stored audit
    // Each cited finding: its id, the sentence of the body, and its evidence.
    const cited = dialog.locator('.pitch-cited li');
    const findings = await cited.locator('.tag').allInnerTexts();
    expect(findings).toEqual(expect.arrayContaining(['slow_mobile', 'no_ssl']));
    for (const item of await cited.all()) {
      const sentence = await item.locator('q').innerText();
      expect(body.replace(/\s+/g, ' ')).toContain(sentence.replace(/\s+/g, ' '));
      expect(await item.innerText()).toMatch(/Evidence: \S/);
    }
    const ssl = cited.filter({ has: page.locator('.tag', { hasText: 'no_ssl' }) });
    // Markup in crawled text is shown as text, never rendered.
    expect(await ssl.innerText()).toContain(MARKUP_EVIDENCE);
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await dialog.locator('.tag', { hasText: /^Quality \d+%$/ }).count()).toBe(1);
    expect(await dialog.locator('.quality-parts li').count()).toBeGreaterThan(3);
    await screenshot(page, 'lead-pitch-preview');
    // A preview stores nothing.
    expect(await emailCount()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await previewDialog().waitFor({ state: 'detached' });
  });

  it('says why an agency would not be written to, from the lead-details modal in Table View', async () => {
    await openLeads();
    await page.getByRole('button', { name: 'Table View' }).click();
    await page.locator('tr', { hasText: 'Brightline Studio' }).getByRole('button').first().click();
    const details = page.getByRole('dialog', { name: 'Brightline Studio' });
    await details.getByRole('button', { name: 'Preview pitch' }).click();
    const notWritten = previewDialog().getByRole('status', { name: 'Not written' });
    await notWritten.waitFor();
    expect(await notWritten.innerText()).toMatch(/^Not written: the site is itself a web or marketing agency/);
    expect(await previewDialog().locator('.pitch-body').count()).toBe(0);
    expect(await emailCount()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
