// A lead's stored audit as the dashboard shows it: the figures, each banded metric with its
// value in words and the public threshold's source, the other measured facts, real users'
// figures when Google has them, where the screenshots are and the "check it yourself" link.
// Only what was measured appears: a null metric has no row, an unmeasured audit no numbers.
import { z } from 'zod';
import { plural } from '../plural.ts';
import { measuredAuditSchema, unmeasuredAuditSchema, type FieldData, type MeasuredAudit } from '../model/audit.ts';
import { bandedMetrics, conditionsOf, formatBytes, formatValue, THRESHOLDS, type MetricId } from './bands.ts';
import { pagespeedUrl } from './pagespeed-link.ts';
import type { ScreenshotKind, StoredAudit } from './store.ts';

const band = z.enum(['good', 'needs_improvement', 'poor']);

export const AuditMetricView = z.object({
  metric: z.string(),
  /** "LCP (largest content shown)" */
  label: z.string(),
  value: z.number(),
  /** The value as a person reads it: "5.2 s", "0.31", "45/100". */
  display: z.string(),
  band,
  /** "LCP 5.2 s on a phone (…): poor — Google's threshold for good is 2.5 s" */
  sentence: z.string(),
  /** The public bands in short: "good ≤ 2.5 s, poor > 4.0 s", "good ≥ 90, poor < 50". */
  threshold: z.string(),
  /** Where the threshold is published. */
  source: z.string(),
});

export const AuditFactView = z.object({
  id: z.string(),
  label: z.string(),
  display: z.string(),
  /** True when it is fine, false when it costs the site (HTTPS missing, a failed check); null when neither. */
  ok: z.boolean().nullable(),
});

export const FieldMetricView = z.object({ metric: z.enum(['lcp_ms', 'inp_ms', 'cls', 'fcp_ms']), label: z.string(), p75: z.number(), display: z.string(), band });

const Screenshots = z.object({ mobile: z.string().nullable(), desktop: z.string().nullable() }).describe('The URL of each kept screenshot (image/jpeg, signed-in users), null when there is none');

export const MeasuredAuditView = measuredAuditSchema.omit({ screenshots: true, source: true }).extend({
  lead_id: z.number(),
  source: z.enum(['lighthouse', 'psi']),
  /** "On a phone (simulated slow 4G, one lab run), Lighthouse 12.2.3" */
  conditions: z.string(),
  metrics: z.array(AuditMetricView),
  facts: z.array(AuditFactView),
  field_metrics: z.array(FieldMetricView),
  screenshots: Screenshots,
  pagespeed_url: z.string().nullable(),
});

export const UnmeasuredAuditView = unmeasuredAuditSchema.extend({ lead_id: z.number(), screenshots: Screenshots, pagespeed_url: z.string().nullable() });

export const AuditView = z.discriminatedUnion('measured', [MeasuredAuditView, UnmeasuredAuditView]).meta({ id: 'LeadAudit' });

export type AuditView = z.infer<typeof AuditView>;
export type MeasuredAuditView = z.infer<typeof MeasuredAuditView>;
export type AuditMetricView = z.infer<typeof AuditMetricView>;
export type AuditFactView = z.infer<typeof AuditFactView>;
export type FieldMetricView = z.infer<typeof FieldMetricView>;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const VERDICTS = [
  { id: 'title', label: 'Page title', pass: 'Present', fail: 'Missing' },
  { id: 'meta_description', label: 'Meta description', pass: 'Present', fail: 'Missing' },
  { id: 'tap_targets', label: 'Tap targets', pass: 'Big enough', fail: 'Too small or too close together' },
  { id: 'font_size', label: 'Font sizes', pass: 'Legible on a phone', fail: 'Too small on a phone' },
] as const;

