// Sending in the recipient's local hours, through the real server and Chromium (the browser
// in Berlin): the Settings screen's "Sending windows" section shows and edits the weekly
// windows (a bad range is refused with the server's detail), and the Outreach screen shows a
// Denver email's time on Denver's clock and the operator's: one time per email.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptimalSendingTimes } from '../../src/core/model/settings.ts';
import { localSlot, nextOccurrence } from '../../src/core/scheduling/optimal-time.ts';
import { twoZoneTime } from '../../src/core/scheduling/send-time-text.ts';
import { launchBrowser, screenshot, SHOTS_DIR } from './support/browser.ts';
import { apiLogin, type ApiClient } from './support/api.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };
const OPERATOR_ZONE = 'Europe/Berlin';

let server: TestServer;
let browser: Browser;
let page: Page;
let admin: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  admin = await apiLogin(server.url, ADMIN.username, ADMIN.password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: OPERATOR_ZONE });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Sending windows in Settings', () => {
  it('shows the weekly windows with the time zone rule, refuses a bad range with its detail, and saves', async () => {
    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Sending windows' });
    await section.getByText("Windows are read on each recipient's clock: 09:00 means 09:00 where the business is", { exact: false }).waitFor();
    const current = await admin.call<OptimalSendingTimes>('GET', '/api/settings/optimal-sending-times');
    const monday = current.optimal_times.filter((w) => w.day === 'Monday').map((w) => w.time_range).sort().join(', ');
    expect(await section.getByLabel('Monday').inputValue()).toBe(monday);

    await section.getByLabel('Monday').fill('09:00-11:00, 14:00-16:00');
    await section.getByLabel('Tuesday').fill('16:00-14:00');
    for (const day of ['Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await section.getByLabel(day).fill('');
    await section.getByRole('button', { name: 'Save windows' }).click();
    await section.getByRole('alert').getByText("time_range '16:00-14:00' must end after it starts", { exact: true }).waitFor();
    await section.screenshot({ path: join(SHOTS_DIR, 'settings-sending-windows-error.png') });
    expect((await admin.call<OptimalSendingTimes>('GET', '/api/settings/optimal-sending-times')).optimal_times).toEqual(current.optimal_times);

    await section.getByLabel('Tuesday').fill('10:00-12:00');
    await section.getByRole('button', { name: 'Save windows' }).click();
    await page.locator('.toast-item', { hasText: 'Sending windows saved' }).waitFor();
    expect((await admin.call<OptimalSendingTimes>('GET', '/api/settings/optimal-sending-times')).optimal_times).toEqual([
      { day: 'Monday', time_range: '09:00-11:00' },
      { day: 'Monday', time_range: '14:00-16:00' },
      { day: 'Tuesday', time_range: '10:00-12:00' },
    ]);
    await section.screenshot({ path: join(SHOTS_DIR, 'settings-sending-windows.png') });

    // What was saved is what the screen shows after a reload.
    await page.reload();
    expect(await page.getByRole('region', { name: 'Sending windows' }).getByLabel('Tuesday').inputValue()).toBe('10:00-12:00');
  });
});

describe('the Outreach screen', () => {
  it("shows a queued email's time on the recipient's clock and the operator's", async () => {
    // An email approved for 10:00 next Tuesday in Denver, to a lead whose zone came from its address.
    const sendAt = nextOccurrence('Tuesday', 10, 'America/Denver', new Date(Date.now() + 3600_000));
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    const now = Date.now();
    const lead = await db.execute({
      sql: "INSERT INTO leads (url, hostname, title, company_name, status, timezone, timezone_source, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://mile-high-plumbing.example/', 'mile-high-plumbing.example', 'Mile High Plumbing', 'Mile High Plumbing', 'EMAIL_GENERATED', 'America/Denver', 'analysis: address ''1550 Larimer St, Denver, CO 80202''', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
      args: [now, now, now],
    });
    const email = await db.execute({
      sql: "INSERT INTO emails (lead_id, subject, body, recipient_email, status, scheduled_send_time, open_count, click_count, created_at, updated_at) VALUES (?, 'Your website', 'Hello.', 'owner@mile-high-plumbing.example', 'QUEUED', ?, 0, 0, ?, ?) RETURNING id",
      args: [Number(lead.rows[0].id), sendAt.getTime(), now, now],
    });
    db.close();
    const id = Number(email.rows[0].id);
    const expected = `Goes ${twoZoneTime(sendAt.toISOString(), 'America/Denver', OPERATOR_ZONE)}`;
    // Denver is 8 hours behind Berlin (7 in the weeks their DST changes disagree).
    expect(expected).toMatch(/^Goes Tue 10:00 in Denver · 1[78]:00 your time$/);

    await page.goto(`${server.url}/outreach`);
    const item = page.getByRole('region', { name: 'Queued Emails', exact: true }).locator(`[data-email-id="${id}"]`);
    await item.getByText(expected, { exact: true }).waitFor();
    await item.click();
    const detail = page.getByRole('complementary', { name: 'Email details' });
    await detail.getByText(expected, { exact: true }).waitFor();
    await detail.getByText("Recipient's time zone: America/Denver — analysis: address '1550 Larimer St, Denver, CO 80202'").waitFor();
    await screenshot(page, 'outreach-two-zone-time');
  });
});

describe('the Drafts screen', () => {
  it("says when a draft would go, by its recipient's window, before it is approved", async () => {
    // A window on a weekday that is not today in Denver: closed now, whatever the time of the run.
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const today = localSlot(new Date(), 'America/Denver').day;
    const day = week[(week.indexOf(today) + 2) % 7];
    await admin.call('PUT', '/api/settings/optimal-sending-times', { optimal_times: [{ day, time_range: '10:00-11:00' }] });
    const db = createClient({ url: `file:${join(server.dataDir, 'e2e.db')}`, timeout: 15_000 });
    const now = Date.now();
    const lead = await db.execute({
      sql: "INSERT INTO leads (url, hostname, title, status, timezone, timezone_source, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://rocky-roofing.example/', 'rocky-roofing.example', 'Rocky Roofing', 'EMAIL_GENERATED', 'America/Denver', 'campaign location ''Denver, CO''', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
      args: [now, now, now],
    });
    const draft = await db.execute({
      sql: "INSERT INTO emails (lead_id, subject, body, recipient_email, status, quality_score, open_count, click_count, created_at, updated_at) VALUES (?, 'Your roof, your website', 'Hello.', 'owner@rocky-roofing.example', 'DRAFT', 0.8, 0, 0, ?, ?) RETURNING id",
      args: [Number(lead.rows[0].id), now, now],
    });
    db.close();
    const sendAt = nextOccurrence(day, 10, 'America/Denver', new Date());

    await page.goto(`${server.url}/drafts`);
    const group = page.locator('.draft-group[data-hostname="rocky-roofing.example"]');
    await group.locator('.draft-group-toggle-btn').click();
    const row = page.locator(`.draft-row[data-draft-id="${Number(draft.rows[0].id)}"]`);
    await row.getByRole('button', { name: 'Queue & Send' }).waitFor();
    await row.getByText(`Approved now, it goes ${twoZoneTime(sendAt.toISOString(), 'America/Denver', OPERATOR_ZONE)}: its recipient's sending window is closed.`).waitFor();
    await row.screenshot({ path: join(SHOTS_DIR, 'drafts-recipient-window.png') });
  });
});
