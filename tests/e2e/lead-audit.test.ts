// The site audit on Lead detail in Chromium against the real server: the phone and desktop
// screenshots side by side (fetched with the session's token, shown as images), the metrics
// coloured by their public bands, the conditions, the "check it yourself" PageSpeed Insights
// link; an audit that could not run shows its reason and no numbers; a lead never audited a
// quiet line. Settings says, once, how to install the Chromium this test server lacks.
import { createClient } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasuredAudit, UnmeasuredAudit } from '../../src/core/model/audit.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-21' };
const SHOTS = process.env.OUTREACH_AUDIT_SHOTS || '/tmp/ux-audit';
const MEASURED_AT = '2026-11-20T10:30:00.000Z';
const POOR_RED = 'rgb(192, 38, 45)'; // --band-poor in audit.css
const GOOD_GREEN = 'rgb(10, 122, 61)'; // --band-good

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const ids: Record<string, number> = {};

/** A small business's home page as the browser draws it, as JPEG bytes (the audit keeps JPEGs). */
async function pageShot(width: number, height: number, title: string): Promise<Buffer> {
  const shooter = await browser.newPage({ viewport: { width, height } });
  try {
    await shooter.setContent(`<!doctype html><html><body style="margin:0;font-family:sans-serif">
      <header style="background:#0b3d91;color:#fff;padding:${width > 800 ? 24 : 16}px"><b style="font-size:${width > 800 ? 28 : 22}px">${title}</b></header>
      <div style="height:${Math.round(height * 0.45)}px;background:linear-gradient(135deg,#8ab4f8,#f6c177)"></div>
      <main style="padding:16px;font-size:${width > 800 ? 20 : 16}px"><p>Emergency plumbing, 24/7. Call us today.</p><p>Drains · Water heaters · Leaks</p></main></body></html>`);
    return await shooter.screenshot({ type: 'jpeg', quality: 70 });
  } finally {
    await shooter.close();
  }
}

function measuredAudit(url: string): Omit<MeasuredAudit, 'screenshots'> & { screenshots: Record<string, never> } {
  return {
    measured: true,
    source: 'lighthouse',
    url,
    final_url: url,
    performance: 38,
    accessibility: 92,
    best_practices: 74,
    seo: 83,
    lcp_ms: 6240, // poor: Google's "good" is 2.5 s
    fcp_ms: 2900,
    cls: 0.02,
    tbt_ms: 410,
    speed_index_ms: null, // not measured: never shown
    total_bytes: 5_400_000,
    image_savings_bytes: 3_100_000,
    render_blocking: { wasted_ms: 1500, items: [{ url: `${url}theme.css`, wasted_ms: 900 }, { url: `${url}jquery.js`, wasted_ms: 600 }] },
    is_https: true,
    mixed_content: [],
    title: 'pass',
    meta_description: 'fail',
    tap_targets: 'fail',
    font_size: 'pass',
    screenshots: {},
    lighthouse_version: '12.2.3',
    device: 'mobile',
    throttling: 'mobile, simulated slow 4G, one lab run',
    runs: 1,
    measured_at: MEASURED_AT,
    duration_ms: 15_200,
    warnings: [],
  };
}