/** The measured values that have no public band: page weight, image savings, render-blocking files, HTTPS and Lighthouse's checks. */
export function auditFacts(a: MeasuredAudit): AuditFactView[] {
  const facts: AuditFactView[] = [];
  if (a.total_bytes !== null) facts.push({ id: 'total_bytes', label: 'Page weight', display: formatBytes(a.total_bytes), ok: null });
  if (a.image_savings_bytes !== null && a.image_savings_bytes > 0) facts.push({ id: 'image_savings_bytes', label: 'Images could be smaller by', display: formatBytes(a.image_savings_bytes), ok: false });
  if (a.render_blocking) {
    const n = a.render_blocking.items.length;
    const saving = a.render_blocking.wasted_ms >= 100 ? ` (Lighthouse estimates ${seconds(a.render_blocking.wasted_ms)} could be saved)` : '';
    facts.push({ id: 'render_blocking', label: 'Render-blocking files', display: n === 0 ? 'None' : `${plural(n, 'file holds', 'files hold')} up the first paint${saving}`, ok: n === 0 });
  }
  const mixed = a.mixed_content?.length ?? 0;
  facts.push({
    id: 'is_https',
    label: 'HTTPS',
    display: !a.is_https ? 'No: browsers mark the page "Not secure"' : mixed ? `Yes, but ${plural(mixed, 'resource loads', 'resources load')} over plain http` : 'Yes',
    ok: a.is_https && mixed === 0,
  });
  for (const v of VERDICTS) {
    const verdict = a[v.id];
    if (verdict !== null) facts.push({ id: v.id, label: v.label, display: verdict === 'pass' ? v.pass : v.fail, ok: verdict === 'pass' });
  }
  return facts;
}

const FIELD_LABELS: Record<FieldMetricView['metric'], string> = {
  lcp_ms: 'LCP (largest content shown)',
  inp_ms: 'INP (response to a tap)',
  cls: 'CLS (layout shift)',
  fcp_ms: 'FCP (first content shown)',
};

/** Real users' 75th percentiles that Google reported, with its bands; none when there is no field data. */
export function fieldMetrics(field: FieldData | undefined): FieldMetricView[] {
  if (!field) return [];
  const out: FieldMetricView[] = [];
  for (const metric of ['lcp_ms', 'inp_ms', 'cls', 'fcp_ms'] as const) {
    const m = field[metric];
    if (!m) continue;
    const display = metric === 'cls' ? formatValue('cls', m.p75) : formatValue('tbt_ms', m.p75); // a timing, as every other
    out.push({ metric, label: FIELD_LABELS[metric], p75: m.p75, display, band: m.band });
  }
  return out;
}

/** "On a phone (simulated slow 4G, one lab run), Lighthouse 12.2.3" (", on PageSpeed Insights" when Google ran it). */
export function auditConditions(a: MeasuredAudit): string {
  const where = conditionsOf(a);
  const who = `Lighthouse ${a.lighthouse_version}${a.source === 'psi' ? ' on PageSpeed Insights' : ''}`;
  return `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${who}`;
}

/** The screenshot's URL; `v` (the audit's time) changes when the lead is audited again, so a cached copy is never shown for a newer audit. */
export const screenshotPath = (leadId: number, kind: ScreenshotKind, measuredAt: string) =>
  `/api/leads/${leadId}/audit/screenshots/${kind}?v=${Date.parse(measuredAt) || 0}`;

/** "good ≤ 2.5 s, poor > 4.0 s" (timings and CLS), "good ≥ 90, poor < 50" (scores). */
export function thresholdText(metric: MetricId): string {
  const t = THRESHOLDS[metric];
  if (t.higherIsBetter) return `good ≥ ${t.good}, poor < ${t.poor}`;
  return `good ≤ ${formatValue(metric, t.good)}, poor > ${formatValue(metric, t.poor)}`;
}

/** The stored audit as GET /api/leads/{id}/audit answers it. */
export function auditView(leadId: number, stored: StoredAudit): AuditView {
  const a = stored.audit;
  const screenshots = {
    mobile: stored.screenshots.mobile ? screenshotPath(leadId, 'mobile', a.measured_at) : null,
    desktop: stored.screenshots.desktop ? screenshotPath(leadId, 'desktop', a.measured_at) : null,
  };
  const link = pagespeedUrl(a.url);
  if (!a.measured) return { ...a, lead_id: leadId, screenshots: { mobile: null, desktop: null }, pagespeed_url: link };
  const { screenshots: _bytes, ...figures } = a;
  const metrics = bandedMetrics(a).map((b) => ({ metric: b.metric, label: THRESHOLDS[b.metric].label, value: b.value, display: formatValue(b.metric, b.value), band: b.band, sentence: b.sentence, threshold: thresholdText(b.metric), source: b.source }));
  return {
    ...figures,
    lead_id: leadId,
    source: a.source ?? 'lighthouse',
    conditions: auditConditions(a),
    metrics,
    facts: auditFacts(a),
    field_metrics: fieldMetrics(a.field),
    screenshots,
    pagespeed_url: link,
  };
}
