// Reads a Lighthouse report (LHR, Lighthouse 12) into the audit's measured fields. An audit
// Lighthouse could not compute (scoreDisplayMode "error", or missing) gives null, never 0.
import type { MeasuredAudit } from '../../core/model/audit.ts';

interface LhrAudit {
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  errorMessage?: string;
  details?: {
    type?: string;
    data?: string;
    items?: Record<string, unknown>[];
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
  };
}

export interface Lhr {
  lighthouseVersion: string;
  requestedUrl?: string;
  mainDocumentUrl?: string;
  finalDisplayedUrl?: string;
  finalUrl?: string;
  runWarnings?: unknown[];
  runtimeError?: { code: string; message: string };
  configSettings: { formFactor?: string; throttlingMethod?: string; throttling?: { rttMs?: number; throughputKbps?: number; cpuSlowdownMultiplier?: number } };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LhrAudit | undefined>;
}

/** The audit when Lighthouse computed it; undefined when it errored or is not in the report. */
function computed(lhr: Lhr, id: string): LhrAudit | undefined {
  const audit = lhr.audits[id];
  return audit && audit.scoreDisplayMode !== 'error' ? audit : undefined;
}

/** A metric's value, rounded to what it is worth (whole ms and bytes; CLS to 3 decimals). */
function numeric(lhr: Lhr, id: string, decimals = 0): number | null {
  const value = computed(lhr, id)?.numericValue;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

function categoryScore(lhr: Lhr, id: string): number | null {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
}

/** "pass"/"fail" for a binary audit; null when it did not apply, did not run, or errored. */
function verdict(lhr: Lhr, id: string): 'pass' | 'fail' | null {
  const audit = computed(lhr, id);
  if (!audit || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual' || audit.score === null) return null;
  return audit.score >= 0.9 ? 'pass' : 'fail';
}

const IMAGE_AUDITS = ['uses-optimized-images', 'modern-image-formats', 'uses-responsive-images', 'offscreen-images'];

/** What images could save, each image counted once (its biggest saving among the image audits). */
function imageSavings(lhr: Lhr): number | null {
  const audits = IMAGE_AUDITS.map((id) => computed(lhr, id)).filter((a) => a !== undefined);
  if (audits.length === 0) return null;
  const perImage = new Map<string, number>();
  for (const audit of audits) {
    for (const item of audit.details?.items ?? []) {
      const url = typeof item.url === 'string' ? item.url : '';
      const wasted = typeof item.wastedBytes === 'number' ? item.wastedBytes : 0;
      perImage.set(url, Math.max(perImage.get(url) ?? 0, wasted));
    }
  }
  return Math.round([...perImage.values()].reduce((sum, n) => sum + n, 0));
}

function renderBlocking(lhr: Lhr): MeasuredAudit['render_blocking'] {
  const audit = computed(lhr, 'render-blocking-resources');
  if (!audit) return null;
  const items = (audit.details?.items ?? [])
    .filter((i) => typeof i.url === 'string')
    .map((i) => ({ url: i.url as string, wasted_ms: Math.round(typeof i.wastedMs === 'number' ? i.wastedMs : 0) }));
  const wasted = audit.details?.overallSavingsMs ?? audit.numericValue ?? 0;
  return { wasted_ms: Math.round(wasted), items };
}

/** The http:// resources an https page loads (Lighthouse's is-on-https lists them). */
function mixedContent(lhr: Lhr, isHttps: boolean): string[] | null {
  if (!isHttps) return null;
  const audit = computed(lhr, 'is-on-https');
  if (!audit) return null;
  return (audit.details?.items ?? []).map((i) => i.url).filter((u): u is string => typeof u === 'string');
}

function screenshot(lhr: Lhr): MeasuredAudit['screenshots']['mobile'] {
  const data = computed(lhr, 'final-screenshot')?.details?.data;
  const m = typeof data === 'string' ? /^data:image\/jpe?g;base64,(.+)$/s.exec(data) : null;
  return m ? { mime: 'image/jpeg', base64: m[1] } : undefined;
}

/** "mobile, simulated slow 4G, one lab run" (Lighthouse's default mobile settings are its "slow 4G" profile). */
export function throttlingWords(lhr: Lhr, runs: number): string {
  const s = lhr.configSettings;
  const device = s.formFactor === 'desktop' ? 'desktop' : 'mobile';
  const network =
    s.throttlingMethod === 'simulate' ? (device === 'mobile' ? 'simulated slow 4G' : 'simulated fast connection') : s.throttlingMethod === 'devtools' ? 'throttled in DevTools' : 'no throttling';
  return `${device}, ${network}, ${runs === 1 ? 'one lab run' : `the middle of ${runs} lab runs by performance score`}`;
}

export type MeasuredFields = Omit<MeasuredAudit, 'url' | 'runs' | 'measured_at' | 'duration_ms' | 'throttling'>;

/** The measured fields of one successful run (the caller has checked runtimeError). */
export function readLhr(lhr: Lhr): MeasuredFields {
  const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl ?? lhr.mainDocumentUrl ?? lhr.requestedUrl ?? '';
  const isHttps = finalUrl.startsWith('https:');
  const mobile = screenshot(lhr);
  return {
    measured: true,
    final_url: finalUrl,
    performance: categoryScore(lhr, 'performance'),
    accessibility: categoryScore(lhr, 'accessibility'),
    best_practices: categoryScore(lhr, 'best-practices'),
    seo: categoryScore(lhr, 'seo'),
    lcp_ms: numeric(lhr, 'largest-contentful-paint'),
    fcp_ms: numeric(lhr, 'first-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift', 3),
    tbt_ms: numeric(lhr, 'total-blocking-time'),
    speed_index_ms: numeric(lhr, 'speed-index'),
    total_bytes: numeric(lhr, 'total-byte-weight'),
    image_savings_bytes: imageSavings(lhr),
    render_blocking: renderBlocking(lhr),
    is_https: isHttps,
    mixed_content: mixedContent(lhr, isHttps),
    title: verdict(lhr, 'document-title'),
    meta_description: verdict(lhr, 'meta-description'),
    tap_targets: verdict(lhr, 'target-size'),
    font_size: verdict(lhr, 'font-size'),
    screenshots: mobile ? { mobile } : {},
    lighthouse_version: lhr.lighthouseVersion,
    device: lhr.configSettings.formFactor === 'desktop' ? 'desktop' : 'mobile',
    warnings: (lhr.runWarnings ?? []).filter((w): w is string => typeof w === 'string'),
  };
}

/** Every http(s) URL the run loaded (the document, redirects, subresources), for the address check after the run. */
export function loadedUrls(lhr: Lhr): string[] {
  const urls = [lhr.requestedUrl, lhr.mainDocumentUrl, lhr.finalDisplayedUrl, lhr.finalUrl];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) urls.push(typeof item.url === 'string' ? item.url : undefined);
  return [...new Set(urls.filter((u): u is string => typeof u === 'string' && /^https?:/i.test(u)))];
}

/** The run with the median performance score (ties and nulls by LCP): one whole run, so its numbers belong together. */
export function medianRun<T extends { performance: number | null; lcp_ms: number | null }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1) || (b.lcp_ms ?? Infinity) - (a.lcp_ms ?? Infinity));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Of several measured runs, the one kept (the middle by performance score), saying how many there were. */
export function keptOf<T extends { performance: number | null; lcp_ms: number | null; throttling: string; runs: number }>(runs: T[]): T {
  const median = medianRun(runs);
  const words = runs.length === 1 ? 'one lab run' : `the middle of ${runs.length} lab runs by performance score`;
  return { ...median, runs: runs.length, throttling: median.throttling.replace(/one lab run$/, words) };
}
