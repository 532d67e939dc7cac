// Signing in and out through the dashboard, the way a user does it.
import type { Page } from 'playwright-core';

export async function openLogin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('heading', { name: 'Outreach' }).waitFor();
}

export async function submitLogin(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await openLogin(page, baseUrl);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and waits for the dashboard with its 'Welcome back!' toast. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await submitLogin(page, baseUrl, username, password);
  await page.waitForURL('**/dashboard');
  await page.getByText('Welcome back!').waitFor();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}