/** Three leads as the audit stage leaves them: measured with both screenshots, not measured, never audited. */
async function seed() {
  const [mobile, desktop] = [await pageShot(412, 823, 'Rapid Rooter'), await pageShot(1350, 940, 'Rapid Rooter Plumbing')];
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  try {
    const { rows } = await db.execute("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('Austin plumbers', 'plumbers in Austin', 1, 1) RETURNING id");
    for (const [name, host] of [['Rapid Rooter', 'rapid-rooter.example'], ['Clear Drains', 'clear-drains.example'], ['Peak Plumbing', 'peak-plumbing.example'], ['Drain Kings', 'drain-kings.example'], ['Bright Smiles', 'bright-smiles.example']]) {
      const lead = await db.execute({
        sql: "INSERT INTO leads (campaign_id, url, hostname, company_name, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'ANALYZED', '[]', '[]', '[]', 1, 1, 1) RETURNING id",
        args: [Number(rows[0].id), `https://${host}/`, host, name],
      });
      ids[name] = Number(lead.rows[0].id);
    }
    const save = (leadId: number, audit: object, measured: boolean, shots: [Buffer | null, Buffer | null]) =>
      db.execute({
        sql: 'INSERT INTO site_audits (lead_id, measured, audit, mobile_screenshot, desktop_screenshot, measured_at) VALUES (?, ?, ?, ?, ?, ?)',
        args: [leadId, measured ? 1 : 0, JSON.stringify(audit), shots[0], shots[1], Date.parse(MEASURED_AT)],
      });
    await save(ids['Rapid Rooter'], measuredAudit('https://rapid-rooter.example/'), true, [mobile, desktop]);
    // Its draft states a crawl finding and the audit's measured one, as the draft stage records it.
    const noSsl = { id: 'no_ssl', claim: 'No SSL certificate (site served over http)', evidence: 'the home page answered over plain http (no redirect to https)', url: 'https://rapid-rooter.example/', confidence: 1, value: null };
    await db.execute({ sql: "INSERT INTO lead_analyses (lead_id, technical_issues, findings, evidence, analytics, crawl_log, created_at, updated_at) VALUES (?, '[]', ?, '{}', '[]', '[]', 1, 1)", args: [ids['Rapid Rooter'], JSON.stringify([noSsl])] });
    await db.execute({
      sql: "INSERT INTO emails (lead_id, subject, body, recipient_email, status, quality_score, quality_breakdown, open_count, click_count, created_at, updated_at) VALUES (?, 'Rapid Rooter on a phone', ?, 'office@rapid-rooter.example', 'DRAFT', 0.9, ?, 0, 0, 1, 1)",
      args: [ids['Rapid Rooter'], 'Hello,\n\nOn a phone, your home page takes 6.2 seconds to show its main content, which Google rates as poor.', JSON.stringify({ score: 0.9, parts: [], claims: { ok: true, stated: ['slow_mobile', 'no_ssl'], problems: [] } })],
    });
    const unmeasured: UnmeasuredAudit = { measured: false, url: 'https://clear-drains.example/', reason: 'the page did not finish loading within 120 s', chromium_missing: false, measured_at: MEASURED_AT, duration_ms: 120_000 };
    await save(ids['Clear Drains'], unmeasured, false, [null, null]);
    const noChromium: UnmeasuredAudit = { ...unmeasured, url: 'https://drain-kings.example/', reason: 'Chromium is not installed: apt-get install chromium', chromium_missing: true, duration_ms: 0 };
    await save(ids['Drain Kings'], noChromium, false, [null, null]);
    const psi = {
      ...measuredAudit('https://bright-smiles.example/'),
      source: 'psi',
      field: {
        scope: 'origin',
        id: 'https://bright-smiles.example',
        label: 'real Chrome users on phones, across the whole site, over the last 28 days',
        overall: 'poor',
        lcp_ms: { p75: 4600, band: 'poor' },
        cls: { p75: 0.05, band: 'good' },
        inp_ms: null, // Google had no figure: no row
        fcp_ms: { p75: 2300, band: 'needs_improvement' },
      },
    };
    await save(ids['Bright Smiles'], psi, true, [mobile, null]);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  await seed();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // A lead never audited answers 404 (the browser logs that as a failed resource): anything else is a fault.
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

const auditOf = (scope: Page | Locator) => scope.getByRole('region', { name: 'Site audit' });

/** Waits until the image has decoded and gives its natural size. */
async function loadedSize(img: Locator): Promise<{ width: number; height: number }> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }));
}

async function openLead(target: Page, name: string) {
  await target.goto(`${server.url}/leads/${ids[name]}`);
  await target.getByRole('heading', { name, level: 1 }).waitFor();
}

