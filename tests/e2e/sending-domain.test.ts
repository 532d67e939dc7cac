// Settings → Sending domain through the real server and Chromium, against a loopback DNS:
// each verdict with the record found and the record to publish, the blocklists with the list's
// name and its answer, and 'Check now' asking DNS again after the operator fixed a record.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';
import { SHOTS_DIR, launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-7' };
const MX = [{ exchange: 'mx1.agency.test', priority: 10 }];

let dns: DnsStub;
let server: TestServer;
let browser: Browser;
let page: Page;

async function toast(text: string | RegExp): Promise<void> {
  const item = page.locator('.toast-item').filter({ hasText: text });
  await item.waitFor();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await item.waitFor({ state: 'detached' });
}

describe('Settings → Sending domain', () => {
  beforeAll(async () => {
    dns = await startDnsStub({
      // No SPF yet (only a site verification), Brevo's DKIM key published, no DMARC.
      'agency.test': { txt: ['google-site-verification=abc123'], mx: MX },
      'mail._domainkey.agency.test': { txt: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'] },
      'agency.test.dbl.spamhaus.org': { a: ['127.0.1.2'] },
    });
    browser = await launchBrowser();
    server = await startServer({
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: { OUTREACH_DNS_SERVER: dns.server, OUTREACH_BREVO_API_KEY: 'xkeysib-e2e', OUTREACH_EMAIL_FROM: 'Ann Lee <ann@agency.test>' },
    });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dns?.close();
  });

  it('shows each verdict with the record to publish, and checks again on demand', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await toast('Welcome back!');
    await page.goto(`${server.url}/settings#sending-domain`);
    const section = page.getByRole('region', { name: 'Sending domain', exact: true });
    await section.getByRole('button', { name: 'Check now' }).click();
    await toast('Checked agency.test');

    const row = (kind: string) => section.locator(`tr[data-check="${kind}"]`);
    expect(await row('spf').getAttribute('data-status')).toBe('missing');
    expect(await row('spf').innerText()).toContain('No SPF record at agency.test');
    expect(await section.getByTestId('publish-spf').innerText()).toBe('TXT agency.test v=spf1 include:spf.brevo.com ~all');
    expect(await row('dkim').getAttribute('data-status')).toBe('ok');
    expect(await row('dkim').innerText()).toContain('mail._domainkey.agency.test: v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC');
    expect(await row('dmarc').getAttribute('data-status')).toBe('missing');
    expect(await section.getByTestId('publish-dmarc').innerText()).toBe('TXT _dmarc.agency.test v=DMARC1; p=none');
    expect(await row('mx').getAttribute('data-status')).toBe('ok');
    const dbl = section.locator('tr[data-list="dbl.spamhaus.org"]');
    expect(await dbl.getAttribute('data-status')).toBe('listed');
    expect(await dbl.innerText()).toMatch(/Spamhaus DBL[\s\S]*Listed[\s\S]*127\.0\.1\.2/);
    expect(await section.getByRole('status').innerText()).toContain('SPF and DKIM do not both pass');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SHOTS_DIR, '75-sending-domain-missing-spf.png') });
    await screenshot(page, '75-settings-with-sending-domain');

    // The operator publishes the record shown; Check now asks DNS again.
    dns.set('agency.test', { txt: ['google-site-verification=abc123', 'v=spf1 include:spf.brevo.com ~all'], mx: MX });
    dns.set('_dmarc.agency.test', { txt: ['v=DMARC1; p=quarantine'] });
    await section.getByRole('button', { name: 'Check now' }).click();
    await toast('Checked agency.test');
    expect(await row('spf').getAttribute('data-status')).toBe('ok');
    expect(await row('spf').innerText()).toContain('v=spf1 include:spf.brevo.com ~all');
    expect(await section.getByTestId('publish-spf').count()).toBe(0);
    expect(await row('dmarc').innerText()).toContain('p=quarantine');
    expect(await section.getByRole('status').innerText()).toContain('SPF and DKIM pass. The domain or the server is on a blocklist.');
    await section.screenshot({ path: join(SHOTS_DIR, '76-sending-domain-fixed.png') });
  });
});
