// The guard every e2e file runs under (support/csp-guard.ts) must see a violation when there
// is one: a page served with the dashboard's policy and an inline script and style.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { takeCspViolations } from './support/csp.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the e2e CSP guard', () => {
  it('records inline script and inline style blocked by the policy, in a context and in a bare page', async () => {
    const html = '<!doctype html><title>t</title><style>body{color:red}</style><body><script>document.title = "ran"</script></body>';
    const policy = "default-src 'self'; script-src 'self'; style-src 'self'";
    for (const page of [await (await browser.newContext()).newPage(), await browser.newPage()]) {
      await page.route('http://csp-guard.test/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', headers: { 'Content-Security-Policy': policy }, body: html }),
      );
      await page.goto('http://csp-guard.test/');
      expect(await page.title()).toBe('t'); // the inline script did not run
      await expect.poll(() => takeCspViolations().join('\n'), { timeout: 5_000 }).toMatch(/script-src[\s\S]*style-src|style-src[\s\S]*script-src/);
      await page.context().close();
    }
  });
});
