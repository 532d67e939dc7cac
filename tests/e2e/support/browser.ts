// Debian's Chromium driven by playwright-core, plus a screenshot helper. Every context and
// page it opens records Content-Security-Policy violations (support/csp.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { watchCsp } from './csp.ts';

/** Screenshots of every screen, for review after a run (git-ignored). */
export const SHOTS_DIR = process.env.OUTREACH_SHOTS_DIR || join(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

/** How Debian's Chromium is launched (the benchmarks launch it the same way). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchCsp(await newContext(options));
  // browser.newPage makes its own context: watch it before the page navigates anywhere.
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await watchCsp(page.context());
    return page;
  };
  return browser;
}

/** Saves a full-page screenshot as <SHOTS_DIR>/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
