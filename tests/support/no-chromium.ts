// Campaign tests that are not about the site audit run on a host "without Chromium": the audit
// stage's documented no-Chromium path (said once, leads drafted from the crawl alone) costs
// milliseconds, where a real Lighthouse run per lead costs 10-30 s. The audit tests name
// /usr/bin/chromium themselves. vitest.config.ts sets it for spawned processes; in-process
// contexts with their own env take it from here.
export const NO_CHROMIUM = { CHROME_PATH: '/nonexistent/chromium (campaign tests run without audits)' };
