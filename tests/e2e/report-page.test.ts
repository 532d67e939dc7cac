// The personal report page (/r/<token>) in Chromium against the real server, as the owner of
// the business opens it from the email: public (no sign-in, no cookie), signed (a changed token
// is refused), expiring (410), kept out of search engines, under a policy that allows no script
// and nothing from another origin, and with no request leaving this server while it loads. It
// shows the site on a phone and a desktop, each measured number with its band and what it means
// for customers, the crawl's measured findings with their evidence, the agency and an unsubscribe
// link that does not unsubscribe by being shown. A scanner's view is not engagement; a person's
// is, and Lead detail's history says so.
import { createClient } from '@libsql/client';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';
import { TrackingTokens } from '../../src/core/emails/tracking-token.ts';
import { Secrets } from '../../src/secrets.ts';
import { join } from 'node:path';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-22' };
const SECRET = 'report-page-e2e-secret-0123456789abcdef';
const MEASURED_AT = '2026-11-20T10:30:00.000Z';
/** A person's browser (headless Chromium says "HeadlessChrome", which the machine filter counts apart). */
const PERSON_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SCANNER_UA = 'Mozilla/5.0 (compatible; Mimecast URL Protect)';

let server: TestServer;
let browser: Browser;
const ids: Record<string, number> = {};
let emailId = 0;
const tokens = new TrackingTokens(Secrets.load('/nonexistent', SECRET).key('email-tracking'));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const reportPath = (leadId: number, expiresAt = inDays(60)) => `/r/${tokens.reportToken(leadId, expiresAt)}`;

async function jpeg(width: number, height: number, title: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height } });
  try {
    await page.setContent(`<!doctype html><html><body style="margin:0;font-family:sans-serif">
      <header style="background:#6b2d5c;color:#fff;padding:18px"><b style="font-size:${width > 800 ? 30 : 22}px">${title}</b></header>
      <div style="height:${Math.round(height * 0.5)}px;background:linear-gradient(135deg,#f0c6d9,#fbe3b3)"></div>
      <main style="padding:16px"><p>Cuts, colour and styling in the heart of Austin.</p></main></body></html>`);
    return await page.screenshot({ type: 'jpeg', quality: 70 });
  } finally {
    await page.close();
  }
}

function audit(url: string): Omit<MeasuredAudit, 'screenshots'> & { screenshots: Record<string, never> } {
  return {
    measured: true, source: 'lighthouse', url, final_url: url,
    performance: 34, accessibility: 92, best_practices: 74, seo: 83,
    lcp_ms: 6240, fcp_ms: 2900, cls: 0.02, tbt_ms: 410,
    speed_index_ms: null, // not measured: never shown
    total_bytes: 5_400_000, image_savings_bytes: 3_100_000, render_blocking: null,
    is_https: true, mixed_content: [], title: 'pass', meta_description: 'fail', tap_targets: 'fail', font_size: 'pass',
    screenshots: {}, lighthouse_version: '12.2.3', device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run',
    runs: 1, measured_at: MEASURED_AT, duration_ms: 15_200, warnings: [],
  };
}

const BROKEN_LINKS = {
  id: 'broken_links',
  claim: '2 links on the site lead to pages that no longer exist',
  evidence: 'https://bella-hair.example/prices answered 404; https://bella-hair.example/team answered 410',
  url: 'https://bella-hair.example/',
  confidence: 1,
  value: 2,
};

