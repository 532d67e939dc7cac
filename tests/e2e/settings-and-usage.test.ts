// Settings and API Usage & Quotas through the real server and Chromium: a SerpApi key
// checked against the SerpApi contract fake, the sender saved with no provider (and the
// Drafts notice that goes with it), an SMTP provider checked against a real SMTP server,
// the sending switch, a test email, the system configuration bounds, and the usage
// figures that follow.
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { apiLogin } from './support/api.ts';
import { SHOTS_DIR, launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-2' };
const MEMBER = { username: 'sam.user', email: 'sam@example.com', password: 'member-pass-123' };
const SERP_KEY = 'serp-e2e-valid-key-0001';
const SMTP = { user: 'mailer', pass: 'smtp-pass-e2e' };
const FROM = 'hello@agency.example';
const TEST_TO = 'owner@agency.example';
const POSTAL = 'Acme Web Studio, 2 High St, Leeds LS1 4AP';

let serpFake: SerpApiFake;
let smtp: FakeSmtpServer;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [serpFake, smtp, browser] = await Promise.all([startSerpApiFake({ apiKey: SERP_KEY }), startSmtpServer(SMTP), launchBrowser()]);
  server = await startServer({
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    env: { OUTREACH_SERPAPI_BASE_URL: serpFake.baseUrl },
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([serpFake?.stop(), smtp?.stop()]);
});

const region = (name: string, scope: Page | Locator = page) => scope.getByRole('region', { name, exact: true });
const alertIn = (scope: Locator) => scope.getByRole('alert');

/** Waits for a toast and closes it, so it does not cover later steps or screenshots. */
async function toast(text: string | RegExp, scope: Page = page): Promise<void> {
  const item = scope.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

describe('Settings and API Usage & Quotas', () => {
  it('shows the sections in order, each credential unconfigured', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByText('Configure your CRM system').waitFor();
    await region('SerpApi').getByText('Not configured').waitFor();

    const headings = await page.locator('.settings-section > h2').allTextContents();
    expect(headings).toEqual(['API Keys', 'Sender', 'Email Provider', 'Mailboxes', 'Reply Detection', 'Sending windows', 'System Configuration']);
    await page.getByText('Keys are stored encrypted (AES-256)').waitFor();
    await region('SerpApi').getByText('100 free searches a month').waitFor();
    await region('Google Custom Search').getByText('about 67 percent cheaper than the search-results service with 100 free queries a day').waitFor();
    await region('Google Custom Search').getByText('closed the Custom Search JSON API to new customers').waitFor();
    await page.getByRole('complementary', { name: 'Why Brevo is recommended' }).waitFor();
    expect(await region('Gemini AI').getByLabel('Model').inputValue()).toBe('gemini-2.0-flash');
    await screenshot(page, '20-settings-unconfigured');
  });

  it('validates the SerpApi key with the service before saving it', async () => {
    const card = region('SerpApi');
    await card.getByRole('button', { name: 'Validate & Save' }).click();
    expect(await alertIn(card).innerText()).toBe('Please enter a SerpApi key');

    await card.getByLabel('SerpApi Key').fill('serp-wrong-key');
    await card.getByRole('button', { name: 'Validate & Save' }).click();
    await alertIn(card).getByText('Invalid SerpApi key').waitFor();
    await card.getByText('Not configured').waitFor();

    await card.getByLabel('SerpApi Key').fill(SERP_KEY);
    await card.getByRole('button', { name: 'Validate & Save' }).click();
    await toast('SerpApi key validated and saved securely');
    await card.getByText('✓ SerpApi is configured').waitFor();
    await card.getByText('Configured', { exact: true }).waitFor();
    expect(await card.getByLabel('SerpApi Key').count()).toBe(0);
    // The fake saw the right key (on its free account endpoint) after the wrong one.
    expect(serpFake.requests.map((r) => r.query.get('api_key'))).toEqual(['serp-wrong-key', SERP_KEY]);

    // Update reopens the form; Cancel returns to the card.
    await card.getByRole('button', { name: 'Update' }).click();
    await card.getByLabel('SerpApi Key').waitFor();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Delete' }).waitFor();

    // The other cards ask for what is missing, in the spec's words.
    const gemini = region('Gemini AI');
    await gemini.getByRole('button', { name: 'Validate & Save' }).click();
    expect(await alertIn(gemini).innerText()).toBe('Please enter a Gemini API key');
    const cse = region('Google Custom Search');
    await cse.getByLabel('Custom Search API Key').fill('cse-key');
    await cse.getByRole('button', { name: 'Validate & Save' }).click();
    expect(await alertIn(cse).innerText()).toBe('Please enter a Google Custom Search Engine ID');
    const ads = region('Google Ads API');
    await ads.getByLabel('Client ID').fill('123.apps.googleusercontent.com');
    await ads.getByRole('button', { name: 'Connect with Google' }).click();
    expect(await alertIn(ads).innerText()).toBe('Please enter Client ID and Client Secret');
    await ads.getByLabel('Client Secret').fill('secret');
    await ads.getByRole('button', { name: 'Connect with Google' }).click();
    expect(await alertIn(ads).innerText()).toBe('Please enter your Developer Token');
  });

  it('saves the sender with no provider, and the Drafts notice goes away', async () => {
    const notice = page.locator('.sender-identity-notice');
    await page.goto(`${server.url}/drafts`);
    await page.getByRole('heading', { name: 'Email Drafts', level: 1 }).waitFor();
    await notice.waitFor();
    expect(await notice.innerText()).toBe("Emails can't be sent yet: set your sender name, address and postal address in Settings → Sender.");
    await screenshot(page, '19-drafts-sender-notice');

    await notice.getByRole('link', { name: 'Settings → Sender' }).click();
    const sender = region('Sender');
    expect(await sender.getByTestId('sender-missing').innerText()).toBe('Missing: sender name, sender address, postal address');
    // No product name stands in for the sender.
    expect(await sender.getByLabel('From Name').inputValue()).toBe('');
    expect(await sender.getByLabel('Email Signature').inputValue()).toBe('Best regards,\n{sender_name}');
    expect(await region('Email Provider').getByLabel('From Name').count()).toBe(0);

    await sender.getByLabel('From Email').fill('not-an-address');
    await sender.getByRole('button', { name: 'Save Sender' }).click();
    expect(await alertIn(sender).innerText()).toBe('Please enter a valid from email address');

    await sender.getByLabel('From Email').fill(FROM);
    await sender.getByLabel('From Name').fill('Acme <Web>');
    await sender.getByRole('button', { name: 'Save Sender' }).click();
    await alertIn(sender).getByText('From Name must be one line without < or >').waitFor();

    await sender.getByLabel('From Name').fill('Acme Web Studio');
    await sender.locator('.signature-text').getByText('Acme Web Studio').waitFor();
    await sender.getByRole('button', { name: 'Save Sender' }).click();
    await toast('Sender saved; still missing: postal address');
    await sender.getByLabel('Postal Address').fill(POSTAL);
    await sender.getByRole('button', { name: 'Save Sender' }).click();
    await toast('Sender saved');
    await sender.getByText('✓ Sender is complete').waitFor();
    await screenshot(page, '20-settings-sender');
    await sender.screenshot({ path: join(SHOTS_DIR, '20-settings-sender-section.png') });

    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: /Drafts/ }).click();
    await page.getByRole('heading', { name: 'Email Drafts', level: 1 }).waitFor();
    await notice.waitFor({ state: 'detached' });
    const identity = page.waitForResponse((res) => res.url().endsWith('/api/settings/sender-identity') && res.ok());
    await page.reload();
    await identity;
    await page.getByRole('heading', { name: 'Email Drafts', level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    await page.goto(`${server.url}/settings`);
  });

  it('configures an SMTP provider, checked against a real SMTP server', async () => {
    const section = region('Email Provider');
    await section.getByRole('radio', { name: /SMTP/ }).check();
    await section.getByLabel('SMTP Host').fill(smtp.host);
    expect(await section.getByLabel('SMTP Port').inputValue()).toBe('587');
    await section.getByLabel('SMTP Port').fill(String(smtp.port));
    await section.getByLabel('SMTP Username').fill(SMTP.user);
    await section.getByLabel('SMTP Password').fill(SMTP.pass);
    expect(await section.getByRole('switch', { name: 'Use TLS' }).isChecked()).toBe(false);

    await section.getByRole('button', { name: 'Save Email Settings' }).click();
    await toast('SMTP server validated and saved securely');

    await section.getByText('✓ Email provider is configured').waitFor();
    expect(await section.getByTestId('email-provider').innerText()).toBe('SMTP');
    await section.getByText(`${smtp.host}:${smtp.port} · TLS off · user ${SMTP.user}`).waitFor();
    expect(await region('Sender').locator('.signature-text').innerText()).toBe('Best regards,\nAcme Web Studio');
    expect(smtp.logins).toContain(SMTP.user);
    await section.getByRole('button', { name: 'Delete Configuration' }).waitFor();
  });

  it('turns email sending off and on again', async () => {
    const control = region('Email Sending Control');
    const toggle = control.getByRole('switch', { name: 'Email sending' });
    expect(await control.getByTestId('sending-state').innerText()).toBe('Enabled');
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click();
    await toast('Email sending disabled: approved emails are queued but not sent');
    expect(await control.getByTestId('sending-state').innerText()).toBe('Disabled');
    await control.getByText('approved drafts are queued but not sent').waitFor();

    await page.reload();
    await region('Email Sending Control').getByText('Disabled', { exact: true }).waitFor();
    await region('Email Sending Control').getByRole('switch', { name: 'Email sending' }).click();
    await toast('Email sending enabled: approved emails are sent automatically');
    expect(await region('Email Sending Control').getByTestId('sending-state').innerText()).toBe('Enabled');
  });

  it('sends a test email through the SMTP server', async () => {
    const section = region('Email Provider');
    const to = section.getByLabel('Send a test email to');
    expect(await to.inputValue()).toBe(FROM);
    await to.fill(TEST_TO);
    await section.getByRole('button', { name: 'Send Test Email' }).click();
    await toast(`Test email sent to ${TEST_TO} via smtp`);

    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual([TEST_TO]);
    expect(smtp.messages[0].from).toBe(FROM);
    expect(smtp.messages[0].raw).toContain('Acme Web Studio');
    expect(smtp.messages[0].raw).toContain(POSTAL);
  });

  it('saves the system configuration only within its bounds', async () => {
    const section = region('System Configuration');
    const rate = section.getByLabel('Email send rate limit (per minute)');
    expect(await rate.inputValue()).toBe('30');
    await section.getByText('Min 1 · Max 60 · Default 30').waitFor();
    await section.getByText('Min 0.5 · Max 10 · Step 0.5 · Default 2').waitFor();

    await rate.fill('100');
    await section.getByRole('button', { name: 'Save Configuration' }).click();
    await alertIn(section).getByText('Email send rate limit must be between 1 and 60').waitFor();

    await rate.fill('45');
    await section.getByRole('switch', { name: 'Enable circuit breaker' }).click();
    await section.getByRole('button', { name: 'Save Configuration' }).click();
    await toast('System configuration saved');
    expect(await alertIn(section).count()).toBe(0);

    await page.reload();
    const reloaded = region('System Configuration');
    expect(await reloaded.getByLabel('Email send rate limit (per minute)').inputValue()).toBe('45');
    expect(await reloaded.getByRole('switch', { name: 'Enable circuit breaker' }).isChecked()).toBe(false);
    expect(await reloaded.getByRole('switch', { name: 'Enable rate limiting' }).isChecked()).toBe(true);
    await screenshot(page, '21-settings-configured');
  });

  it('shows the test email on the Usage screen', async () => {
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Usage & Quotas' }).click();
    await page.getByRole('heading', { name: 'API Usage & Quotas', level: 1 }).waitFor();

    const emails = region('Emails Today');
    await emails.getByTestId('usage-value').getByText('1', { exact: true }).waitFor();
    await emails.getByText('299 remaining of 300').waitFor();
    await emails.getByText('last 24 hours').waitFor();
    expect(await emails.locator('.status-badge').innerText()).toBe('OK');
    // Validating the SerpApi key used the free account endpoint: no search was counted.
    expect(await region('SerpApi This Month').getByTestId('usage-value').innerText()).toBe('0');
    await region('SerpApi This Month').getByText('100 remaining of 100').waitFor();
    await region('Gemini Tokens Today').getByText('1,500,000 remaining of 1,500,000').waitFor();

    const costs = region('Cost Summary');
    for (const label of ['Today', 'This Month (est.)', 'Last 30 Days', 'Average/Day']) await costs.getByText(label, { exact: true }).waitFor();
    expect(await costs.locator('dd').allInnerTexts()).toEqual(['$0.0000', '$0.0000', '$0.00', '$0.000']);

    const quotas = region('Quota Status');
    await quotas.getByText('SerpApi (monthly)').waitFor();
    await quotas.getByText('Gemini (daily)').waitFor();
    await quotas.getByText(/^Resets in \d+ hours?$/).first().waitFor();

    const service = region('Service Usage (Last 30 Days)').locator('[data-service="email"]');
    await service.getByText('Email', { exact: true }).waitFor();
    expect(await service.getByTestId('service-count').innerText()).toBe('1');
    await page.getByText('Data refreshes automatically every minute').waitFor();
    await screenshot(page, '22-usage');
  });

  it('fits a 390 px wide screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const small = await phone.newPage();
      small.setDefaultTimeout(15_000);
      await signIn(small, server.url, ADMIN.username, ADMIN.password);
      await toast('Welcome back!', small);
      await small.goto(`${server.url}/settings`);
      await small.getByText('✓ Email provider is configured').waitFor();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(small, '23-settings-phone');

      await small.goto(`${server.url}/usage`);
      await region('Emails Today', small).getByText('299 remaining of 300').waitFor();
      await region('Service Usage (Last 30 Days)', small).locator('[data-service="email"]').waitFor();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(small, '24-usage-phone');
    } finally {
      await phone.close();
    }
  });

  it('clears the email configuration after a confirmation', async () => {
    await page.goto(`${server.url}/settings`);
    const section = region('Email Provider');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete the email configuration?');
      void dialog.accept();
    });
    await section.getByRole('button', { name: 'Delete Configuration' }).click();
    await toast('Email configuration cleared');
    await section.getByText('Not configured').waitFor();
    await section.getByRole('button', { name: 'Save Email Settings' }).waitFor();
    expect(await region('Email Sending Control').count()).toBe(0);
    // The sender is not the provider's: it stays.
    await region('Sender').getByText('✓ Sender is complete').waitFor();
  });

  it('keeps regular users out of Settings but shows them Usage', async () => {
    const admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
    await admin.call('POST', '/api/users', { ...MEMBER, full_name: 'Sam User', role: 'user' });
    const member = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const other = await member.newPage();
      other.setDefaultTimeout(15_000);
      await signIn(other, server.url, MEMBER.username, MEMBER.password);
      await other.goto(`${server.url}/settings`);
      await other.getByText('Admin access required').waitFor();
      expect(await other.getByRole('button', { name: 'Validate & Save' }).count()).toBe(0);

      await other.goto(`${server.url}/usage`);
      await region('Emails Today', other).getByText('299 remaining of 300').waitFor();
    } finally {
      await member.close();
    }
  });
});

