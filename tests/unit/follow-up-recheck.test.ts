// The re-check before a follow-up (core/sequences/recheck.ts): what the thread cited, compared
// with a new measurement. Gone with the metric measured is fixed (said with the new figure);
// still poor stands (and may be said again); not measured is never a fix. The crawl's findings
// the thread cited are read again by a new crawl: gone is fixed, a site that cannot be read is
// unknown. A stored audit younger than recheck_after_days is not measured again, and an audit
// that cannot run leaves the stored one in place.
import { describe, expect, it } from 'vitest';
import type { StoredAudit } from '../../src/core/audit/store.ts';
import type { MeasuredAudit, SiteAudit } from '../../src/core/model/audit.ts';
import type { Finding } from '../../src/core/model/analysis.ts';
import { compareCited, compareCrawled, recheckSite, stopsForFix, withRecrawl, type RecheckDeps } from '../../src/core/sequences/recheck.ts';

const URL = 'https://plumber.example/';
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;

function audit(o: Partial<MeasuredAudit> = {}): MeasuredAudit {
  return {
    measured: true,
    source: 'lighthouse',
    url: URL,
    final_url: URL,
    performance: 70,
    accessibility: null,
    best_practices: null,
    seo: null,
    lcp_ms: 2100,
    fcp_ms: null,
    cls: 0.02,
    tbt_ms: null,
    speed_index_ms: null,
    total_bytes: 1_800_000,
    image_savings_bytes: null,
    render_blocking: null,
    is_https: true,
    mixed_content: [],
    title: null,
    meta_description: null,
    tap_targets: null,
    font_size: null,
    screenshots: {},
    lighthouse_version: '12.2.3',
    device: 'mobile',
    throttling: 'mobile, simulated slow 4G, one lab run',
    runs: 1,
    measured_at: NOW.toISOString(),
    duration_ms: 9000,
    warnings: [],
    ...o,
  };
}
const notMeasured: SiteAudit = { measured: false, url: URL, reason: 'the page did not load within 120 s', chromium_missing: false, measured_at: NOW.toISOString(), duration_ms: 120_000 };

describe('compareCited', () => {
  it('says each measured finding that is gone as fixed, with its new figure', () => {
    expect(compareCited(['slow_mobile'], audit({ lcp_ms: 2100 })).fixed).toEqual(['LCP now 2.1 s: fixed']);
    expect(compareCited(['layout_shift'], audit({ cls: 0.04 })).fixed).toEqual(['CLS now 0.04: fixed']);
    expect(compareCited(['heavy_page'], audit({ total_bytes: 2_300_000 })).fixed).toEqual(['the home page now downloads 2.3 MB: fixed']);
    expect(compareCited(['low_performance'], audit({ performance: 72 })).fixed).toEqual(['performance now 72/100: fixed']);
  });

  it('keeps what is still poor, the same or worse, as standing', () => {
    expect(compareCited(['slow_mobile', 'heavy_page'], audit({ lcp_ms: 9400, total_bytes: 6_000_000 }))).toEqual({ fixed: [], standing: ['slow_mobile', 'heavy_page'], unknown: [] });
    expect(compareCited(['slow_mobile'], audit({ lcp_ms: 4100 })).standing).toEqual(['slow_mobile']);
  });

  it('never calls a metric that was not measured this time fixed', () => {
    expect(compareCited(['slow_mobile'], audit({ lcp_ms: null }))).toEqual({ fixed: [], standing: [], unknown: ['slow_mobile'] });
    expect(compareCited(['slow_mobile', 'layout_shift'], notMeasured)).toEqual({ fixed: [], standing: [], unknown: ['slow_mobile', 'layout_shift'] });
    expect(compareCited(['slow_mobile'], audit({ device: 'desktop' })).unknown).toEqual(['slow_mobile']);
  });

  it("leaves the crawl's findings out: they are not re-checked", () => {
    expect(compareCited(['no_ssl', 'broken_links', 'slow_mobile', 'slow_mobile'], audit())).toEqual({ fixed: ['LCP now 2.1 s: fixed'], standing: [], unknown: [] });
  });
});