async function seed() {
  const [mobile, desktop] = [await jpeg(412, 823, 'Bella Hair'), await jpeg(1350, 940, 'Bella Hair Studio')];
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  try {
    const campaign = Number((await db.execute("INSERT INTO campaigns (name, search_query, created_at, updated_at) VALUES ('Austin salons', 'hair salons in Austin', 1, 1) RETURNING id")).rows[0].id);
    const off = Number((await db.execute("INSERT INTO campaigns (name, search_query, report_pages, created_at, updated_at) VALUES ('No pages', 'barbers', 0, 1, 1) RETURNING id")).rows[0].id);
    const leads: [string, string, number, string | null][] = [
      ['Bella Hair Studio', 'bella-hair.example', campaign, 'en'],
      ['Peluquería Sol', 'peluqueria-sol.example', campaign, 'es'],
      ['Switched Off Barbers', 'switched-off.example', off, 'en'],
    ];
    for (const [name, host, campaignId, language] of leads) {
      const lead = await db.execute({
        sql: "INSERT INTO leads (campaign_id, url, hostname, company_name, website_language, contact_email, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'EMAIL_SENT', '[]', '[]', '[]', 1, 1, 1) RETURNING id",
        args: [campaignId, `https://${host}/`, host, name, language, `owner@${host}`],
      });
      const id = Number(lead.rows[0].id);
      ids[name] = id;
      await db.execute({ sql: 'INSERT INTO site_audits (lead_id, measured, audit, mobile_screenshot, desktop_screenshot, measured_at) VALUES (?, 1, ?, ?, ?, ?)', args: [id, JSON.stringify(audit(`https://${host}/`)), mobile, desktop, Date.parse(MEASURED_AT)] });
      await db.execute({ sql: "INSERT INTO lead_analyses (lead_id, technical_issues, findings, evidence, analytics, crawl_log, created_at, updated_at) VALUES (?, '[]', ?, '{}', '[]', '[]', 1, 1)", args: [id, JSON.stringify(host.startsWith('bella') ? [BROKEN_LINKS, { ...BROKEN_LINKS, id: 'no_analytics', claim: 'No analytics installed', evidence: 'no analytics tag on 4 pages' }] : [])] });
    }
    // The first email went out an hour ago (a view seconds after sending would be a scanner's).
    const sentAt = Date.now() - 3_600_000;
    const email = await db.execute({
      sql: "INSERT INTO emails (campaign_id, lead_id, step, subject, body, recipient_email, status, sent_at, open_count, click_count, created_at, updated_at) VALUES (?, ?, 1, 'Your booking page', 'Hello.', 'owner@bella-hair.example', 'SENT', ?, 0, 0, ?, ?) RETURNING id",
      args: [campaign, ids['Bella Hair Studio'], sentAt, sentAt, sentAt],
    });
    emailId = Number(email.rows[0].id);
  } finally {
    db.close();
  }
}

async function viewCounts() {
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  try {
    const { rows } = await db.execute({ sql: 'SELECT report_view_count AS people, machine_report_view_count AS machines, report_viewed_at AS at FROM emails WHERE id = ?', args: [emailId] });
    return { people: Number(rows[0].people), machines: Number(rows[0].machines), at: rows[0].at };
  } finally {
    db.close();
  }
}