describe('credentials set by the environment', () => {
  let envServer: TestServer;
  let envContext: BrowserContext;

  beforeAll(async () => {
    envServer = await startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: {
        OUTREACH_SERPAPI_BASE_URL: serpFake.baseUrl,
        OUTREACH_SERPAPI_KEY: SERP_KEY,
        OUTREACH_SMTP_URL: smtp.url(),
        OUTREACH_EMAIL_FROM: 'Env Sender <env@agency.example>',
      },
    });
    envContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await envContext?.close();
    await envServer?.stop();
  });

  it('shows them as configured, without Update or Delete', async () => {
    const envPage = await envContext.newPage();
    envPage.setDefaultTimeout(15_000);
    await signIn(envPage, envServer.url, ADMIN.username, ADMIN.password);
    await envPage.goto(`${envServer.url}/settings`);

    const card = region('SerpApi', envPage);
    await card.getByText('✓ SerpApi is configured').waitFor();
    await card.getByText('Set by environment variable').waitFor();
    expect(await card.getByRole('button').count()).toBe(0);

    const email = region('Email Provider', envPage);
    await email.getByText('✓ Email provider is configured').waitFor();
    await email.getByText('Set by environment variable').waitFor();
    const sender = region('Sender', envPage);
    expect(await sender.getByLabel('From Name').inputValue()).toBe('Env Sender');
    expect(await sender.getByLabel('From Email').inputValue()).toBe('env@agency.example');
    expect(await sender.getByTestId('sender-missing').innerText()).toBe('Missing: postal address');
    expect(await email.getByRole('button', { name: 'Delete Configuration' }).count()).toBe(0);
    await region('Email Sending Control', envPage).waitFor();
  });
});