describe('stopsForFix', () => {
  it('stops only when every measured finding the thread cited is fixed', () => {
    expect(stopsForFix({ fixed: ['LCP now 2.1 s: fixed'], standing: [], unknown: [] })).toBe('LCP now 2.1 s: fixed');
    expect(stopsForFix({ fixed: ['LCP now 2.1 s: fixed', 'CLS now 0.04: fixed'], standing: [], unknown: [] })).toBe('LCP now 2.1 s: fixed; CLS now 0.04: fixed');
    expect(stopsForFix({ fixed: ['LCP now 2.1 s: fixed'], standing: ['heavy_page'], unknown: [] })).toBeUndefined();
    expect(stopsForFix({ fixed: ['LCP now 2.1 s: fixed'], standing: [], unknown: ['layout_shift'] })).toBeUndefined();
    expect(stopsForFix({ fixed: [], standing: [], unknown: [] })).toBeUndefined();
  });
});

function deps(stored: SiteAudit | undefined, measures: () => Promise<SiteAudit>, crawl?: () => Promise<Finding[] | null>) {
  const saved: SiteAudit[] = [];
  let runs = 0;
  let crawls = 0;
  const d: RecheckDeps = {
    audits: {
      save: async (_id, a) => void saved.push(a),
      latest: async () => (stored ? ({ audit: stored, screenshots: { mobile: false, desktop: false } } satisfies StoredAudit) : undefined),
      screenshot: async () => undefined,
    },
    siteAuditor: async () => ({
      audit: async () => {
        runs++;
        return measures();
      },
    }),
    settings: async () => ({ recheck_after_days: 7, audit_runs: 1 }),
    now: () => NOW,
    ...(crawl && {
      crawlFindings: async () => {
        crawls++;
        return crawl();
      },
    }),
  };
  return { d, saved, runs: () => runs, crawls: () => crawls };
}
const found = (id: Finding['id'], value: number | null = null): Finding => ({ id, claim: id, evidence: 'seen', url: URL, confidence: 1, value });
const old = audit({ lcp_ms: 6100, measured_at: new Date(NOW.getTime() - 8 * DAY).toISOString() });

describe('recheckSite', () => {
  it('measures an audit older than the setting again, keeps it, and stops for a fix', async () => {
    const { d, saved, runs } = deps(old, async () => audit({ lcp_ms: 2100 }));
    const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile']);
    expect(runs()).toBe(1);
    expect(saved).toHaveLength(1);
    expect(r.fixed).toBe('LCP now 2.1 s: fixed');
  });

  it('hands the follow-up the new figure when the problem stands', async () => {
    const { d } = deps(old, async () => audit({ lcp_ms: 9400 }));
    const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile']);
    expect(r.fixed).toBeUndefined();
    expect(r.remeasured).toEqual(['slow_mobile']);
    expect(r.findings.find((f) => f.id === 'slow_mobile')?.value).toBe(9.4);
  });

  it('does not measure an audit younger than the setting, nor a lead never audited', async () => {
    const recent = deps(audit({ lcp_ms: 6100, measured_at: new Date(NOW.getTime() - 6 * DAY).toISOString() }), async () => audit());
    const r = await recheckSite(recent.d, { id: 1, url: URL }, ['slow_mobile']);
    expect(recent.runs()).toBe(0);
    expect(r).toMatchObject({ remeasured: [], findings: [{ id: 'slow_mobile', value: 6.1 }] });
    const never = deps(undefined, async () => audit());
    expect(await recheckSite(never.d, { id: 1, url: URL }, ['slow_mobile'])).toEqual({ audited: false, crawled: false, findings: [], remeasured: [] });
    expect(never.runs()).toBe(0);
  });

  it('defers a site due a measurement when the turn has measured its share', async () => {
    const { d, runs } = deps(old, async () => audit());
    const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile'], { mayMeasure: false });
    expect(runs()).toBe(0);
    expect(r).toMatchObject({ deferred: true, audited: false });
  });

  it('changes nothing when the audit cannot run: the stored audit stays and nothing is fixed', async () => {
    for (const measures of [async () => notMeasured, async () => Promise.reject(new Error('PageSpeed Insights answered 503'))]) {
      const { d, saved, runs } = deps(old, measures);
      const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile']);
      expect(runs()).toBe(1);
      expect(saved).toEqual([]);
      expect(r).toMatchObject({ audited: true, remeasured: [], findings: [{ id: 'slow_mobile', value: 6.1 }] });
      expect(r.fixed).toBeUndefined();
    }
  });
});

