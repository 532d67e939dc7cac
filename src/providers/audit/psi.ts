// Google PageSpeed Insights (API v5) as the site auditor when a Google API key is configured
// (the Custom Search key): Google runs Lighthouse on its own machines (mobile, simulated slow
// 4G) and adds the field data of the Chrome UX Report, what real Chrome users on phones met over
// the last 28 days, for the page when Google has enough visits to it, else for the whole site.
// Both are kept, and labelled. Its lighthouseResult is a Lighthouse report, read as ours is.
//
// One query per run, each through the shared gateway (quota before the call, breaker, rate
// limit, retries, usage record). What the page did is an answer, not a failure: Lighthouse's
// error on the page ("Lighthouse returned error: FAILED_DOCUMENT_REQUEST", which Google sends
// as a 400 or a 500) is `measured: false` with the reason, and the query still counts. What the
// service did (a refused key, quota, 429, 5xx after the retries) throws, as every paid
// provider's failures do, so the job that asked is retried or dead-lettered with the reason.
import type { AuditOptions, FieldData, MeasuredAudit, SiteAudit, SiteAuditor, UnmeasuredAudit } from '../../core/model/audit.ts';
import { ProviderError } from '../../core/model/providers.ts';
import type { ServiceGateway } from '../../core/resilience/gateway.ts';
import { SsrfGuard } from '../crawl/ssrf-guard.ts';
import { failureFor, requestJson } from '../http.ts';
import { keptOf, readLhr, throttlingWords, type Lhr } from './lhr.ts';

const SERVICE = 'pagespeed';
export const PSI_PATH = '/pagespeedonline/v5/runPagespeed';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export interface PsiAuditorOptions {
  apiKey: string;
  /** https://www.googleapis.com (tests: a fake on loopback). */
  baseUrl: string;
  /** The gateway every query goes through; without one (a bare adapter) queries are made directly. */
  gateway?: Pick<ServiceGateway, 'call'>;
  /** Runs per audit, the middle one by performance score kept (default 1: each run is a query). */
  runs?: number;
  /** How long one query may take (Google's Lighthouse run included). */
  timeoutMs?: number;
  onRun?: (run: number, of: number) => void;
}

type Json = Record<string, any>;

/** The page's own failure, reported by Google's Lighthouse: not measured, never retried. */
class PageNotMeasured extends Error {}

const LIGHTHOUSE_ERROR = /^Lighthouse returned error:/;

function googleMessage(body: unknown): string {
  const error = body && typeof body === 'object' ? (body as Json).error : undefined;
  return typeof error?.message === 'string' ? error.message : typeof body === 'string' ? body.slice(0, 300) : '';
}

function googleReasons(body: unknown): string[] {
  const error = body && typeof body === 'object' ? (body as Json).error : undefined;
  const list = (v: unknown) => (Array.isArray(v) ? (v as Json[]) : []);
  return [...list(error?.errors), ...list(error?.details)].map((e) => e?.reason).filter((r): r is string => typeof r === 'string');
}

/** Google's answers, refined: the page's error, a refused key, today's quota, a per-minute limit. */
function refine(status: number, body: unknown, headers: Headers): ProviderError | undefined {
  const message = googleMessage(body);
  const text = message || `HTTP ${status}`;
  const reasons = googleReasons(body);
  if (LIGHTHOUSE_ERROR.test(message)) throw new PageNotMeasured(message);
  if (reasons.some((r) => /^(keyInvalid|keyExpired|API_KEY_INVALID|API_KEY_EXPIRED|accessNotConfigured|SERVICE_DISABLED|API_KEY_SERVICE_BLOCKED|forbidden)$/.test(r)) || /api key not valid/i.test(message)) {
    return new ProviderError(SERVICE, 'auth', text, status);
  }
  if ((status === 429 || status === 403) && (/per day|daily limit/i.test(message) || reasons.some((r) => r === 'dailyLimitExceeded' || r === 'quotaExceeded'))) {
    return new ProviderError(SERVICE, 'quota_exhausted', text, status);
  }
  if (status === 429) return new ProviderError(SERVICE, 'rate_limited', text, status, failureFor(SERVICE, status, body, headers).retryAfterSeconds);
  return undefined; // 5xx → unavailable (retried), other 4xx → bad_request
}

/**
 * Whether Google's servers could load this page: an http(s) URL whose host is not an IP address
 * or name that only means something here (loopback, private, .local, one label). The sandbox's
 * pages are on loopback: those are measured locally.
 */
export function googleCanReach(url: string): boolean {
  try {
    return new SsrfGuard().staticProblem(new URL(url)) === null;
  } catch {
    return false;
  }
}

function redacted(error: unknown, key: string): unknown {
  if (!(error instanceof ProviderError) || !key || !error.message.includes(key)) return error;
  return new ProviderError(error.service, error.kind, error.message.replaceAll(key, '***'), error.status, error.retryAfterSeconds);
}

export class PsiAuditor implements SiteAuditor {
  readonly service = SERVICE;

  constructor(private readonly options: PsiAuditorOptions) {}

