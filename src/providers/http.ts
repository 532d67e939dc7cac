// One HTTP helper for every paid-service adapter: a timeout on every call, and every
// failure turned into a ProviderError whose kind says whether retrying can help.
import { ProviderError } from '../core/model/providers.ts';

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Reads a useful message out of the error bodies the services send. */
export function errorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>).message : undefined;
    for (const candidate of [b.message, b.error, nested, b.detail]) {
      if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
    }
  }
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  return fallback;
}

function retryAfter(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Maps an HTTP error status to a failure kind; adapters may refine it from the body first. */
export function failureFor(service: string, status: number, body: unknown, headers: Headers): ProviderError {
  const message = errorMessage(body, `HTTP ${status}`);
  if (status === 401 || status === 403) return new ProviderError(service, 'auth', message, status);
  if (status === 429) return new ProviderError(service, 'rate_limited', message, status, retryAfter(headers));
  if (status >= 500) return new ProviderError(service, 'unavailable', message, status, retryAfter(headers));
  return new ProviderError(service, 'bad_request', message, status);
}

/**
 * Sends a request and parses a JSON answer. Non-2xx answers throw the ProviderError from
 * `refine` (when it returns one) or from failureFor.
 */
export async function requestJson<T = unknown>(
  service: string,
  url: string | URL,
  request: JsonRequest = {},
  refine?: (status: number, body: unknown, headers: Headers) => ProviderError | undefined,
): Promise<JsonResponse<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? 'timed out' : `could not be reached (${(error as Error).message})`;
    throw new ProviderError(service, 'unavailable', `${service} ${reason}`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    if (response.ok) throw new ProviderError(service, 'bad_response', `${service} answered with something that is not JSON`, response.status);
  }
  if (!response.ok) {
    throw refine?.(response.status, body, response.headers) ?? failureFor(service, response.status, body, response.headers);
  }
  return { status: response.status, headers: response.headers, body: body as T };
}
