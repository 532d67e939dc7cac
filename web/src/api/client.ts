// fetch wrapper for the REST API: adds the bearer token, turns non-OK answers into
// ApiError (message = the server's detail or message, else 'Request failed') and, on a
// 401 from any call but the login itself, clears the session and goes to /login.
import { clearSession, getSession } from '../session.ts';

export class ApiError extends Error {
  readonly status: number;
  /** True when the message came from the server's detail/message field. */
  readonly fromServer: boolean;

  constructor(message: string, status: number, fromServer: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A file sent as the body itself (the browser streams it; it is never read into a string). */
  file?: Blob;
  /** The login call answers 401 for wrong credentials: that must not end the session. */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
}

function serverMessage(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const { detail, message } = payload as { detail?: unknown; message?: unknown };
  for (const value of [detail, message]) {
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value)) {
      const parts = value
        .map((item) => (typeof item === 'string' ? item : (item as { msg?: unknown; message?: unknown })?.msg ?? (item as { message?: unknown })?.message))
        .filter((part): part is string => typeof part === 'string' && part.length > 0);
      if (parts.length) return parts.join('; ');
    }
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

// A full page load on /login also drops every cached answer of the refused session.
function goToLogin(): void {
  const onLogin = window.location.pathname === '/login';
  clearSession(onLogin);
  if (!onLogin) window.location.replace('/login');
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSession()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  const payload = await readBody(response);

  if (response.status === 401 && !options.skipAuthRedirect) {
    goToLogin();
    throw new ApiError('Unauthorized', 401, false);
  }
  if (!response.ok) {
    const message = serverMessage(payload);
    throw new ApiError(message ?? 'Request failed', response.status, message !== null);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>(path),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** SWR fetcher: the key is the API path. */
export const fetcher = <T>(path: string): Promise<T> => api.get<T>(path);

/** Text for a failed call: the server's message when it gave one, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}
