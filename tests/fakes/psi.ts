// Contract fake for Google PageSpeed Insights API v5: GET /pagespeedonline/v5/runPagespeed
// ?url&strategy&category…&key, answering with PSI's PagespeedApiPagespeedResponseV5 (kind,
// id, loadingExperience, originLoadingExperience, lighthouseResult, analysisUTCTimestamp) and
// Google's standard JSON error body. Shapes from the API reference and real answers: CrUX
// percentiles are p75, CLS multiplied by 100, categories FAST/AVERAGE/SLOW; a page Lighthouse
// cannot load is a 400 "Lighthouse returned error: FAILED_DOCUMENT_REQUEST …".
// Which answer a URL gets is decided by its host (see PSI_HOSTS); failures of the service itself
// are switched on with fake.failNext(psiReplies.x()).
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.ts';

export const PSI_PATH = '/pagespeedonline/v5/runPagespeed';

/** The hosts whose pages get each kind of answer (any other host: lab + field for the URL). */
export const PSI_HOSTS = {
  /** Lab data and the URL's own field data. */
  field: 'busy-bakery.example',
  /** Too few visits to the page: loadingExperience falls back to the origin's (origin_fallback). */
  origin: 'quiet-page.example',
  /** No CrUX data at all: lab only. */
  labOnly: 'new-bakery.example',
  /** Lighthouse could not load the page: 400 FAILED_DOCUMENT_REQUEST. */
  unreachable: 'gone-bakery.example',
  /** Lighthouse loaded nothing it could paint: 500 NO_FCP. */
  noPaint: 'blank-bakery.example',
} as const;

/** A real (1x1, grey) JPEG, as PSI hands the final screenshot over: a data URL. */
export const FAKE_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

function googleError(code: number, status: string, message: string, reason: string, domain = 'global', details?: unknown[]): FakeReply {
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason }], status, ...(details && { details }) } } };
}

const errorInfo = (reason: string) => [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service: 'pagespeedonline.googleapis.com' } }];

export const psiReplies = {
  invalidKey: (): FakeReply => googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'badRequest', 'global', errorInfo('API_KEY_INVALID')),
  /** The project's daily query quota (25,000 by default) is used up. */
  dailyQuota: (): FakeReply =>
    googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'pagespeedonline.googleapis.com' for consumer 'project_number:123456'.", 'rateLimitExceeded', 'global', errorInfo('RATE_LIMIT_EXCEEDED')),
  /** The per-100-seconds limit: worth a pause. */
  rateLimit: (retryAfterSeconds?: number): FakeReply => ({
    ...googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'pagespeedonline.googleapis.com' for consumer 'project_number:123456'.", 'rateLimitExceeded', 'global', errorInfo('RATE_LIMIT_EXCEEDED')),
    ...(retryAfterSeconds !== undefined && { headers: { 'retry-after': String(retryAfterSeconds) } }),
  }),
  serverError: (): FakeReply => googleError(500, 'INTERNAL', 'Unable to process request. Please wait a while and try again.', 'internalError'),
  unreachable: (): FakeReply =>
    googleError(
      400,
      'INVALID_ARGUMENT',
      'Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. Make sure you are testing the correct URL and that the server is properly responding to all requests. (Details: net::ERR_CONNECTION_FAILED)',
      'lighthouseUserError',
      'lighthouse',
    ),
  noPaint: (): FakeReply =>
    googleError(500, 'INTERNAL', 'Lighthouse returned error: NO_FCP. The page did not paint any content. Please ensure you keep the browser window in the foreground during the load and try again. (NO_FCP)', 'lighthouseError', 'lighthouse'),
};

/** One CrUX metric: p75 and its category (FAST/AVERAGE/SLOW), with a plausible distribution. */
function metric(percentile: number, category: 'FAST' | 'AVERAGE' | 'SLOW', [good, poor]: [number, number]) {
  return {
    percentile,
    distributions: [
      { min: 0, max: good, proportion: 0.61 },
      { min: good, max: poor, proportion: 0.24 },
      { min: poor, proportion: 0.15 },
    ],
    category,
  };
}

function experience(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    metrics: {
      CUMULATIVE_LAYOUT_SHIFT_SCORE: metric(12, 'AVERAGE', [10, 25]), // 0.12
      EXPERIMENTAL_TIME_TO_FIRST_BYTE: metric(1400, 'AVERAGE', [800, 1800]),
      FIRST_CONTENTFUL_PAINT_MS: metric(2100, 'AVERAGE', [1800, 3000]),
      INTERACTION_TO_NEXT_PAINT: metric(180, 'FAST', [200, 500]),
      LARGEST_CONTENTFUL_PAINT_MS: metric(4300, 'SLOW', [2500, 4000]),
    },
    overall_category: 'SLOW',
    ...extra,
  };
}

