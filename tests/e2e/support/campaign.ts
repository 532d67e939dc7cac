// Real data for screen tests: a sandbox campaign run by the server's own worker.
import type { TestServer } from './server.ts';

async function call(server: TestServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function apiToken(server: TestServer, username: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return (await res.json()).access_token;
}

/** Makes crawling fast for tests (the defaults are polite to real websites). */
export async function fastCrawling(server: TestServer, adminToken: string): Promise<void> {
  await call(server, adminToken, 'POST', '/api/settings/system-config', { scraping_delay: 0.5, enable_rate_limiting: false });
}

/** Creates and starts a sandbox campaign; with `wait`, resolves once it is COMPLETED. */
export async function runCampaign(server: TestServer, token: string, input: { name: string; search_query: string; location?: string; max_results?: number; max_emails?: number }, wait = true) {
  const campaign = await call(server, token, 'POST', '/api/campaigns', input);
  await call(server, token, 'POST', `/api/campaigns/${campaign.id}/start`);
  if (!wait) return campaign;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    const now = await call(server, token, 'GET', `/api/campaigns/${campaign.id}`);
    if (now.status !== 'RUNNING') return now;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`campaign ${campaign.id} did not finish`);
}
