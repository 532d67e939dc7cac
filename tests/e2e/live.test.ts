// An event written by a separate CLI process reaches an open dashboard through /ws,
// without a reload.
import { execa } from 'execa';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-7' };
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live channel', () => {
  it('shows a CLI-started campaign in the open dashboard feed, pushed over the socket', async () => {
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.getByRole('region', { name: 'Live Activity Feed' }).waitFor();
    await page.getByText('No activity yet. Create a campaign to see real-time updates!').waitFor();

    const env = { OUTREACH_DATA_DIR: server.dataDir, OUTREACH_DB_URL: `file:${join(server.dataDir, 'e2e.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' };
    const created = await execa('node', ['bin/outreach.js', 'campaign', 'create', '--name', 'From the terminal', '--query', 'florists in Boise', '--json'], { env });
    const id = JSON.parse(created.stdout).id;
    await execa('node', ['bin/outreach.js', 'campaign', 'start', String(id)], { env });

    const feed = page.getByRole('region', { name: 'Live Activity Feed' });
    await feed.getByText('Campaign "From the terminal" started').first().waitFor();
    expect(frames.some((f) => f.includes('"type":"activity"') && f.includes('From the terminal'))).toBe(true);
    await screenshot(page, 'live-dashboard');
  });
});