describe("the crawl's findings, read again", () => {
  it('says each cited crawl finding that is gone as fixed; one still there stands; an expiring certificate that expired is not fixed', () => {
    expect(compareCrawled(['no_ssl', 'broken_links'], [found('stale_copyright', 2016)])).toEqual({ fixed: ['the site now opens over https: fixed', 'the broken links now answer: fixed'], standing: [], unknown: [] });
    expect(compareCrawled(['broken_links', 'slow_mobile'], [found('broken_links', 2)])).toEqual({ fixed: [], standing: ['broken_links'], unknown: [] });
    expect(compareCrawled(['certificate_expiring'], [found('certificate_expired')]).standing).toEqual(['certificate_expiring']);
  });

  it('crawls the site again before a follow-up that cited the crawl, and stops when all it cited is fixed', async () => {
    const fixed = deps(undefined, async () => audit(), async () => [found('no_viewport')]);
    const r = await recheckSite(fixed.d, { id: 1, url: URL }, ['no_ssl', 'broken_links']);
    expect(fixed.crawls()).toBe(1);
    expect(r.fixed).toBe('the site now opens over https: fixed; the broken links now answer: fixed');
    expect(r.crawl).toEqual([found('no_viewport')]);
  });

  it('does not stop while an audit finding the thread cited was not measured again, and hands over the new crawl', async () => {
    const recent = audit({ lcp_ms: 6100, measured_at: new Date(NOW.getTime() - 2 * DAY).toISOString() });
    const { d, runs } = deps(recent, async () => audit(), async () => []);
    const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile', 'no_ssl']);
    expect(runs()).toBe(0);
    expect(r.fixed).toBeUndefined();
    expect(r.remeasured).toEqual([]);
    expect(r.crawl).toEqual([]);
    // The follow-up no longer has "Not secure" to say: the new crawl replaced the stored crawl's findings.
    expect(withRecrawl([found('no_ssl'), found('no_booking')], r.crawl!).map((f) => f.id)).toEqual(['no_booking']);
  });

  it('knows nothing new when the site cannot be read, and does not crawl when the thread cited nothing the crawl found', async () => {
    const down = deps(undefined, async () => audit(), async () => null);
    const r = await recheckSite(down.d, { id: 1, url: URL }, ['broken_links']);
    expect(r).toMatchObject({ crawled: true, remeasured: [] });
    expect(r.fixed).toBeUndefined();
    expect(r.crawl).toBeUndefined();
    const quiet = deps(undefined, async () => audit(), async () => []);
    await recheckSite(quiet.d, { id: 1, url: URL }, ['slow_mobile']);
    expect(quiet.crawls()).toBe(0);
    const deferred = deps(undefined, async () => audit(), async () => []);
    expect(await recheckSite(deferred.d, { id: 1, url: URL }, ['no_ssl'], { mayCrawl: false })).toMatchObject({ deferred: true, crawled: false });
    expect(deferred.crawls()).toBe(0);
  });
});