describe('the site audit on Lead detail', () => {
  it('shows the phone and desktop screenshots side by side, with their captions', async () => {
    await openLead(page, 'Rapid Rooter');
    const audit = auditOf(page);
    const phone = audit.locator('figure[data-kind="phone"]');
    const desktop = audit.locator('figure[data-kind="desktop"]');
    expect(await phone.locator('figcaption').innerText()).toBe('On a phone');
    expect(await desktop.locator('figcaption').innerText()).toBe('On a desktop');
    expect(await loadedSize(phone.locator('img'))).toEqual({ width: 412, height: 823 });
    expect(await loadedSize(desktop.locator('img'))).toEqual({ width: 1350, height: 940 });
    // Fetched with the session's token and shown from memory (an <img src> cannot send the token).
    expect(await phone.locator('img').getAttribute('src')).toMatch(/^blob:/);
    const [p, d] = [await phone.boundingBox(), await desktop.boundingBox()];
    expect(p && d && p.x + p.width <= d.x && Math.abs(p.y - d.y) < 2, 'side by side').toBe(true);
    expect(p!.width).toBeLessThan(d!.width / 2); // the phone narrow, the desktop wide
  });

  it('colours each measured metric by its public band, and leaves out what was not measured', async () => {
    const audit = auditOf(page);
    const lcp = audit.locator('.audit-metric[data-metric="lcp_ms"]');
    expect(await lcp.getAttribute('data-band')).toBe('poor');
    expect(await lcp.locator('.audit-metric-value').innerText()).toBe('6.2 s');
    expect(await lcp.locator('.audit-band').innerText()).toBe('Poor');
    expect(await lcp.locator('.audit-metric-value').evaluate((el) => getComputedStyle(el).color)).toBe(POOR_RED);
    expect(await lcp.getAttribute('title')).toBe("LCP 6.2 s on a phone (simulated slow 4G, one lab run): poor — Google's threshold for good is 2.5 s");
    const source = lcp.locator('a.audit-source');
    expect(await source.getAttribute('href')).toBe('https://web.dev/articles/lcp#what-is-a-good-lcp-score');
    expect(await source.innerText()).toBe('good ≤ 2.5 s, poor > 4.0 s');
    const cls = audit.locator('.audit-metric[data-metric="cls"]');
    expect(await cls.getAttribute('data-band')).toBe('good');
    expect(await cls.locator('.audit-metric-value').evaluate((el) => getComputedStyle(el).color)).toBe(GOOD_GREEN);
    expect(await audit.locator('.audit-metric[data-metric="tbt_ms"]').getAttribute('data-band')).toBe('needs_improvement');
    expect(await audit.locator('[data-metric="speed_index_ms"]').count()).toBe(0);
    expect(await audit.getByText('Speed Index').count()).toBe(0);
    const performance = audit.locator('.audit-score[data-metric="performance"]');
    expect(await performance.getAttribute('data-band')).toBe('poor');
    expect(await performance.locator('.audit-score-value').innerText()).toBe('38');
    expect(await audit.locator('.audit-fact[data-fact="total_bytes"] dd').innerText()).toBe('5.4 MB');
    expect(await audit.locator('.audit-fact[data-fact="tap_targets"] dd').innerText()).toBe('Too small or too close together');
    // Lab data only: no field section without PageSpeed Insights' field data.
    expect(await audit.getByText('Real Chrome users, last 28 days').count()).toBe(0);
  });

  it('says under which conditions it was measured, and links to PageSpeed Insights to check it', async () => {
    const audit = auditOf(page);
    expect(await audit.locator('.audit-conditions').innerText()).toMatch(/^On a phone \(simulated slow 4G, one lab run\), Lighthouse 12\.2\.3, Nov 20, 2026 \d{1,2}:\d{2} [AP]M$/);
    const link = audit.getByRole('link', { name: /Check it yourself on PageSpeed Insights/ });
    expect(await link.getAttribute('href')).toBe('https://pagespeed.web.dev/analysis?url=https%3A%2F%2Frapid-rooter.example%2F');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'lead-audit-1280');
    await page.screenshot({ path: join(SHOTS, 'lead-audit-1280.png'), fullPage: true });
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() })).newPage();
    try {
      await openLead(phone, 'Rapid Rooter');
      const audit = auditOf(phone);
      await loadedSize(audit.locator('figure[data-kind="desktop"] img'));
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.screenshot({ path: join(SHOTS, 'lead-audit-390.png'), fullPage: true });
    } finally {
      await phone.context().close();
    }
  });

  it('shows the audit in the Leads screen\'s details modal too', async () => {
    await page.goto(`${server.url}/leads`);
    await page.locator(`[data-lead-id="${ids['Rapid Rooter']}"]`).first().click();
    const dialog = page.getByRole('dialog');
    const audit = auditOf(dialog);
    await loadedSize(audit.locator('figure[data-kind="phone"] img'));
    await loadedSize(audit.locator('figure[data-kind="desktop"] img'));
    expect(await audit.locator('.audit-metric[data-metric="lcp_ms"]').getAttribute('data-band')).toBe('poor');
    await audit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'lead-audit-modal.png') });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  it("shows PageSpeed Insights' field data as real Chrome users' figures, beside the lab run", async () => {
    await openLead(page, 'Bright Smiles');
    const audit = auditOf(page);
    const field = audit.getByRole('region', { name: 'Real Chrome users, last 28 days' });
    await field.waitFor();
    expect(await field.locator('.audit-field-scope').innerText()).toContain('Real Chrome users on phones, across the whole site, over the last 28 days');
    expect(await field.locator('.audit-metric').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-metric'), r.getAttribute('data-band')]))).toEqual([
      ['lcp_ms', 'poor'],
      ['cls', 'good'],
      ['fcp_ms', 'needs_improvement'],
    ]);
    expect(await field.locator('.audit-metric[data-metric="lcp_ms"] .audit-metric-value').innerText()).toBe('4.6 s');
    expect(await audit.locator('.audit-conditions').innerText()).toContain('Lighthouse 12.2.3 on PageSpeed Insights');
    await loadedSize(audit.locator('figure[data-kind="phone"] img'));
    await audit.locator('figure[data-kind="desktop"]').getByText('No screenshot').waitFor();
    await page.screenshot({ path: join(SHOTS, 'lead-audit-field.png'), fullPage: true });
  });

  it('shows an audit that could not run as "Not measured" with its reason, and no numbers', async () => {
    await openLead(page, 'Clear Drains');
    const audit = auditOf(page);
    await audit.getByText('Not measured: the page did not finish loading within 120 s').waitFor();
    for (const part of ['.audit-shots', '.audit-scores', '.audit-metrics', '.audit-facts', '.audit-conditions', 'img']) expect(await audit.locator(part).count(), part).toBe(0);
    expect((await audit.innerText()).replace('within 120 s', '')).not.toMatch(/\d/);
  });

  it('leaves how to install a missing Chromium to Settings (said once there), not every lead', async () => {
    await openLead(page, 'Drain Kings');
    const audit = auditOf(page);
    await audit.getByText(/^Not measured: Chromium is not installed where the audit ran/).waitFor();
    expect(await audit.getByText(/apt-get/).count()).toBe(0);
    expect(await audit.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('says quietly that a lead has not been audited yet', async () => {
    await openLead(page, 'Peak Plumbing');
    await auditOf(page).getByText('Not audited yet.').waitFor();
    expect(await auditOf(page).getByRole('link').count()).toBe(0);
  });
});

describe('Settings on a host without Chromium', () => {
  it('says once, under Site audits, how to install Chromium', async () => {
    await page.goto(`${server.url}/settings`);
    const group = page.locator('fieldset.system-group').filter({ has: page.locator('legend', { hasText: 'Site audits' }) });
    await group.getByText(/apt-get install chromium/).waitFor();
    expect(await page.getByText(/apt-get install chromium/).count()).toBe(1);
    await group.getByText('Until it is installed, leads are drafted from the crawl alone, without a site audit.').waitFor();
    await group.getByRole('switch', { name: /Enable site audit of every lead/ }).waitFor();
    await group.getByLabel(/Audit runs per site/).waitFor();
    // How old an audit a follow-up relies on before the site is measured again: 1 to 90 days.
    expect(await group.getByLabel('Oldest audit a follow-up relies on (days)').inputValue()).toBe('7');
    await group.getByText('Min 1 · Max 90 · Default 7').waitFor();
    await group.scrollIntoViewIfNeeded();
    await group.screenshot({ path: join(SHOTS, 'settings-site-audits.png') });
  });

  it("shows a draft's measured claim in \"Why this is true\" with the audit's evidence, not as missing from the analysis", async () => {
    await page.goto(`${server.url}/drafts`);
    await page.getByRole('heading', { name: 'Email Drafts' }).waitFor();
    await page.locator('.draft-group[data-hostname="rapid-rooter.example"] .draft-group-toggle-btn').click();
    const row = page.locator('.draft-row').filter({ hasText: 'Rapid Rooter on a phone' });
    await row.locator('.draft-why > summary').click();
    const why = row.locator('.draft-why .why-true');
    await why.getByText('The home page takes 6.2 s to show its main content on a phone').waitFor();
    expect(await why.innerText()).toContain('LCP 6.2 s on a phone');
    expect(await why.locator('.finding').count()).toBe(2);
    expect(await why.innerText()).not.toContain('no longer in the lead');
    await row.screenshot({ path: `${SHOTS}/why-this-is-true-measured.png` });
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
