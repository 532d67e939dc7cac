// The bounce and complaint guard as the operator sees it in Chromium: a Brevo spam complaint
// posted to the real server pauses a campaign and live sending; the Campaigns screen shows the
// campaign's pause beside its status with the reason, Outreach shows live sending's, and each
// "Resume" button resumes it (the notice goes, the feed records who resumed).
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };
const HOOK_TOKEN = 'brevo-e2e-hook-token';
const REASON = '1 spam complaint in the last 60 sends (1.7 %, above 0.1 %)';

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password, env: { OUTREACH_BREVO_WEBHOOK_TOKEN: HOOK_TOKEN } });
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  // 60 emails sent two days ago by one campaign, straight into the server's database.
  const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
  const now = Date.now();
  await db.execute({ sql: "INSERT INTO campaigns (name, search_query, mode, status, created_at, updated_at) VALUES ('Austin plumbers', 'plumbers in Austin', 'live', 'COMPLETED', ?, ?)", args: [now, now] });
  for (let i = 1; i <= 60; i++) {
    await db.execute({
      sql: "INSERT INTO leads (url, hostname, status, campaign_id, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_SENT', 1, '[]', '[]', '[]', ?, ?, ?)",
      args: [`https://shop${i}.example/`, `shop${i}.example`, now, now, now],
    });
    await db.execute({
      sql: "INSERT INTO emails (campaign_id, lead_id, subject, body, recipient_email, status, provider_message_id, sent_at, open_count, click_count, created_at, updated_at) VALUES (1, ?, 'Your website', 'Hello', ?, 'SENT', ?, ?, 0, 0, ?, ?)",
      args: [i, `owner@shop${i}.example`, `brevo-${i}`, now - 2 * 86_400_000, now, now],
    });
  }
  db.close();
  const hook = await fetch(`${server.url}/hooks/brevo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${HOOK_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'spam', email: 'owner@shop7.example', 'message-id': 'brevo-7' }),
  });
  expect(await hook.json()).toEqual({ applied: 1 });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the guard on the Campaigns and Outreach screens', () => {
  it("shows the campaign's pause beside its status and resumes it with the button", async () => {
    await page.goto(`${server.url}/campaigns`);
    const notice = page.locator('.guard-notice[data-scope="campaign:1"]');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`Sending paused for campaign "Austin plumbers": ${REASON}.`);
    const tag = page.locator('.guard-tag');
    expect(await tag.innerText()).toBe('Sending paused: complaints');
    expect(await tag.getAttribute('title')).toBe(REASON);
    await screenshot(page, '77-campaigns-guard-paused');

    await notice.getByRole('button', { name: 'Resume sending' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.locator('.guard-tag').waitFor({ state: 'detached' });
    const state = await admin.call<{ paused_campaigns: unknown[]; live_sending: { paused: unknown } }>('GET', '/api/guards');
    expect(state.paused_campaigns).toEqual([]);
    expect(state.live_sending.paused).not.toBeNull(); // resumed on its own
  });

  it("shows live sending's pause on Outreach and resumes it, recorded in the feed", async () => {
    await page.goto(`${server.url}/outreach`);
    const notice = page.locator('.guard-notice[data-scope="all"]');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`Live sending is paused: ${REASON}.`);
    await screenshot(page, '78-outreach-live-sending-paused');
    await notice.getByRole('button', { name: 'Resume live sending' }).click();
    await notice.waitFor({ state: 'detached' });
    expect((await admin.call<{ live_sending: { paused: unknown } }>('GET', '/api/guards')).live_sending.paused).toBeNull();
    const feed = await admin.call<{ items: { activity_type: string; message: string }[] } | { activity_type: string; message: string }[]>('GET', '/api/activity?limit=50');
    const items = Array.isArray(feed) ? feed : feed.items;
    expect(items.filter((a) => a.activity_type === 'sending_resumed').map((a) => a.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Live sending resumed by admin/), expect.stringMatching(/^Sending for campaign "Austin plumbers" resumed by admin/)]),
    );
  });
});
