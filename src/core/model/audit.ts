// A measured site audit (Lighthouse in Chromium): what the site does on a phone, with the
// conditions it was measured under. The truth rule: a metric Lighthouse did not produce is
// null, never 0, and a run that failed or timed out is `measured: false` with the reason,
// never numbers.
import { z } from 'zod';

const score = z.number().int().min(0).max(100).nullable();
const ms = z.number().min(0).nullable();
const bytes = z.number().int().min(0).nullable();
/** Lighthouse's verdict on a binary audit; null when it did not apply or did not run. */
const verdict = z.enum(['pass', 'fail']).nullable();

export const screenshotSchema = z.object({
  mime: z.literal('image/jpeg'),
  /** The JPEG, base64 (as Lighthouse hands it over). */
  base64: z.string().min(1),
});

/** A Core Web Vitals band as Google's field data (CrUX) names it: FAST, AVERAGE, SLOW. */
const fieldBand = z.enum(['good', 'needs_improvement', 'poor']);

/** One field metric: the 75th percentile of real visits and Google's band for it. */
const fieldMetricSchema = z.object({ p75: z.number().min(0), band: fieldBand }).nullable();

/**
 * Field data (the Chrome UX Report, from PageSpeed Insights): what real Chrome users met, not a
 * lab run. For this URL when Google has enough visits to it, otherwise for the whole origin;
 * absent when Google has none. Each metric null when Google has no figure for it.
 */
export const fieldDataSchema = z.object({
  /** Whose visits these are: this page's or the whole site's (its origin's). */
  scope: z.enum(['url', 'origin']),
  /** The page or origin Google reports for. */
  id: z.string(),
  /** In words: "real Chrome users of this page over the last 28 days". */
  label: z.string(),
  /** Google's overall verdict on the Core Web Vitals, when it gives one. */
  overall: fieldBand.nullable(),
  lcp_ms: fieldMetricSchema,
  cls: fieldMetricSchema,
  inp_ms: fieldMetricSchema,
  fcp_ms: fieldMetricSchema,
});

export const measuredAuditSchema = z.object({
  measured: z.literal(true),
  /** Who ran Lighthouse: we, in local Chromium, or Google's PageSpeed Insights. (Absent in audits kept before it was recorded: local Lighthouse.) */
  source: z.enum(['lighthouse', 'psi']).optional(),
  url: z.string(),
  /** Where Chromium ended up after redirects. */
  final_url: z.string(),
  performance: score,
  accessibility: score,
  best_practices: score,
  seo: score,
  lcp_ms: ms,
  fcp_ms: ms,
  cls: z.number().min(0).nullable(),
  tbt_ms: ms,
  speed_index_ms: ms,
  total_bytes: bytes,
  /** What the page's images could save (better formats, compression, sizing, lazy loading), each image counted once. */
  image_savings_bytes: bytes,
  /** Scripts and styles that hold up the first paint; null when Lighthouse could not compute it. */
  render_blocking: z.object({ wasted_ms: z.number().min(0), items: z.array(z.object({ url: z.string(), wasted_ms: z.number().min(0) })) }).nullable(),
  is_https: z.boolean(),
  /** http:// resources on an https page; null for a plain-http page (everything is insecure there). */
  mixed_content: z.array(z.string()).nullable(),
  /** Lighthouse's verdicts: the page has a <title>, a meta description. (The texts are the crawl's.) */
  title: verdict,
  meta_description: verdict,
  /** Touch targets big and far apart enough (Lighthouse 12's axe `target-size`; its old tap-targets audit is gone). */
  tap_targets: verdict,
  /** Legible font sizes on a phone. */
  font_size: verdict,
  screenshots: z.object({ mobile: screenshotSchema.optional(), desktop: screenshotSchema.optional() }),
  lighthouse_version: z.string(),
  device: z.enum(['mobile', 'desktop']),
  /** In words: "mobile, simulated slow 4G, one lab run". */
  throttling: z.string(),
  runs: z.number().int().min(1),
  measured_at: z.string(),
  duration_ms: z.number().min(0),
  /** Lighthouse's own warnings about the run (a slow host CPU, a redirect). */
  warnings: z.array(z.string()),
  /** Real users' figures (PageSpeed Insights only), beside the lab run's; absent when Google has none. */
  field: fieldDataSchema.optional(),
});

export const unmeasuredAuditSchema = z.object({
  measured: z.literal(false),
  url: z.string(),
  /** Why nothing was measured, in words a person reads. */
  reason: z.string(),
  /** True when the reason is that Chromium is not installed (said once, with the install hint). */
  chromium_missing: z.boolean(),
  measured_at: z.string(),
  duration_ms: z.number().min(0),
});

export const siteAuditSchema = z.discriminatedUnion('measured', [measuredAuditSchema, unmeasuredAuditSchema]);

export type MeasuredAudit = z.infer<typeof measuredAuditSchema>;
export type UnmeasuredAudit = z.infer<typeof unmeasuredAuditSchema>;
export type SiteAudit = z.infer<typeof siteAuditSchema>;
export type Screenshot = z.infer<typeof screenshotSchema>;
export type FieldData = z.infer<typeof fieldDataSchema>;

export interface AuditOptions {
  /** Lighthouse runs; the median run is kept (default: the configured number, 1). */
  runs?: number;
  /** The time limit of one run, Chromium included. */
  timeoutMs?: number;
  /** Who the audit is for: a paid provider's usage (PageSpeed Insights) is counted there. */
  campaignId?: number | null;
}

/** The port: measures one site in a real browser. */
export interface SiteAuditor {
  audit(url: string, options?: AuditOptions): Promise<SiteAudit>;
}
