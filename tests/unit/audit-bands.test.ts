// Core Web Vitals and Lighthouse score bands: Google's public thresholds at their edges, the
// sentence a person reads, and nothing said about a metric that was not measured.
import { describe, expect, it } from 'vitest';
import { bandOf, bandSentence, bandedMetrics, conditionsOf, formatValue } from '../../src/core/audit/bands.ts';
import { auditSummary, base64Bytes } from '../../src/core/audit/summary.ts';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';
import { siteAuditSchema } from '../../src/core/model/audit.ts';

describe('bands', () => {
  it.each([
    ['lcp_ms', 2500, 'good'],
    ['lcp_ms', 2501, 'needs_improvement'],
    ['lcp_ms', 4000, 'needs_improvement'],
    ['lcp_ms', 4001, 'poor'],
    ['cls', 0.1, 'good'],
    ['cls', 0.11, 'needs_improvement'],
    ['cls', 0.25, 'needs_improvement'],
    ['cls', 0.26, 'poor'],
    ['tbt_ms', 200, 'good'],
    ['tbt_ms', 600, 'needs_improvement'],
    ['tbt_ms', 601, 'poor'],
    ['fcp_ms', 1800, 'good'],
    ['fcp_ms', 3000, 'needs_improvement'],
    ['fcp_ms', 3001, 'poor'],
    ['speed_index_ms', 3400, 'good'],
    ['speed_index_ms', 5800, 'needs_improvement'],
    ['speed_index_ms', 5801, 'poor'],
    ['performance', 90, 'good'],
    ['performance', 89, 'needs_improvement'],
    ['performance', 50, 'needs_improvement'],
    ['performance', 49, 'poor'],
    ['seo', 100, 'good'],
    ['accessibility', 0, 'poor'],
  ] as const)('%s %d is %s', (metric, value, band) => {
    expect(bandOf(metric, value)).toBe(band);
  });

  it('gives an unmeasured value no band', () => {
    expect(bandOf('lcp_ms', null)).toBeNull();
    expect(bandOf('cls', undefined)).toBeNull();
    expect(bandOf('performance', Number.NaN)).toBeNull();
  });

  it('formats values as people read them', () => {
    expect(formatValue('lcp_ms', 5210)).toBe('5.2 s');
    expect(formatValue('tbt_ms', 340.4)).toBe('340 ms');
    expect(formatValue('cls', 0.314)).toBe('0.31');
    expect(formatValue('performance', 45)).toBe('45/100');
  });

  it('says the value, the conditions, the band and the public threshold', () => {
    const conditions = conditionsOf({ device: 'mobile', throttling: 'mobile, simulated slow 4G, one lab run' });
    expect(conditions).toBe('on a phone (simulated slow 4G, one lab run)');
    expect(bandSentence('lcp_ms', 5200, conditions)).toBe("LCP 5.2 s on a phone (simulated slow 4G, one lab run): poor — Google's threshold for good is 2.5 s");
    expect(bandSentence('cls', 0.05, conditions)).toBe("CLS 0.05 on a phone (simulated slow 4G, one lab run): good — Google's threshold for good is 0.10");
    expect(bandSentence('performance', 62, conditions)).toBe("Performance score 62/100 on a phone (simulated slow 4G, one lab run): needs improvement — Lighthouse's threshold for good is 90");
  });
});

const measured: MeasuredAudit = {
  measured: true,
  url: 'https://bakery.example/',
  final_url: 'https://bakery.example/',
  performance: 38,
  accessibility: 91,
  best_practices: null,
  seo: 100,
  lcp_ms: 6100,
  fcp_ms: null,
  cls: 0.3,
  tbt_ms: null,
  speed_index_ms: 4000,
  total_bytes: 4_200_000,
  image_savings_bytes: 3_000_000,
  render_blocking: null,
  is_https: true,
  mixed_content: [],
  title: 'pass',
  meta_description: 'fail',
  tap_targets: null,
  font_size: 'pass',
  screenshots: { mobile: { mime: 'image/jpeg', base64: Buffer.from('not really a jpeg').toString('base64') } },
  lighthouse_version: '12.2.3',
  device: 'mobile',
  throttling: 'mobile, simulated slow 4G, one lab run',
  runs: 1,
  measured_at: '2026-01-01T00:00:00.000Z',
  duration_ms: 15000,
  warnings: [],
};

describe('bandedMetrics', () => {
  it('bands every measured metric and leaves out the unmeasured ones (no sentence, no 0)', () => {
    expect(siteAuditSchema.parse(measured)).toEqual(measured);
    const banded = bandedMetrics(measured);
    expect(banded.map((b) => b.metric)).toEqual(['lcp_ms', 'cls', 'speed_index_ms', 'performance', 'accessibility', 'seo']);
    expect(banded.map((b) => b.band)).toEqual(['poor', 'poor', 'needs_improvement', 'poor', 'good', 'good']);
    const text = banded.map((b) => b.sentence).join('\n');
    expect(text).not.toMatch(/FCP|TBT|Best-practices/);
    for (const b of banded) expect(b.source).toMatch(/^https:\/\/(web\.dev|developer\.chrome\.com)\//);
  });

  it('summarises for --json: screenshots by name and size, not their bytes', () => {
    const summary = auditSummary(measured);
    expect(summary).toMatchObject({ measured: true, screenshots: ['mobile'], screenshot_bytes: { mobile: 'not really a jpeg'.length }, bands: { lcp_ms: 'poor' } });
    expect(JSON.stringify(summary)).not.toContain(measured.screenshots.mobile!.base64);
    expect(summary).toHaveProperty('fcp_ms', null);
    expect(base64Bytes(Buffer.from('ab').toString('base64'))).toBe(2);
  });

  it('passes a failed run through as not measured, with no numbers', () => {
    const failed = { measured: false as const, url: 'https://x.example/', reason: 'the audit did not finish within 5 s', chromium_missing: false, measured_at: measured.measured_at, duration_ms: 5000 };
    expect(siteAuditSchema.parse(failed)).toEqual(failed);
    expect(auditSummary(failed)).toEqual(failed);
    expect(() => siteAuditSchema.parse({ ...failed, lcp_ms: 0 })).not.toThrow(); // extra keys are stripped by zod ...
    expect(siteAuditSchema.parse({ ...failed, lcp_ms: 0 })).not.toHaveProperty('lcp_ms'); // ... so a failed run carries none
  });
});
