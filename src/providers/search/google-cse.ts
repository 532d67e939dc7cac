// Google Custom Search JSON API (customsearch/v1). Google has closed this API to new
// customers: only projects that already use it can keep doing so (say so in the UI).
// Error bodies are Google's standard JSON error: {error: {code, message, status, errors: [{reason}], details}}.
import { ProviderError, type KeyCheck, type SearchHit, type SearchPage, type SearchProvider, type SearchRequest } from '../../core/model/providers.ts';
import { failureFor, requestJson } from '../http.ts';
import { dedupeByHost, httpUrl, skippedOf } from './hits.ts';

const SERVICE = 'google_custom_search';
/** The API returns at most 10 results per call and never more than 100 in all. */
const MAX_NUM = 10;
const MAX_RESULTS = 100;

export const GOOGLE_CSE_CLOSED_NOTE =
  'Google has closed the Custom Search JSON API to new customers; only existing projects can use it.';

export interface GoogleCseOptions {
  apiKey: string;
  engineId: string;
  baseUrl: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const QUOTA_REASONS = new Set(['dailyLimitExceeded', 'quotaExceeded', 'dailyLimitExceededUnreg']);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);
const KEY_REASONS = new Set(['keyInvalid', 'keyExpired', 'API_KEY_INVALID', 'API_KEY_EXPIRED']);
const ACCESS_REASONS = new Set(['accessNotConfigured', 'SERVICE_DISABLED', 'API_KEY_SERVICE_BLOCKED', 'forbidden']);

function googleError(body: unknown): { message: string; reasons: string[] } {
  const error = (body && typeof body === 'object' ? (body as Json).error : undefined) as Json | undefined;
  const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);
  const reasons = [...list(error?.errors), ...list(error?.details)]
    .map((e) => e?.reason)
    .filter((r): r is string => typeof r === 'string');
  const message = typeof error?.message === 'string' ? error.message : typeof body === 'string' ? body.slice(0, 300) : '';
  return { message, reasons };
}

/**
 * Google answers quota problems with 403 (legacy: dailyLimitExceeded) or 429
 * (RESOURCE_EXHAUSTED, reason rateLimitExceeded, "Queries per day" in the text): a daily quota
 * is exhausted until midnight Pacific time, a per-minute one is a pause.
 */
function refine(status: number, body: unknown, headers: Headers): ProviderError | undefined {
  const { message, reasons } = googleError(body);
  const text = message || `HTTP ${status}`;
  const has = (set: Set<string>) => reasons.some((r) => set.has(r));
  if (has(KEY_REASONS) || /api key not valid|api key expired/i.test(message)) return new ProviderError(SERVICE, 'auth', text, status);
  if (has(ACCESS_REASONS)) return new ProviderError(SERVICE, 'auth', text, status);
  if (has(QUOTA_REASONS) || (/per day|daily limit/i.test(message) && (status === 403 || status === 429))) {
    return new ProviderError(SERVICE, 'quota_exhausted', text, status);
  }
  if (has(RATE_REASONS) || status === 429) {
    const retryAfter = failureFor(SERVICE, 429, body, headers).retryAfterSeconds;
    return new ProviderError(SERVICE, 'rate_limited', text, status, retryAfter);
  }
  return undefined; // 401/403 → auth, 5xx → unavailable, other 4xx → bad_request
}

function redacted(error: unknown, key: string): unknown {
  if (!(error instanceof ProviderError) || !key || !error.message.includes(key)) return error;
  return new ProviderError(error.service, error.kind, error.message.replaceAll(key, '***'), error.status, error.retryAfterSeconds);
}

function queryUrl(baseUrl: string, params: Record<string, string | number>): URL {
  const url = new URL(baseUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return url;
}

export function hitsFromGoogleCse(body: Json): SearchHit[] {
  const items = Array.isArray(body.items) ? (body.items as Json[]) : [];
  const hits: SearchHit[] = [];
  for (const item of items) {
    const url = httpUrl(item?.link);
    if (!url) continue;
    const title = typeof item.title === 'string' && item.title.trim() ? item.title.trim() : new URL(url).hostname;
    const snippet = typeof item.snippet === 'string' ? item.snippet.replace(/\s+/g, ' ').trim() : '';
    hits.push(snippet ? { title, url, snippet } : { title, url });
  }
  return dedupeByHost(hits);
}

export class GoogleCseSearch implements SearchProvider {
  readonly id = 'google_cse' as const;
  readonly service = 'google_custom_search' as const;
  private readonly options: GoogleCseOptions;

  constructor(options: GoogleCseOptions) {
    this.options = { ...options };
  }

  async search(request: SearchRequest): Promise<SearchPage> {
    const { apiKey, engineId, baseUrl, timeoutMs } = this.options;
    const location = request.location?.trim();
    const pageSize = Math.min(MAX_NUM, Math.max(1, Math.floor(request.pageSize)));
    const start = Math.max(0, Math.floor(request.page)) * pageSize + 1; // 1-based
    // Asking past result 100 is an error at Google, so the end of the window is an empty page.
    const num = Math.min(pageSize, MAX_RESULTS - start + 1);
    if (num < 1) return { hits: [], hasMore: false };
    const url = queryUrl(baseUrl, { key: apiKey, cx: engineId, q: location ? `${request.query} in ${location}` : request.query, num, start });
    try {
      const { body } = await requestJson<Json>(SERVICE, url, { timeoutMs }, refine);
      const next = ((body?.queries as Json | undefined)?.nextPage ?? []) as unknown[];
      const hasMore = Array.isArray(next) && next.length > 0 && start + num <= MAX_RESULTS;
      const items = Array.isArray(body?.items) ? (body.items as Json[]) : [];
      const hits = hitsFromGoogleCse(body ?? {});
      return { hits, hasMore, skipped: skippedOf(items.length, items.filter((i) => httpUrl(i?.link)).length, hits.length) };
    } catch (error) {
      throw redacted(error, apiKey);
    }
  }
}

/** Checks the key and engine id with a one-result query (it spends one query). Never throws. */
export async function validateGoogleCse(baseUrl: string, key: string, engineId: string, timeoutMs?: number): Promise<KeyCheck> {
  if (!key.trim()) return { valid: false, message: 'Invalid Google Custom Search API key' };
  if (!engineId.trim()) return { valid: false, message: 'A Google Custom Search engine ID (cx) is required' };
  try {
    await requestJson(SERVICE, queryUrl(baseUrl, { key, cx: engineId, q: 'test', num: 1 }), { timeoutMs }, refine);
    return { valid: true, message: 'Valid Google Custom Search key and engine ID' };
  } catch (error) {
    const e = redacted(error, key) as ProviderError;
    if (e.kind === 'auth' && /api key/i.test(e.message)) return { valid: false, message: 'Invalid Google Custom Search API key' };
    if (e.kind === 'auth') return { valid: false, message: `Google refused this key: ${e.message}` };
    // Google checks the key before the quota, so a quota answer means the key itself is good.
    if (e.kind === 'quota_exhausted' || e.kind === 'rate_limited') {
      return { valid: true, message: `Valid Google Custom Search key, but its quota is used up for now: ${e.message}` };
    }
    if (e.kind === 'bad_request') return { valid: false, message: `Invalid Google Custom Search engine ID or request: ${e.message}` };
    return { valid: false, message: `Could not check the Google Custom Search key: ${e.message}` };
  }
}
