// PageSpeed Insights as the site auditor, against its contract fake on loopback: the lab run
// (Google's Lighthouse) and the field data (Chrome UX Report) mapped and labelled, lab only when
// Google has no field data, the page's own errors "not measured", the service's 429/5xx through
// the shared gateway (retries, breaker) as every paid provider's, the daily quota enforced before
// the call, and each query metered in Usage. Providers picks it when the Google API key is set.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { printAudit } from '../../src/cli/commands/analyze-audit.ts';
import { auditSummary } from '../../src/core/audit/summary.ts';
import { DomainError } from '../../src/core/errors.ts';
import { siteAuditSchema, type SiteAudit } from '../../src/core/model/audit.ts';
import { ProviderError } from '../../src/core/model/providers.ts';
import { ServiceGateway } from '../../src/core/resilience/gateway.ts';
import { LighthouseAuditor } from '../../src/providers/audit/lighthouse.ts';
import { PsiAuditor } from '../../src/providers/audit/psi.ts';
import type { HttpFake } from '../fakes/http-fake.ts';
import { FAKE_JPEG_BASE64, PSI_HOSTS, PSI_PATH, psiReplies, startPsiFake } from '../fakes/psi.ts';
import { fakeClock } from '../support/fake-clock.ts';
import { startHarness, type Harness } from './support/harness.ts';

const KEY = 'AIza-psi-test-key-0123456789';
let fake: HttpFake;
let h: Harness;
let clock: ReturnType<typeof fakeClock>;

beforeAll(async () => {
  fake = await startPsiFake({ apiKey: KEY });
});
afterAll(() => fake.stop());
beforeEach(async () => {
  fake.reset();
  clock = fakeClock();
  // The sandbox (the search provider: no engine id) on free ports, should anything start it.
  h = await startHarness({ OUTREACH_GOOGLE_CSE_KEY: KEY, OUTREACH_PAGESPEED_BASE_URL: fake.baseUrl, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
});
afterEach(() => h.close());

/** PSI as Providers builds it, through a gateway over the app's meter whose pauses take no time (and are recorded). */
const auditor = async () => new PsiAuditor({ apiKey: KEY, baseUrl: fake.baseUrl, gateway: new ServiceGateway(h.ctx.meter, h.ctx.settings.system, clock, () => 0.5) });
const page = (host: string) => `https://${host}/`;
const pagespeedQueries = async () => (await h.ctx.usage.summary(1)).by_service.pagespeed?.count ?? 0;

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error, 'the audit should have failed').toBeInstanceOf(Error);
  return error as Error;
}

function expectNotMeasured(audit: SiteAudit, reason: RegExp): void {
  expect(siteAuditSchema.parse(audit)).toEqual(audit);
  expect(audit).toMatchObject({ measured: false, chromium_missing: false, reason: expect.stringMatching(reason) });
  for (const key of ['performance', 'lcp_ms', 'cls', 'total_bytes', 'screenshots', 'field', 'source']) expect(audit).not.toHaveProperty(key);
}

