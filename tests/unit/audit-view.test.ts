// The audit as Lead detail shows it: the PageSpeed Insights link built in one place, the facts
// in words (only those measured), the conditions, and real users' figures.
import { describe, expect, it } from 'vitest';
import { pagespeedUrl } from '../../src/core/audit/pagespeed-link.ts';
import { auditConditions, auditFacts, auditView, fieldMetrics, thresholdText } from '../../src/core/audit/view.ts';
import type { MeasuredAudit } from '../../src/core/model/audit.ts';

const base: MeasuredAudit = {
  measured: true,
  url: 'http://old-bakery.example/menu?x=1&y=2',
  final_url: 'http://old-bakery.example/menu?x=1&y=2',
  performance: null,
  accessibility: null,
  best_practices: null,
  seo: null,
  lcp_ms: null,
  fcp_ms: null,
  cls: null,
  tbt_ms: null,
  speed_index_ms: null,
  total_bytes: null,
  image_savings_bytes: null,
  render_blocking: null,
  is_https: false,
  mixed_content: null,
  title: null,
  meta_description: null,
  tap_targets: null,
  font_size: null,
  screenshots: {},
  lighthouse_version: '12.2.3',
  device: 'mobile',
  throttling: 'mobile, simulated slow 4G, the middle of 3 lab runs by performance score',
  runs: 3,
  measured_at: '2026-11-20T10:30:00.000Z',
  duration_ms: 40_000,
  warnings: [],
};

describe('pagespeedUrl', () => {
  it('links PageSpeed Insights for the URL, encoded whole', () => {
    expect(pagespeedUrl('http://old-bakery.example/menu?x=1&y=2')).toBe('https://pagespeed.web.dev/analysis?url=http%3A%2F%2Fold-bakery.example%2Fmenu%3Fx%3D1%26y%3D2');
  });

  it('gives no link for what Google cannot fetch: another scheme, the sandbox, a private address', () => {
    const local = ['file:///tmp/page.html', 'javascript:alert(1)', 'not a url', '', 'http://fischer-dentistry.localhost:36995/', 'http://localhost:8000/', 'http://printer.local/', 'https://shop.test/', 'http://intranet/', 'http://127.0.0.1/', 'http://10.0.0.5/', 'http://172.20.1.1/', 'http://192.168.1.10/', 'http://169.254.169.254/', 'http://[::1]/', 'http://[fd00::1]/', 'http://[fe80::1]/', 'http://[::ffff:7f00:1]/'];
    for (const url of local) expect(pagespeedUrl(url), url).toBeNull();
    for (const url of ['https://plumber.co.uk/', 'http://93.184.215.14/', 'http://172.32.0.1/', 'http://[2606:4700::1111]/']) expect(pagespeedUrl(url), url).not.toBeNull();
  });
});

describe('auditView', () => {
  it('shows nothing that was not measured: no metric, no fact but HTTPS (always known)', () => {
    const view = auditView(7, { audit: base, screenshots: { mobile: false, desktop: false } });
    if (!view.measured) throw new Error('measured');
    expect(view.metrics).toEqual([]);
    expect(view.facts).toEqual([{ id: 'is_https', label: 'HTTPS', display: 'No: browsers mark the page "Not secure"', ok: false }]);
    expect(view.field_metrics).toEqual([]);
    expect(view.source).toBe('lighthouse'); // audits kept before the source was recorded
    expect(view.conditions).toBe('On a phone (simulated slow 4G, the middle of 3 lab runs by performance score), Lighthouse 12.2.3');
    expect(view.screenshots).toEqual({ mobile: null, desktop: null });
    expect(JSON.stringify(view)).not.toContain('base64');
  });

  it('names one file and one resource in the singular, and says when nothing blocks the first paint', () => {
    const one = auditFacts({ ...base, is_https: true, mixed_content: ['http://cdn.example/a.js'], render_blocking: { wasted_ms: 50, items: [{ url: 'https://x.example/a.css', wasted_ms: 50 }] } });
    expect(one.find((f) => f.id === 'render_blocking')?.display).toBe('1 file holds up the first paint'); // a saving under 0.1 s is not quoted
    expect(one.find((f) => f.id === 'is_https')).toMatchObject({ display: 'Yes, but 1 resource loads over plain http', ok: false });
    expect(auditFacts({ ...base, render_blocking: { wasted_ms: 0, items: [] } }).find((f) => f.id === 'render_blocking')).toMatchObject({ display: 'None', ok: true });
    expect(auditFacts({ ...base, image_savings_bytes: 0 }).find((f) => f.id === 'image_savings_bytes')).toBeUndefined();
  });

  it('says a desktop run and PageSpeed Insights in the conditions', () => {
    expect(auditConditions({ ...base, device: 'desktop', throttling: 'desktop, simulated fast connection, one lab run', source: 'psi' })).toBe(
      'On a desktop (simulated fast connection, one lab run), Lighthouse 12.2.3 on PageSpeed Insights',
    );
  });

  it('gives the public bands in short, for timings, CLS and scores', () => {
    expect(thresholdText('lcp_ms')).toBe('good ≤ 2.5 s, poor > 4.0 s');
    expect(thresholdText('tbt_ms')).toBe('good ≤ 200 ms, poor > 600 ms');
    expect(thresholdText('cls')).toBe('good ≤ 0.10, poor > 0.25');
    expect(thresholdText('seo')).toBe('good ≥ 90, poor < 50');
  });

  it("keeps only the field figures Google gave, with Google's bands", () => {
    expect(fieldMetrics(undefined)).toEqual([]);
    const field = { scope: 'url' as const, id: 'https://a.example/', label: 'real Chrome users', overall: null, lcp_ms: null, cls: { p75: 0.31, band: 'poor' as const }, inp_ms: { p75: 1250, band: 'poor' as const }, fcp_ms: null };
    expect(fieldMetrics(field)).toEqual([
      { metric: 'inp_ms', label: 'INP (response to a tap)', p75: 1250, display: '1.3 s', band: 'poor' },
      { metric: 'cls', label: 'CLS (layout shift)', p75: 0.31, display: '0.31', band: 'poor' },
    ]);
  });
});
