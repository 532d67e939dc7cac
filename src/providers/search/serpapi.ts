// SerpApi (engine=google): local-pack results plus organic results, mapped to search hits.
// Response and error shapes follow serpapi.com/search-api, /local-pack, /account-api and
// /api-status-and-error-codes.
import { ProviderError, type KeyCheck, type SearchHit, type SearchPage, type SearchProvider, type SearchRequest } from '../../core/model/providers.ts';
import { errorMessage, requestJson } from '../http.ts';
import { dedupeByHost, httpUrl, skippedOf } from './hits.ts';

const SERVICE = 'serpapi';

export interface SerpApiOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

// SerpApi answers 429 both for the hourly throughput limit and for an exhausted plan; only
// the text tells them apart, and only the first is worth retrying.
const OUT_OF_SEARCHES = /run out of searches|searches for the month have run out|no searches (left|remaining)/i;
const INVALID_KEY = /invalid api key/i;
const NO_RESULTS = /hasn't returned any results/i;
const BAD_PARAMETER = /missing|unsupported|invalid .*parameter/i;

function joinUrl(baseUrl: string, path: string, params: Record<string, string | number | undefined>): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path}`);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/** Maps SerpApi's error text (HTTP error or a 200 with status Error) to a failure kind. */
function failureFromText(text: string, status: number): ProviderError | undefined {
  if (OUT_OF_SEARCHES.test(text)) return new ProviderError(SERVICE, 'quota_exhausted', text, status);
  if (INVALID_KEY.test(text)) return new ProviderError(SERVICE, 'auth', text, status);
  if (status === 200) {
    // A search that failed on SerpApi's side (proxy timeout, internal error) is worth a retry.
    return new ProviderError(SERVICE, BAD_PARAMETER.test(text) ? 'bad_request' : 'unavailable', text, status);
  }
  return undefined; // let failureFor map by status (429 → rate_limited with Retry-After, 5xx → unavailable)
}

function refine(status: number, body: unknown): ProviderError | undefined {
  return failureFromText(errorMessage(body, ''), status);
}

/** ProviderError messages must never carry the key, whatever a proxy echoes back. */
function redacted(error: unknown, key: string): unknown {
  if (!(error instanceof ProviderError) || !key || !error.message.includes(key)) return error;
  return new ProviderError(error.service, error.kind, error.message.replaceAll(key, '***'), error.status, error.retryAfterSeconds);
}

function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  // reviews sometimes arrive as "1,234"; ratings as letters ("A") are map labels, not ratings.
  if (typeof value === 'string' && /^\d[\d,]*(\.\d+)?$/.test(value.trim())) return Number(value.replace(/,/g, ''));
  return undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function hit(title: unknown, url: string, r: Json): SearchHit {
  const out: SearchHit = { title: str(title) ?? new URL(url).hostname, url };
  const fields = { address: str(r.address), phone: str(r.phone), rating: num(r.rating), reviews: num(r.reviews), snippet: str(r.snippet) ?? str(r.description) };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) (out as unknown as Json)[name] = value;
  return out;
}

function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((v): v is Json => !!v && typeof v === 'object') : [];
}

/** Local results (an array, or {places: [...]} in the google engine's local pack) then organic ones. */
export function hitsFromSerpApi(body: Json): SearchHit[] {
  const local = body.local_results;
  const places = Array.isArray(local) ? asArray(local) : asArray((local as Json | undefined)?.places);
  const hits: SearchHit[] = [];
  for (const place of places) {
    // A business without a website is no lead for a web-design agency.
    const url = httpUrl(place.website) ?? httpUrl((place.links as Json | undefined)?.website);
    if (url) hits.push(hit(place.title, url, place));
  }
  for (const result of asArray(body.organic_results)) {
    const url = httpUrl(result.link);
    if (url) hits.push(hit(result.title, url, result));
  }
  return dedupeByHost(hits);
}

export class SerpApiSearch implements SearchProvider {
  readonly id = 'serpapi' as const;
  readonly service = 'serpapi' as const;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs?: number;

  constructor(options: SerpApiOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
  }

  async search(request: SearchRequest): Promise<SearchPage> {
    const location = request.location?.trim() || undefined;
    const pageSize = Math.max(1, Math.floor(request.pageSize));
    const url = joinUrl(this.baseUrl, 'search.json', {
      engine: 'google',
      q: location ? `${request.query} in ${location}` : request.query,
      location,
      num: pageSize,
      start: Math.max(0, Math.floor(request.page)) * pageSize,
      api_key: this.apiKey,
    });
    try {
      const { body } = await requestJson<Json>(SERVICE, url, { timeoutMs: this.timeoutMs }, refine);
      return pageFrom(body ?? {});
    } catch (error) {
      throw redacted(error, this.apiKey);
    }
  }
}

function pageFrom(body: Json): SearchPage {
  const error = str(body.error);
  if (error && NO_RESULTS.test(error)) return { hits: [], hasMore: false };
  const failed = (body.search_metadata as Json | undefined)?.status === 'Error';
  const hasResults = body.local_results !== undefined || body.organic_results !== undefined;
  if (failed || (error && !hasResults)) throw failureFromText(error ?? 'SerpApi search failed', 200);
  const pagination = (body.serpapi_pagination ?? body.pagination) as Json | undefined;
  const hits = hitsFromSerpApi(body);
  const local = body.local_results;
  const places = Array.isArray(local) ? asArray(local) : asArray((local as Json | undefined)?.places);
  const organic = asArray(body.organic_results);
  const withWebsite = places.filter((p) => httpUrl(p.website) ?? httpUrl((p.links as Json | undefined)?.website)).length + organic.filter((r) => httpUrl(r.link)).length;
  return { hits, hasMore: Boolean(pagination?.next), skipped: skippedOf(places.length + organic.length, withWebsite, hits.length) };
}

function accountSummary(body: Json): string {
  const plan = str(body.plan_name);
  const left = num(body.plan_searches_left) ?? num(body.total_searches_left);
  const perMonth = num(body.searches_per_month);
  const quota = left === undefined ? undefined : perMonth === undefined ? `${left} searches left` : `${left} of ${perMonth} searches left this month`;
  const details = [plan, quota].filter(Boolean).join(', ');
  return details ? `Valid SerpApi key (${details})` : 'Valid SerpApi key';
}

/** Checks a key with the free Account API (it spends no search). Never throws. */
export async function validateSerpApiKey(baseUrl: string, key: string, timeoutMs?: number): Promise<KeyCheck> {
  if (!key.trim()) return { valid: false, message: 'Invalid SerpApi key' };
  try {
    const { body } = await requestJson<Json>(SERVICE, joinUrl(baseUrl, 'account.json', { api_key: key }), { timeoutMs }, refine);
    if (!body || typeof body !== 'object' || str(body.error)) return { valid: false, message: 'Invalid SerpApi key' };
    return { valid: true, message: accountSummary(body) };
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'auth') return { valid: false, message: 'Invalid SerpApi key' };
    const message = (redacted(error, key) as Error).message;
    return { valid: false, message: `Could not check the SerpApi key: ${message}` };
  }
}