const numeric = (numericValue: number, score: number, unit = 'millisecond') => ({ score, scoreDisplayMode: 'numeric', numericValue, numericUnit: unit });
const binary = (pass: boolean) => ({ score: pass ? 1 : 0, scoreDisplayMode: 'binary' });

/** A Lighthouse 12 report as PSI embeds it (the audits the adapter reads, and a few it does not). */
export function lighthouseResult(url: string) {
  const https = url.startsWith('https:');
  return {
    requestedUrl: url,
    finalUrl: url,
    mainDocumentUrl: url,
    finalDisplayedUrl: url,
    lighthouseVersion: '12.8.2',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/137.0.0.0 Safari/537.36',
    fetchTime: '2026-11-27T21:00:00.000Z',
    environment: { networkUserAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse', benchmarkIndex: 2065 },
    runWarnings: [],
    configSettings: { emulatedFormFactor: 'mobile', formFactor: 'mobile', locale: 'en-US', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], channel: 'lr', throttlingMethod: 'simulate', throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 } },
    categories: {
      performance: { id: 'performance', title: 'Performance', score: 0.42 },
      accessibility: { id: 'accessibility', title: 'Accessibility', score: 0.87 },
      'best-practices': { id: 'best-practices', title: 'Best Practices', score: 0.96 },
      seo: { id: 'seo', title: 'SEO', score: 0.83 },
    },
    audits: {
      'largest-contentful-paint': numeric(6234.5, 0.11),
      'first-contentful-paint': numeric(2890.2, 0.55),
      'cumulative-layout-shift': numeric(0.1834, 0.66, 'unitless'),
      'total-blocking-time': numeric(512.7, 0.57),
      'speed-index': numeric(5120.9, 0.58),
      'total-byte-weight': { ...numeric(3_412_345, 0.3, 'byte'), details: { type: 'table', items: [] } },
      'uses-optimized-images': { score: 0, scoreDisplayMode: 'metricSavings', numericValue: 1200, details: { type: 'opportunity', items: [{ url: `${url}hero.jpg`, wastedBytes: 1_800_000 }], overallSavingsBytes: 1_800_000 } },
      'render-blocking-resources': { score: 0, scoreDisplayMode: 'metricSavings', numericValue: 900, details: { type: 'opportunity', items: [{ url: `${url}theme.css`, wastedMs: 900 }], overallSavingsMs: 900 } },
      'is-on-https': https ? { score: 1, scoreDisplayMode: 'binary', details: { type: 'table', items: [] } } : { score: 0, scoreDisplayMode: 'binary', details: { type: 'table', items: [{ url }] } },
      'document-title': binary(true),
      'meta-description': binary(false),
      'target-size': binary(false),
      'font-size': binary(true),
      'final-screenshot': { score: null, scoreDisplayMode: 'informative', details: { type: 'screenshot', timing: 2890, timestamp: 1, data: `data:image/jpeg;base64,${FAKE_JPEG_BASE64}` } },
    },
    timing: { total: 13456.7 },
  };
}

function answer(req: RecordedRequest): FakeReply {
  const raw = req.query.get('url');
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    return googleError(400, 'INVALID_ARGUMENT', `Invalid value '${raw ?? ''}' for query parameter 'url'`, 'badRequest');
  }
  if (url.hostname === PSI_HOSTS.unreachable) return psiReplies.unreachable();
  if (url.hostname === PSI_HOSTS.noPaint) return psiReplies.noPaint();
  const id = url.href;
  const origin = `${url.protocol}//${url.host}`;
  const body: Record<string, unknown> = {
    captchaResult: 'CAPTCHA_NOT_NEEDED',
    kind: 'pagespeedonline#result',
    id,
    lighthouseResult: lighthouseResult(id),
    analysisUTCTimestamp: '2026-11-27T21:00:00.000Z',
  };
  if (url.hostname === PSI_HOSTS.labOnly) {
    body.loadingExperience = { initial_url: id };
  } else if (url.hostname === PSI_HOSTS.origin) {
    body.loadingExperience = experience(origin, { initial_url: id, origin_fallback: true });
    body.originLoadingExperience = experience(origin, { initial_url: id });
  } else {
    body.loadingExperience = experience(id, { initial_url: id });
    body.originLoadingExperience = experience(origin, { initial_url: id });
  }
  return { status: 200, body };
}

/** Starts the fake; the adapter's base URL is `fake.baseUrl` (it adds PSI_PATH). */
export async function startPsiFake(options: { apiKey: string }): Promise<HttpFake> {
  const fake = new HttpFake((req) => {
    if (req.method !== 'GET' || req.path !== PSI_PATH) return googleError(404, 'NOT_FOUND', 'Not Found', 'notFound');
    if (req.query.get('key') !== options.apiKey) return psiReplies.invalidKey();
    return answer(req);
  });
  return fake.start();
}
