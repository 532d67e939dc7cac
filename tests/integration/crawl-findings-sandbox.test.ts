// The measured findings on the sandbox web, checked against its ground truth: a real measuring
// crawl (links and images checked, https tried) of sites with broken links and images, stale
// and current copyright years, expired, expiring and valid certificates, plain-http sites and a phone
// link that dials the number with two digits swapped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlOptions, CrawlResult } from '../../src/core/model/crawl.ts';
import { CRAWL_MEASURE, isBrokenStatus } from '../../src/core/pipeline/analyze/crawl-findings.ts';
import { extractFacts } from '../../src/core/pipeline/analyze/site-facts.ts';
import { CheerioSiteCrawler } from '../../src/providers/crawl/index.ts';
import { groundTruth, startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { SandboxSite } from '../../src/sandbox/site.ts';

const OPTIONS: CrawlOptions = { maxPages: 4, timeoutMs: 3000, delaySeconds: 0, ratePerMinute: 0, measure: CRAWL_MEASURE };

let sandbox: Sandbox;
const crawls = new Map<string, CrawlResult>();
let sample: SandboxSite[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'outreach-sandbox-v1', sites: 160, httpPort: 0, httpsPort: 0, slow: false });
  const reachable = sandbox.sites.filter((s) => groundTruth(s).reachable && s.fault === 'none');
  const first = (test: (s: SandboxSite) => boolean, n: number) => reachable.filter(test).slice(0, n);
  const t = (s: SandboxSite) => groundTruth(s);
  sample = [
    ...new Set([
      ...first((s) => t(s).broken_resources.some((b) => b.kind === 'image'), 2),
      ...first((s) => t(s).broken_resources.some((b) => b.kind === 'link' && b.status !== 404), 3),
      ...first((s) => t(s).copyright_stale, 2),
      ...first((s) => !t(s).copyright_stale, 2),
      ...first((s) => t(s).certificate === 'expired', 2),
      ...first((s) => t(s).certificate === 'expiring', 2),
      ...first((s) => t(s).certificate === 'valid', 2),
      ...first((s) => t(s).certificate === 'none', 2),
      ...first((s) => t(s).phone_link_dials !== null, 2),
    ]),
  ];
  const crawler = new CheerioSiteCrawler({ allow: [`127.0.0.1:${sandbox.httpPort}`, `127.0.0.1:${sandbox.httpsPort}`], ca: [sandbox.caPem] });
  await Promise.all(sample.map(async (s) => crawls.set(s.slug, await crawler.crawlSite(sandbox.urlOf(s), OPTIONS))));
}, 120_000);
afterAll(() => sandbox?.close());

describe('measured findings on the sandbox web', () => {
  it('covers every kind the truth records', () => {
    const truths = sample.map((s) => groundTruth(s));
    expect(new Set(truths.map((t) => t.certificate))).toEqual(new Set(['expired', 'expiring', 'valid', 'none']));
    expect(truths.some((t) => t.broken_resources.some((b) => b.kind === 'image'))).toBe(true);
    expect(truths.some((t) => t.copyright_stale)).toBe(true);
    expect(truths.some((t) => t.phone_link_dials)).toBe(true);
  });

  it('finds exactly the broken links and images the truth lists, with their status codes', () => {
    for (const s of sample) {
      const truth = groundTruth(s);
      const crawl = crawls.get(s.slug)!;
      expect(crawl.home?.status, s.slug).toBe(200);
      const broken = crawl.linkChecks!.filter((c) => isBrokenStatus(c.status));
      const found = new Set(broken.map((c) => `${c.kind} ${new URL(c.url).pathname} ${c.status}`));
      const expected = new Set(truth.broken_resources.map((b) => `${b.kind} ${b.path} ${b.status}`));
      expect(found, s.slug).toEqual(expected);
      const facts = extractFacts(crawl);
      const links = truth.broken_resources.filter((b) => b.kind === 'link');
      expect(facts.findings.find((f) => f.id === 'broken_links')?.value ?? 0, s.slug).toBe(links.length);
      expect(facts.findings.find((f) => f.id === 'broken_images')?.value ?? 0, s.slug).toBe(truth.broken_resources.filter((b) => b.kind === 'image').length);
    }
  });

  it('says what the certificate and the footer say, as the truth records them', () => {
    for (const s of sample) {
      const truth = groundTruth(s);
      const facts = extractFacts(crawls.get(s.slug)!);
      const ids = facts.findings.map((f) => f.id);
      expect(ids.includes('certificate_expired'), `${s.slug} ${truth.certificate}`).toBe(truth.certificate === 'expired');
      expect(ids.includes('certificate_expiring'), `${s.slug} ${truth.certificate}`).toBe(truth.certificate === 'expiring');
      if (truth.certificate === 'none') expect(facts.findings.find((f) => f.id === 'no_ssl'), s.slug).toMatchObject({ confidence: 1, evidence: expect.stringContaining('failed') });
      // A phone link that shows the right number and dials one with two digits swapped.
      const phoneLink = facts.findings.find((f) => f.id === 'bad_phone_link');
      if (truth.phone_link_dials) expect(phoneLink, s.slug).toMatchObject({ quote: truth.phone, quotes: [truth.phone_link_dials] });
      else expect(phoneLink, s.slug).toBeUndefined();
      const stale = facts.findings.find((f) => f.id === 'stale_copyright');
      if (truth.copyright_stale) expect(stale?.claim, s.slug).toBe(`The footer still says "${truth.copyright_notice}"`);
      else expect(stale, s.slug).toBeUndefined();
    }
  });
});