/** A fresh browser context (no cookie, no session), recording every request it makes. */
async function visitor(userAgent: string, width = 390): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  const context = await browser.newContext({ userAgent, viewport: { width, height: 844 } });
  const requests: Request[] = [];
  context.on('request', (r) => requests.push(r));
  return { context, page: await context.newPage(), requests };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: { OUTREACH_SECRET_KEY: SECRET, OUTREACH_EMAIL_FROM: 'Ann Smith <ann@pixel-agency.example>', OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701' },
    }),
    launchBrowser(),
  ]);
  await seed();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the report page', () => {
  it('does not count a view by a mail scanner', async () => {
    const { context, page } = await visitor(SCANNER_UA);
    try {
      const response = await page.goto(server.url + reportPath(ids['Bella Hair Studio']));
      expect(response?.status()).toBe(200);
      expect(await viewCounts()).toEqual({ people: 0, machines: 1, at: null });
    } finally {
      await context.close();
    }
  });

  it('is public and loads nothing from anywhere but this server, under a strict policy, kept out of search engines', async () => {
    const { context, page, requests } = await visitor(PERSON_UA);
    try {
      const response = await page.goto(server.url + reportPath(ids['Bella Hair Studio']));
      expect(response?.status()).toBe(200);
      expect(await context.cookies()).toEqual([]);
      const headers = response!.headers();
      const csp = headers['content-security-policy'];
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("img-src 'self'");
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(csp).not.toMatch(/script-src|https?:|\*/);
      expect(headers['x-robots-tag']).toContain('noindex');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      expect(await page.locator('script').count()).toBe(0);
      // Every request while it loads (the page and its two screenshots) went to this server.
      await page.waitForLoadState('load');
      const origin = new URL(server.url).origin;
      expect(requests.length).toBeGreaterThanOrEqual(3);
      expect(requests.map((r) => new URL(r.url()).origin).filter((o) => o !== origin)).toEqual([]);
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
    } finally {
      await context.close();
    }
  });

  it('shows the site on a phone and a desktop, each number with its band and meaning, the findings, the agency and an unsubscribe link', async () => {
    const { context, page } = await visitor(PERSON_UA);
    try {
      await page.goto(server.url + reportPath(ids['Bella Hair Studio']));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Bella Hair Studio');
      for (const [kind, size] of [['phone', { width: 412, height: 823 }], ['desktop', { width: 1350, height: 940 }]] as const) {
        const img = page.locator(`figure.${kind} img`);
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await img.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }))).toEqual(size);
      }
      const lcp = page.locator('.metric', { hasText: 'Main content shown (LCP)' });
      expect(await lcp.getAttribute('class')).toContain('poor');
      expect(await lcp.locator('.value').innerText()).toBe('6.2 s');
      expect(await lcp.locator('.band').innerText()).toMatch(/^poor$/i);
      expect(await lcp.locator('.meaning').innerText()).toBe('Visitors wait this long before the main part of your page appears, and many leave before it does.');
      expect(await lcp.locator('.threshold a').getAttribute('href')).toBe('https://web.dev/articles/lcp#what-is-a-good-lcp-score');
      const cls = page.locator('.metric', { hasText: 'Layout shift (CLS)' });
      expect(await cls.getAttribute('class')).toContain('good');
      expect(await page.locator('.metric', { hasText: 'Performance score' }).locator('.value').innerText()).toBe('34/100');
      expect(await page.getByText('Speed Index').count()).toBe(0); // not measured: no row
      expect(await page.locator('.cond').innerText()).toBe('Measured on a phone (simulated slow 4G, one lab run), with Lighthouse 12.2.3.');
      // The crawl's measured findings with their evidence; a detected absence is the email's business, not the page's.
      const findings = page.locator('#findings');
      expect(await findings.innerText()).toContain('https://bella-hair.example/prices answered 404');
      expect(await findings.getByText('No analytics installed').count()).toBe(0);
      // The sandbox-like .example host is public: the check-it-yourself link goes to PageSpeed Insights.
      expect(await page.getByRole('link', { name: 'Open PageSpeed Insights for your page' }).getAttribute('href')).toBe(
        `https://pagespeed.web.dev/analysis?url=${encodeURIComponent('https://bella-hair.example/')}`,
      );
      const footer = page.locator('footer');
      expect(await footer.innerText()).toContain('Prepared for you by Ann Smith');
      expect(await footer.getByRole('link', { name: 'ann@pixel-agency.example' }).getAttribute('href')).toBe('mailto:ann@pixel-agency.example');
      const unsubscribe = footer.getByRole('link', { name: 'Unsubscribe' });
      expect(await unsubscribe.getAttribute('href')).toBe(`/u/${tokens.token('unsubscribe', emailId)}`);
      await screenshot(page, 'report-page-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'report-page-desktop');
    } finally {
      await context.close();
    }
  });

  it("counts a person's view once, as engagement, and Lead detail's history shows it", async () => {
    const counts = await viewCounts();
    expect(counts.people).toBeGreaterThanOrEqual(1);
    expect(counts.machines).toBe(1);
    expect(counts.at).not.toBeNull();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, server.url, ADMIN.username, ADMIN.password);
      await page.goto(`${server.url}/leads/${ids['Bella Hair Studio']}`);
      await page.getByRole('heading', { name: 'Bella Hair Studio', level: 1 }).waitFor();
      const history = page.getByRole('region', { name: 'Interactions' });
      const item = history.locator('li', { hasText: 'Report Page Viewed' });
      await item.waitFor();
      // Shown once however often the page was opened; the unsubscribe link was not followed by showing the page.
      expect(await item.count()).toBe(1);
      expect(await item.innerText()).toContain('owner@bella-hair.example viewed the report page');
      expect(await history.locator('li', { hasText: 'Unsubscribed' }).count()).toBe(0);
      // The agency sees the same page from the site audit; its preview is not the lead's view.
      const link = page.getByRole('region', { name: 'Site audit' }).getByRole('link', { name: "See the lead's report page" });
      const [preview] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await preview.getByRole('heading', { name: 'Bella Hair Studio', level: 1 }).waitFor();
      expect(preview.url()).toMatch(/\/r\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\?preview=/);
      expect(await viewCounts()).toEqual(counts);
      await preview.close();
      // Outreach counts it beside the email's clicks, and the scanner's view apart.
      await page.goto(`${server.url}/outreach`);
      await page.getByRole('region', { name: 'Sent Emails', exact: true }).locator(`[data-email-id="${emailId}"]`).click();
      const detail = page.getByRole('complementary', { name: 'Email details' });
      await detail.getByText('Engagement').waitFor();
      expect(await detail.locator('.email-report-view-count').innerText()).toBe(`${counts.people} time${counts.people === 1 ? '' : 's'}`);
      expect(await detail.locator('.email-machine').innerText()).toContain('0 clicks and 1 report page view by security scanners');
    } finally {
      await context.close();
    }
  });

  it('reads in the language the email was written in', async () => {
    const { context, page } = await visitor(PERSON_UA);
    try {
      await page.goto(server.url + reportPath(ids['Peluquería Sol']));
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      const lcp = page.locator('.metric', { hasText: 'Contenido principal visible (LCP)' });
      expect(await lcp.locator('.band').innerText()).toMatch(/^malo$/i);
      expect(await lcp.locator('.meaning').innerText()).toBe('Sus visitantes esperan este tiempo antes de ver la parte principal de la página, y muchos se van antes.');
      expect(await page.locator('.cond').innerText()).toBe('Medido en un móvil (4G lento simulado, una prueba de laboratorio), con Lighthouse 12.2.3.');
    } finally {
      await context.close();
    }
  });

  it('refuses a changed token, an expired one, and a campaign that switched its pages off', async () => {
    const good = reportPath(ids['Bella Hair Studio']);
    const [leadPart, expiry, signature] = good.slice(3).split('.');
    const other = (ids['Bella Hair Studio'] + 1).toString(36);
    const later = (parseInt(expiry, 36) + 86_400).toString(36);
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const path of [`/r/${other}.${expiry}.${signature}`, `/r/${leadPart}.${later}.${signature}`, `/r/${leadPart}.${expiry}.${flipped}`, '/r/nonsense', `${good}x`]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain('This report is not available');
      expect(html).not.toContain('Bella');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const expired = await fetch(server.url + reportPath(ids['Bella Hair Studio'], new Date(Date.now() - 1000)));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This report has expired');
    expect((await fetch(`${server.url}${reportPath(ids['Bella Hair Studio'], new Date(Date.now() - 1000))}/mobile.jpg`)).status).toBe(410);
    expect((await fetch(server.url + reportPath(ids['Switched Off Barbers']))).status).toBe(404);
  });

  it('serves the screenshots behind the same token, as JPEGs that are never sniffed', async () => {
    const response = await fetch(`${server.url}${reportPath(ids['Bella Hair Studio'])}/desktop.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const [leadPart, expiry, signature] = reportPath(ids['Bella Hair Studio']).slice(3).split('.');
    const other = (ids['Bella Hair Studio'] + 1).toString(36);
    expect((await fetch(`${server.url}/r/${other}.${expiry}.${signature}/desktop.jpg`)).status).toBe(404);
    expect((await fetch(`${server.url}/r/${leadPart}.${expiry}.${signature}/other.jpg`)).status).toBe(404);
  });

  it('is a switch of the campaign form, on by default', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, server.url, ADMIN.username, ADMIN.password);
      await page.goto(`${server.url}/campaigns`);
      await page.getByRole('button', { name: 'New Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
      const toggle = dialog.getByRole('switch', { name: 'Report page for each lead' });
      expect(await toggle.isChecked()).toBe(true);
      await dialog.getByLabel('Campaign Name').fill('Dentists without pages');
      await dialog.getByLabel('Search Query').fill('dentists');
      await toggle.uncheck();
      await dialog.getByRole('button', { name: 'Create Campaign' }).click();
      await dialog.waitFor({ state: 'detached' });
      const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const { access_token } = (await login.json()) as { access_token: string };
      const list = (await (await fetch(`${server.url}/api/campaigns`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as { name: string; report_pages: boolean }[];
      expect(list.find((c) => c.name === 'Dentists without pages')?.report_pages).toBe(false);
      expect(list.find((c) => c.name === 'Austin salons')?.report_pages).toBe(true);

      // How long a new link stays valid: Settings → System Configuration → Report pages, 1 to 365 days.
      await page.goto(`${server.url}/settings`);
      const group = page.locator('fieldset.system-group').filter({ has: page.locator('legend', { hasText: 'Report pages' }) });
      const days = group.getByLabel('Report links stay valid for (days)');
      expect(await days.inputValue()).toBe('60');
      await group.getByText('Min 1 · Max 365 · Default 60').waitFor();
      await days.fill('366');
      const section = page.getByRole('region', { name: 'System Configuration' });
      await section.getByRole('button', { name: 'Save Configuration' }).click();
      await section.getByRole('alert').getByText('Report links stay valid for must be between 1 and 365').waitFor();
    } finally {
      await context.close();
    }
  });
});
