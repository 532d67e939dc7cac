// Sign-in, user administration and password change, through the real server and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { openUserMenu, signIn, signOut, submitLogin } from './support/session.ts';

const ADMIN = { username: 'admin', password: 'admin-e2e-Secret-1' };
const MEMBER = { username: 'jane.doe', email: 'jane@example.com', fullName: 'Jane Doe', password: 'first-pass-123' };
const NEW_PASSWORD = 'second-pass-456';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sidebar = () => page.getByRole('complementary', { name: 'Main navigation' });

describe('signing in and managing users', () => {
  it('refuses a wrong password with the spec message', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/login');
    await screenshot(page, '00-login');
    await submitLogin(page, server.url, ADMIN.username, 'not-the-password');
    await page.getByText('Invalid username or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, '01-login-error');
  });

  it('signs the bootstrap admin in and shows the Administration section', async () => {
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await sidebar().getByText('Administration', { exact: true }).waitFor();
    const labels = await sidebar().locator('.menu-list a .nav-label').allTextContents();
    expect(labels).toEqual([
      'Dashboard',
      'AI Suggestions',
      'Campaigns',
      'Campaign History',
      'Drafts',
      'Leads',
      'Deals',
      'Outreach',
      'Replies',
      'Analytics',
      'Usage & Quotas',
      'Settings',
      'User Management',
    ]);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Live Activity Feed' }).waitFor();
  });

  it('creates a user in User Management', async () => {
    await sidebar().getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.locator('tr[data-username="admin"]').waitFor();

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill(MEMBER.username);
    await dialog.getByLabel('Email').fill(MEMBER.email);
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByLabel('Full Name').fill(MEMBER.fullName);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await screenshot(page, '02-add-user');

    await dialog.getByLabel('Password').fill(MEMBER.password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('User created', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator(`tr[data-username="${MEMBER.username}"]`);
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual([
      MEMBER.username,
      MEMBER.fullName,
      MEMBER.email,
      'User',
      'Active',
      'Never',
      expect.stringContaining('Delete'),
    ]);
    // The signed-in admin's own row offers neither delete nor the status toggle.
    const own = page.locator('tr[data-username="admin"]');
    expect(await own.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await own.getByRole('button', { name: 'Active' }).count()).toBe(0);
    await screenshot(page, '03-users');
    await signOut(page);
  });

  it('keeps regular users out of administration', async () => {
    await signIn(page, server.url, MEMBER.username, MEMBER.password);
    await sidebar().getByRole('link', { name: 'Settings' }).waitFor();
    expect(await sidebar().getByText('Administration').count()).toBe(0);
    expect(await sidebar().getByText('User Management').count()).toBe(0);

    await page.goto(`${server.url}/users`);
    await page.getByText('Admin access required').waitFor();

    await openUserMenu(page);
    const menu = page.getByRole('menu');
    await menu.getByText(MEMBER.fullName).waitFor();
    await menu.getByText(MEMBER.email).waitFor();
    await menu.getByText('User', { exact: true }).waitFor();
    await screenshot(page, '04-user-menu');
  });

  it('changes the password through the dialog', async () => {
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(MEMBER.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm New Password').fill('something-else-1');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('New passwords do not match').waitFor();

    await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await screenshot(page, '05-change-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('✓ Password changed successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The new token replaced the old one: a reload keeps the user signed in.
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await signOut(page);
  });

  it('signs in with the new password only', async () => {
    await submitLogin(page, server.url, MEMBER.username, MEMBER.password);
    await page.getByText('Invalid username or password').waitFor();
    await signIn(page, server.url, MEMBER.username, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('lets the admin edit, deactivate and delete users', async () => {
    await signOut(page);
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/users`);

    // Editing yourself: only email and full name, and a pointer to Change Password.
    await page.locator('tr[data-username="admin"]').getByRole('button', { name: 'Edit' }).click();
    const own = page.getByRole('dialog', { name: 'Edit User: admin' });
    await own.getByText('Change Password in the user menu').waitFor();
    await screenshot(page, '07-edit-self');
    expect(await own.getByLabel('Role').count()).toBe(0);
    expect(await own.getByLabel('Reset password').count()).toBe(0);
    await own.getByRole('button', { name: 'Cancel' }).click();

    const row = page.locator(`tr[data-username="${MEMBER.username}"]`);
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit User: ${MEMBER.username}` });
    await edit.getByLabel('Full Name').fill('Jane Q. Doe');
    await edit.getByLabel('Reset password').fill('short');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('Password must be at least 8 characters').waitFor();
    await edit.getByLabel('Reset password').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('User updated', { exact: true }).waitFor();
    await row.getByText('Jane Q. Doe').waitFor();
    // Last Login now shows the sign-ins above instead of 'Never'.
    expect(await row.locator('td').nth(5).innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);

    await row.getByRole('button', { name: 'Active' }).click();
    await page.getByText('User status updated').waitFor();
    await row.getByRole('button', { name: 'Inactive' }).waitFor();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete this user?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('sends a visitor whose token the server refuses back to /login', async () => {
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('outreach.session') ?? '{}');
      localStorage.setItem('outreach.session', JSON.stringify({ ...stored, access_token: 'not-a-valid-token' }));
    });
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('outreach.session'))).toBeNull();
  });

  it('hands the OAuth2 result to the opener window and closes the pop-up', async () => {
    await page.goto(`${server.url}/login`);
    const message = page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          window.addEventListener('message', (event) => resolve(event.data), { once: true });
          window.open('/oauth2/google-ads/callback?code=abc123&state=s-1', 'oauth', 'width=600,height=700');
        }),
    );
    const popup = await page.waitForEvent('popup');
    expect(await message).toEqual({ type: 'google_ads_oauth_success', code: 'abc123', state: 's-1' });
    await popup.waitForEvent('close');

    const missing = page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          window.addEventListener('message', (event) => resolve(event.data), { once: true });
          window.open('/oauth2/google-ads/callback', 'oauth2', 'width=600,height=700');
        }),
    );
    expect(await missing).toEqual({ type: 'google_ads_oauth_error', error: 'No authorization code received' });

    const standalone = await context.newPage();
    await standalone.goto(`${server.url}/oauth2/google-ads/callback?error=access_denied`);
    await standalone.getByText('Processing Authorization').waitFor();
    await standalone.getByText('access_denied').waitFor();
    await standalone.close();
  });

  it('uses a slide-over menu on a small screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const small = await phone.newPage();
      small.setDefaultTimeout(15_000);
      await signIn(small, server.url, ADMIN.username, ADMIN.password);
      await small.getByRole('button', { name: 'Dismiss' }).click();
      await small.getByText('Welcome back!').waitFor({ state: 'detached' });
      const nav = small.getByRole('complementary', { name: 'Main navigation' });
      const dashboardLink = nav.getByRole('link', { name: 'Dashboard' });
      expect(await isInViewport(dashboardLink)).toBe(false);
      await screenshot(small, '08-small-screen');

      await small.getByRole('button', { name: 'Toggle navigation' }).click();
      await nav.getByText('Administration', { exact: true }).waitFor();
      await small.waitForFunction(() => {
        const box = document.getElementById('app-sidebar')?.getBoundingClientRect();
        return box !== undefined && box.left >= 0;
      });
      await screenshot(small, '08-small-screen-menu');

      await nav.getByRole('link', { name: 'User Management' }).click();
      await small.getByRole('heading', { name: 'User Management' }).waitFor();
      await small.waitForFunction(() => {
        const box = document.getElementById('app-sidebar')?.getBoundingClientRect();
        return box !== undefined && box.right <= 0;
      });
      await small.locator('tr[data-username="admin"]').waitFor();
      await screenshot(small, '08-small-screen-users');
    } finally {
      await phone.close();
    }
  });
});

async function isInViewport(locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x + box.width > 0;
}