  async audit(url: string, options: AuditOptions = {}): Promise<SiteAudit> {
    const started = Date.now();
    const runs = Math.max(1, Math.floor(options.runs ?? this.options.runs ?? 1));
    if (!googleCanReach(url)) return notMeasured(url, `PageSpeed Insights runs at Google and cannot load ${url} (not a public http(s) address)`, started);
    const results: MeasuredAudit[] = [];
    for (let run = 1; run <= runs; run++) {
      this.options.onRun?.(run, runs);
      const query = () => this.query(url, options.timeoutMs ?? this.options.timeoutMs);
      const answer = this.options.gateway ? await this.options.gateway.call(SERVICE, 'audit', query, { campaignId: options.campaignId }) : await query();
      if ('problem' in answer) return notMeasured(url, answer.problem, started);
      results.push(answer.audit);
    }
    return { ...keptOf(results), measured_at: new Date(started).toISOString(), duration_ms: Date.now() - started };
  }

  /** One query: the measured run, or the page's problem as Google's Lighthouse reported it. */
  private async query(url: string, timeoutMs?: number): Promise<{ audit: MeasuredAudit } | { problem: string }> {
    const started = Date.now();
    const { apiKey, baseUrl } = this.options;
    const endpoint = new URL(baseUrl.replace(/\/+$/, '') + PSI_PATH);
    endpoint.searchParams.set('url', url);
    endpoint.searchParams.set('strategy', 'mobile');
    for (const category of CATEGORIES) endpoint.searchParams.append('category', category);
    endpoint.searchParams.set('key', apiKey);
    let body: Json;
    try {
      body = (await requestJson<Json>(SERVICE, endpoint, { timeoutMs }, refine)).body;
    } catch (error) {
      if (error instanceof PageNotMeasured) return { problem: `PageSpeed Insights could not measure the page: ${error.message}` };
      throw redacted(error, apiKey);
    }
    const lhr = body?.lighthouseResult as Lhr | undefined;
    if (!lhr || typeof lhr !== 'object' || !lhr.audits || !lhr.categories || !lhr.configSettings) {
      throw new ProviderError(SERVICE, 'bad_response', 'PageSpeed Insights answered without a Lighthouse report');
    }
    if (lhr.runtimeError && lhr.runtimeError.code !== 'NO_ERROR') {
      return { problem: `PageSpeed Insights could not measure the page: ${lhr.runtimeError.message} (${lhr.runtimeError.code})` };
    }
    const field = fieldData(body);
    const audit: MeasuredAudit = {
      ...readLhr(lhr),
      source: 'psi',
      url,
      runs: 1,
      throttling: throttlingWords(lhr, 1),
      measured_at: new Date(started).toISOString(),
      duration_ms: Date.now() - started,
      ...(field && { field }),
    };
    return { audit };
  }
}

function notMeasured(url: string, reason: string, started: number): UnmeasuredAudit {
  return { measured: false, url, reason, chromium_missing: false, measured_at: new Date(started).toISOString(), duration_ms: Date.now() - started };
}

// ---- Field data (Chrome UX Report) -------------------------------------------------------------

const FIELD_METRICS = {
  lcp_ms: 'LARGEST_CONTENTFUL_PAINT_MS',
  cls: 'CUMULATIVE_LAYOUT_SHIFT_SCORE',
  inp_ms: 'INTERACTION_TO_NEXT_PAINT',
  fcp_ms: 'FIRST_CONTENTFUL_PAINT_MS',
} as const;

/** CrUX's categories are Google's Core Web Vitals bands. */
const BANDS: Record<string, 'good' | 'needs_improvement' | 'poor'> = { FAST: 'good', AVERAGE: 'needs_improvement', SLOW: 'poor' };

function hasMetrics(experience: Json | undefined): experience is Json {
  const metrics = experience?.metrics;
  return Boolean(metrics && typeof metrics === 'object' && Object.values(FIELD_METRICS).some((id) => metrics[id]));
}

function fieldMetric(metrics: Json, id: string, scale = 1): { p75: number; band: 'good' | 'needs_improvement' | 'poor' } | null {
  const m = metrics[id];
  const band = BANDS[m?.category];
  if (typeof m?.percentile !== 'number' || !Number.isFinite(m.percentile) || m.percentile < 0 || !band) return null;
  return { p75: Math.round((m.percentile / scale) * 1000) / 1000, band };
}

/**
 * The field data: this URL's (loadingExperience) when Google has it, else the origin's
 * (originLoadingExperience, or loadingExperience marked origin_fallback); undefined when
 * Google has none. CLS comes from the API multiplied by 100.
 */
export function fieldData(body: Json): FieldData | undefined {
  const page = body.loadingExperience as Json | undefined;
  const origin = body.originLoadingExperience as Json | undefined;
  const [experience, scope] = hasMetrics(page) && !page.origin_fallback ? [page, 'url' as const] : hasMetrics(origin) ? [origin, 'origin' as const] : hasMetrics(page) ? [page, 'origin' as const] : [];
  if (!experience || !scope) return undefined;
  const metrics = experience.metrics as Json;
  const id = typeof experience.id === 'string' ? experience.id : '';
  return {
    scope,
    id,
    label: scope === 'url' ? 'real Chrome users on phones, of this page, over the last 28 days' : `real Chrome users on phones, across the whole site${id ? ` (${id})` : ''}, over the last 28 days`,
    overall: BANDS[experience.overall_category] ?? null,
    lcp_ms: fieldMetric(metrics, FIELD_METRICS.lcp_ms),
    cls: fieldMetric(metrics, FIELD_METRICS.cls, 100),
    inp_ms: fieldMetric(metrics, FIELD_METRICS.inp_ms),
    fcp_ms: fieldMetric(metrics, FIELD_METRICS.fcp_ms),
  };
}