describe('PageSpeed Insights (the provider)', () => {
  it('measures with PSI when the Google API key is configured (metered), and locally what Google cannot reach or without the key', async () => {
    const auditor = await h.ctx.providers.siteAuditor();
    expect(await h.ctx.providers.auditorKind(page(PSI_HOSTS.field))).toBe('psi');
    expect(await auditor.audit(page(PSI_HOSTS.field))).toMatchObject({ measured: true, source: 'psi' });
    expect(fake.requests).toHaveLength(1);
    expect(await pagespeedQueries()).toBe(1);
    // A page on loopback (the sandbox's): out of Google's reach, so local Lighthouse (no Chromium in these tests).
    const local = 'http://127.0.0.1:9/';
    expect(await h.ctx.providers.auditorKind(local)).toBe('lighthouse');
    expect(await auditor.audit(local)).toMatchObject({ measured: false, chromium_missing: false, reason: expect.stringMatching(/^refusing to fetch http:\/\/127\.0\.0\.1:9\/: loopback address$/) });
    expect(fake.requests).toHaveLength(1);
    // The bare adapter refuses it too, asking Google nothing.
    expect(await new PsiAuditor({ apiKey: KEY, baseUrl: fake.baseUrl }).audit(local)).toMatchObject({ measured: false, reason: 'PageSpeed Insights runs at Google and cannot load http://127.0.0.1:9/ (not a public http(s) address)' });
    expect(fake.requests).toHaveLength(1);
    const keyless = await startHarness({ OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0' });
    try {
      expect(await keyless.ctx.providers.siteAuditor()).toBeInstanceOf(LighthouseAuditor);
      expect(await keyless.ctx.providers.auditorKind()).toBe('lighthouse');
    } finally {
      await keyless.close();
    }
  });

  it('maps the lab run and the page\'s field data, each labelled, and asks as the API documents', async () => {
    const url = page(PSI_HOSTS.field);
    const audit = await (await auditor()).audit(url);
    expect(audit.measured, JSON.stringify(audit)).toBe(true);
    if (!audit.measured) return;
    expect(siteAuditSchema.parse(audit)).toEqual(audit);
    expect(audit).toMatchObject({
      source: 'psi',
      url,
      final_url: url,
      performance: 42,
      accessibility: 87,
      best_practices: 96,
      seo: 83,
      lcp_ms: 6235,
      fcp_ms: 2890,
      cls: 0.183,
      tbt_ms: 513,
      speed_index_ms: 5121,
      total_bytes: 3_412_345,
      image_savings_bytes: 1_800_000,
      render_blocking: { wasted_ms: 900, items: [{ url: `${url}theme.css`, wasted_ms: 900 }] },
      is_https: true,
      mixed_content: [],
      title: 'pass',
      meta_description: 'fail',
      tap_targets: 'fail',
      font_size: 'pass',
      lighthouse_version: '12.8.2',
      device: 'mobile',
      throttling: 'mobile, simulated slow 4G, one lab run',
      runs: 1,
    });
    // The phone screenshot is PSI's final screenshot; PSI takes no desktop one.
    expect(audit.screenshots).toEqual({ mobile: { mime: 'image/jpeg', base64: FAKE_JPEG_BASE64 } });
    expect(audit.field).toEqual({
      scope: 'url',
      id: url,
      label: 'real Chrome users on phones, of this page, over the last 28 days',
      overall: 'poor',
      lcp_ms: { p75: 4300, band: 'poor' },
      cls: { p75: 0.12, band: 'needs_improvement' },
      inp_ms: { p75: 180, band: 'good' },
      fcp_ms: { p75: 2100, band: 'needs_improvement' },
    });

    expect(fake.requests).toHaveLength(1);
    const { path, query } = fake.requests[0];
    expect(path).toBe(PSI_PATH);
    expect(query.get('url')).toBe(url);
    expect(query.get('strategy')).toBe('mobile');
    expect(query.getAll('category')).toEqual(['performance', 'accessibility', 'best-practices', 'seo']);
    expect(query.get('key')).toBe(KEY);
  });

  it("labels the whole site's field data as the origin's when Google has too few visits to the page", async () => {
    const audit = await (await auditor()).audit(`https://${PSI_HOSTS.origin}/about`);
    expect(audit.measured && audit.field).toMatchObject({
      scope: 'origin',
      id: `https://${PSI_HOSTS.origin}`,
      label: `real Chrome users on phones, across the whole site (https://${PSI_HOSTS.origin}), over the last 28 days`,
      lcp_ms: { p75: 4300, band: 'poor' },
    });
  });

  it('keeps the lab run alone when Google has no field data', async () => {
    const audit = await (await auditor()).audit(page(PSI_HOSTS.labOnly));
    expect(audit.measured).toBe(true);
    if (!audit.measured) return;
    expect(siteAuditSchema.parse(audit)).toEqual(audit);
    expect(audit).not.toHaveProperty('field');
    expect(audit).toMatchObject({ source: 'psi', performance: 42, lcp_ms: 6235 });
  });

  it("gives 'not measured' with Google's reason for a page Lighthouse could not load (the query still counts)", async () => {
    const audit = await (await auditor()).audit(page(PSI_HOSTS.unreachable));
    expectNotMeasured(audit, /^PageSpeed Insights could not measure the page: Lighthouse returned error: FAILED_DOCUMENT_REQUEST\. /);
    expect(fake.requests).toHaveLength(1); // the page's error is an answer: not retried
    expect(await pagespeedQueries()).toBe(1);
  });

  it("gives 'not measured' for Lighthouse's own error answered as a 500 (NO_FCP), without retrying it", async () => {
    expectNotMeasured(await (await auditor()).audit(page(PSI_HOSTS.noPaint)), /^PageSpeed Insights could not measure the page: Lighthouse returned error: NO_FCP\./);
    expect(fake.requests).toHaveLength(1);
  });

  it('waits out a 429 (its Retry-After) and measures on the retry, counting one query', async () => {
    fake.failNext(psiReplies.rateLimit(7));
    const audit = await (await auditor()).audit(page(PSI_HOSTS.field));
    expect(audit.measured).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(clock.slept).toEqual([7000]);
    expect(await pagespeedQueries()).toBe(1);
  });

  it('retries a 500 with backoff, then fails as the other providers do (the job is retried), counting nothing', async () => {
    fake.failAlways(psiReplies.serverError());
    const error = await rejection((await auditor()).audit(page(PSI_HOSTS.field)));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ service: 'pagespeed', kind: 'unavailable', message: 'Unable to process request. Please wait a while and try again.' });
    const retries = (await h.ctx.settings.system.get()).max_retries;
    expect(fake.requests).toHaveLength(1 + retries);
    expect(clock.slept).toHaveLength(retries);
    expect(await pagespeedQueries()).toBe(0);
  });

  it("stops at Google's daily quota answer (not retried) and at a refused key, never showing the key", async () => {
    fake.failNext(psiReplies.dailyQuota());
    const quota = await rejection((await auditor()).audit(page(PSI_HOSTS.field)));
    expect(quota).toMatchObject({ service: 'pagespeed', kind: 'quota_exhausted' });
    expect(quota.message).toContain('Queries per day');
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    const wrongKey = await rejection(new PsiAuditor({ apiKey: 'AIza-wrong', baseUrl: fake.baseUrl }).audit(page(PSI_HOSTS.field)));
    expect(wrongKey).toMatchObject({ kind: 'auth', message: 'API key not valid. Please pass a valid API key.' });
    expect(wrongKey.message).not.toContain('AIza-wrong');
  });

  it('refuses before the call, with no request made, once the day\'s 25,000 queries are used', async () => {
    await h.ctx.meter.record({ service: 'pagespeed', operation: 'audit', count: 24_999 });
    expect((await (await auditor()).audit(page(PSI_HOSTS.field))).measured).toBe(true);
    expect(fake.requests).toHaveLength(1);
    const error = await rejection((await auditor()).audit(page(PSI_HOSTS.field)));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'quota_exhausted', message: 'Daily PageSpeed Insights quota reached: 25,000 of 25,000 queries used today (UTC)' });
    expect(fake.requests).toHaveLength(1); // the refused audit asked Google nothing
  });

  it('meters every query in Usage (free: no cost), one per run', async () => {
    const psi = await auditor();
    await psi.audit(page(PSI_HOSTS.field));
    await psi.audit(page(PSI_HOSTS.labOnly), { runs: 2 });
    const summary = await h.ctx.usage.summary(1);
    expect(summary.by_service.pagespeed).toEqual({ count: 3, cost: 0, operations: { audit: 3 } });
    expect(fake.requests).toHaveLength(3);
  });

  it("outreach analyze: --json carries source and field; the text says which service measured and labels the field data as field data", async () => {
    const measured = await (await auditor()).audit(page(PSI_HOSTS.field));
    const json = JSON.parse(JSON.stringify(auditSummary(measured)));
    expect(json).toMatchObject({ measured: true, source: 'psi', screenshots: ['mobile'], field: { scope: 'url', label: 'real Chrome users on phones, of this page, over the last 28 days', lcp_ms: { p75: 4300, band: 'poor' } } });

    const printed = (audit: SiteAudit) => {
      const lines: string[] = [];
      const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
      try {
        printAudit(audit, (t) => t);
      } finally {
        spy.mockRestore();
      }
      return lines.join('');
    };
    const text = printed(measured);
    expect(text).toMatch(/^Site audit \(Google PageSpeed Insights, Lighthouse 12\.8\.2, mobile, simulated slow 4G, one lab run; took /m);
    expect(text).toContain('Field data: real Chrome users on phones, of this page, over the last 28 days (Chrome UX Report, 75th percentile)\n');
    expect(text).toMatch(/^ {2}LCP \(largest content\) +4\.3 s: poor$/m);
    expect(text).toMatch(/^ {2}CLS \(layout shift\) +0\.12: needs improvement$/m);
    expect(text).toMatch(/^ {2}INP \(responsiveness\) +180 ms: good$/m);
    expect(text).toMatch(/^ {2}Core Web Vitals +poor$/m);

    const labOnly = printed(await (await auditor()).audit(page(PSI_HOSTS.labOnly)));
    expect(labOnly).toMatch(/^ {2}Field data +none: Google has too few visits to this page and site to report real users' figures$/m);
    expect(labOnly).not.toContain('Chrome UX Report');
  });
});
