// Public thresholds, not ours: Google's Core Web Vitals bands and Lighthouse's score bands.
// Each measured metric gets its band and a plain sentence that says the value, the conditions
// it was measured under and the public threshold. A metric that was not measured (null) gets
// no band and no sentence: unmeasured is never presented as measured.
import type { MeasuredAudit } from '../model/audit.ts';

export type Band = 'good' | 'needs_improvement' | 'poor';

export type MetricId = 'lcp_ms' | 'fcp_ms' | 'cls' | 'tbt_ms' | 'speed_index_ms' | 'performance' | 'accessibility' | 'best_practices' | 'seo';

export interface Threshold {
  /** Best value still "good" (inclusive). */
  good: number;
  /** Values past this are "poor" (exclusive for timings and CLS, as Google words them). */
  poor: number;
  /** True for scores, where higher is better. */
  higherIsBetter?: boolean;
  label: string;
  /** Who sets the threshold, for the sentence. */
  owner: string;
  source: string;
}

export const THRESHOLDS: Record<MetricId, Threshold> = {
  // https://web.dev/articles/lcp#what-is-a-good-lcp-score : good <= 2.5 s, poor > 4 s
  lcp_ms: { good: 2500, poor: 4000, label: 'LCP (largest content shown)', owner: "Google's", source: 'https://web.dev/articles/lcp#what-is-a-good-lcp-score' },
  // https://web.dev/articles/fcp#what-is-a-good-fcp-score : good <= 1.8 s, poor > 3 s
  fcp_ms: { good: 1800, poor: 3000, label: 'FCP (first content shown)', owner: "Google's", source: 'https://web.dev/articles/fcp#what-is-a-good-fcp-score' },
  // https://web.dev/articles/cls#what-is-a-good-cls-score : good <= 0.1, poor > 0.25
  cls: { good: 0.1, poor: 0.25, label: 'CLS (layout shift)', owner: "Google's", source: 'https://web.dev/articles/cls#what-is-a-good-cls-score' },
  // TBT is Lighthouse's lab stand-in for INP (https://web.dev/articles/inp#lab-tools).
  // https://developer.chrome.com/docs/lighthouse/performance/lighthouse-total-blocking-time : good <= 200 ms, poor > 600 ms
  tbt_ms: { good: 200, poor: 600, label: 'TBT (time the page is blocked)', owner: "Google's", source: 'https://developer.chrome.com/docs/lighthouse/performance/lighthouse-total-blocking-time' },
  // https://developer.chrome.com/docs/lighthouse/performance/speed-index : mobile good <= 3.4 s, poor > 5.8 s
  speed_index_ms: { good: 3400, poor: 5800, label: 'Speed Index', owner: "Google's", source: 'https://developer.chrome.com/docs/lighthouse/performance/speed-index' },
  // https://developer.chrome.com/docs/lighthouse/performance/performance-scoring#color-coding : 90-100 good, 50-89 needs improvement, 0-49 poor
  performance: { good: 90, poor: 50, higherIsBetter: true, label: 'Performance score', owner: "Lighthouse's", source: 'https://developer.chrome.com/docs/lighthouse/performance/performance-scoring#color-coding' },
  accessibility: { good: 90, poor: 50, higherIsBetter: true, label: 'Accessibility score', owner: "Lighthouse's", source: 'https://developer.chrome.com/docs/lighthouse/accessibility/scoring' },
  best_practices: { good: 90, poor: 50, higherIsBetter: true, label: 'Best-practices score', owner: "Lighthouse's", source: 'https://developer.chrome.com/docs/lighthouse/performance/performance-scoring#color-coding' },
  seo: { good: 90, poor: 50, higherIsBetter: true, label: 'SEO score', owner: "Lighthouse's", source: 'https://developer.chrome.com/docs/lighthouse/performance/performance-scoring#color-coding' },
};

const ORDER: MetricId[] = ['lcp_ms', 'cls', 'tbt_ms', 'fcp_ms', 'speed_index_ms', 'performance', 'accessibility', 'best_practices', 'seo'];

/** The band of one value; null for a value that was not measured. */
export function bandOf(metric: MetricId, value: number | null | undefined): Band | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const t = THRESHOLDS[metric];
  if (t.higherIsBetter) return value >= t.good ? 'good' : value < t.poor ? 'poor' : 'needs_improvement';
  return value <= t.good ? 'good' : value > t.poor ? 'poor' : 'needs_improvement';
}

/** 5200 -> "5.2 s", 340 -> "340 ms", 0.314 (CLS) -> "0.31", 45 (a score) -> "45/100". */
export function formatValue(metric: MetricId, value: number): string {
  if (metric === 'cls') return value.toFixed(2);
  if (THRESHOLDS[metric].higherIsBetter) return `${Math.round(value)}/100`;
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** 4_200_000 -> "4.2 MB", 83_000 -> "83 KB". */
export function formatBytes(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)} MB`;
  if (n >= 1000) return `${Math.round(n / 1000)} KB`;
  return `${n} bytes`;
}

function formatThreshold(metric: MetricId, value: number): string {
  return THRESHOLDS[metric].higherIsBetter ? String(value) : formatValue(metric, value);
}

/** "on a phone (simulated slow 4G, one lab run)" from the audit's device and throttling. */
export function conditionsOf(audit: Pick<MeasuredAudit, 'device' | 'throttling'>): string {
  const where = audit.device === 'mobile' ? 'on a phone' : 'on a desktop';
  const how = audit.throttling.replace(/^(mobile|desktop),\s*/, '');
  return how ? `${where} (${how})` : where;
}

const BAND_WORDS: Record<Band, string> = { good: 'good', needs_improvement: 'needs improvement', poor: 'poor' };

export interface BandedMetric {
  metric: MetricId;
  value: number;
  band: Band;
  sentence: string;
  source: string;
}

/** One sentence: "LCP 5.2 s on a phone (simulated slow 4G, one lab run): poor — Google's threshold for good is 2.5 s". */
export function bandSentence(metric: MetricId, value: number, conditions: string): string | null {
  const band = bandOf(metric, value);
  if (!band) return null;
  const t = THRESHOLDS[metric];
  const name = t.label.replace(/ \(.*\)$/, '');
  const threshold = formatThreshold(metric, t.good);
  return `${name} ${formatValue(metric, value)} ${conditions}: ${BAND_WORDS[band]} — ${t.owner} threshold for good is ${threshold}`;
}

/** Every measured metric of the audit with its band and sentence, in the order they matter; unmeasured ones are left out. */
export function bandedMetrics(audit: MeasuredAudit): BandedMetric[] {
  const conditions = conditionsOf(audit);
  const out: BandedMetric[] = [];
  for (const metric of ORDER) {
    const value = audit[metric];
    const band = bandOf(metric, value);
    const sentence = value === null ? null : bandSentence(metric, value, conditions);
    if (band && sentence && value !== null) out.push({ metric, value, band, sentence, source: THRESHOLDS[metric].source });
  }
  return out;
}
