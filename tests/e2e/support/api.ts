// Direct REST calls for test set-up that is not what a test is about (e.g. creating a
// second user), so the browser steps stay on the screen under test.
export interface ApiClient {
  token: string;
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export async function apiLogin(baseUrl: string, username: string, password: string): Promise<ApiClient> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return {
    token,
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}
