// The re-check before a follow-up (core/sequences/recheck.ts): what the thread cited, compared
// with a new measurement. Gone with the metric measured is fixed (said with the new figure);
// still poor stands (and may be said again); not measured is never a fix; the crawl's findings
// are not re-checked. A stored audit younger than recheck_after_days is not measured again, and
// an audit that cannot run leaves the stored one in place.
import { describe, expect, it } from 'vitest';
import type { StoredAudit } from '../../src/core/audit/store.ts';
import type { MeasuredAudit, SiteAudit } from '../../src/core/model/audit.ts';
import { compareCited, recheckSite, stopsForFix, type RecheckDeps } from '../../src/core/sequences/recheck.ts';

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

function deps(stored: SiteAudit | undefined, measures: () => Promise<SiteAudit>) {
  const saved: SiteAudit[] = [];
  let runs = 0;
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
  };
  return { d, saved, runs: () => runs };
}
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
    expect(await recheckSite(never.d, { id: 1, url: URL }, ['slow_mobile'])).toEqual({ measured: false, findings: [], remeasured: [] });
    expect(never.runs()).toBe(0);
  });

  it('defers a site due a measurement when the turn has measured its share', async () => {
    const { d, runs } = deps(old, async () => audit());
    const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile'], { mayMeasure: false });
    expect(runs()).toBe(0);
    expect(r).toMatchObject({ deferred: true, measured: false });
  });

  it('changes nothing when the audit cannot run: the stored audit stays and nothing is fixed', async () => {
    for (const measures of [async () => notMeasured, async () => Promise.reject(new Error('PageSpeed Insights answered 503'))]) {
      const { d, saved, runs } = deps(old, measures);
      const r = await recheckSite(d, { id: 1, url: URL }, ['slow_mobile']);
      expect(runs()).toBe(1);
      expect(saved).toEqual([]);
      expect(r).toMatchObject({ measured: true, remeasured: [], findings: [{ id: 'slow_mobile', value: 6.1 }] });
      expect(r.fixed).toBeUndefined();
    }
  });
});
