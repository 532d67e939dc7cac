import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpFake } from '../fakes/http-fake.ts';
import { startBrevoFake, type BrevoFake } from '../fakes/brevo.ts';
import { startSerpApiFake, type SerpApiFake } from '../fakes/serpapi.ts';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let serp: SerpApiFake;
let brevo: BrevoFake;
let smtp: FakeSmtpServer;
let google: HttpFake;
let h: Harness;
let admin: string;
let user: string;

beforeAll(async () => {
  serp = await startSerpApiFake({ apiKey: 'serp-live-key-123' });
  brevo = await startBrevoFake({ apiKey: 'xkeysib-good' });
  smtp = await startSmtpServer({ user: 'mailer', pass: 'smtp-secret' });
  google = await new HttpFake((req) =>
    req.body?.includes?.('code=good-code')
      ? { status: 200, body: { access_token: 'ya29.access', refresh_token: '1//refresh-token', expires_in: 3599, token_type: 'Bearer' } }
      : { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } },
  ).start();
});
afterAll(async () => {
  await Promise.all([serp.stop(), brevo.stop(), smtp.stop(), google.stop()]);
});

async function start(env: Record<string, string> = {}) {
  h = await startHarness({
    OUTREACH_SERPAPI_BASE_URL: serp.baseUrl,
    OUTREACH_BREVO_BASE_URL: brevo.baseUrl,
    OUTREACH_GOOGLE_OAUTH_TOKEN_URL: `${google.baseUrl}/token`,
    ...env,
  });
  admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'rita', email: 'rita@example.com', password: 'rita-pass-1', role: 'user' });
  user = await h.login('rita', 'rita-pass-1');
}
beforeEach(() => start());
afterEach(() => h.close());

describe('settings are for administrators', () => {
  it('answers 403 to a regular user on every settings route but the sending windows and the sender identity status', async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/settings/api-keys'],
      ['POST', '/api/settings/validate-key', { key_type: 'serpapi', key_value: 'x' }],
      ['POST', '/api/settings', { key: 'serpapi_api_key', value: 'x' }],
      ['DELETE', '/api/settings/serpapi_api_key'],
      ['GET', '/api/settings/email-config'],
      ['POST', '/api/settings/email-config', { from_email: 'a@b.co' }],
      ['POST', '/api/settings/email-config/test', { to: 'a@b.co' }],
      ['DELETE', '/api/settings/email-config'],
      ['GET', '/api/settings/email-sending-status'],
      ['POST', '/api/settings/toggle-email-sending', { enable: false }],
      ['GET', '/api/settings/system-config'],
      ['POST', '/api/settings/system-config', { max_retries: 5 }],
      ['PUT', '/api/settings/optimal-sending-times', { optimal_times: [] }],
      ['GET', '/api/oauth2/google-ads/authorize?client_id=x'],
    ];
    for (const [method, path, body] of attempts) {
      const res = await h.call(method, path, { token: user, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const windows = await h.call('GET', '/api/settings/optimal-sending-times', { token: user });
    expect(windows.status).toBe(200);
    expect(windows.body.optimal_times[0]).toEqual({ day: 'Tuesday', time_range: '09:00-11:00' });
  });
});

describe('API keys', () => {
  it('validates a key against the service', async () => {
    const bad = await h.call('POST', '/api/settings/validate-key', { token: admin, body: { key_type: 'serpapi', key_value: 'wrong' } });
    expect(bad.body).toEqual({ valid: false, message: 'Invalid SerpApi key' });
    const good = await h.call('POST', '/api/settings/validate-key', { token: admin, body: { key_type: 'serpapi', key_value: 'serp-live-key-123' } });
    expect(good.body.valid).toBe(true);
    expect(good.body.message).toMatch(/Valid SerpApi key/);
  });

  it('stores keys encrypted and never returns them', async () => {
    const saved = await h.call('POST', '/api/settings', {
      token: admin,
      body: { key: 'serpapi_api_key', value: 'serp-live-key-123', category: 'api_keys', encrypt: false },
    });
    expect(saved.status).toBe(200);
    const raw = await h.ctx.db.$client.execute("SELECT value, encrypted FROM settings WHERE key = 'serpapi_api_key'");
    expect(String(raw.rows[0].value)).not.toContain('serp-live-key-123');
    expect(String(raw.rows[0].value)).toMatch(/^v1:/);
    expect(raw.rows[0].encrypted).toBe(1);

    const status = await h.call('GET', '/api/settings/api-keys', { token: admin });
    expect(status.body.serpapi_api_key).toMatchObject({ configured: true, source: 'database' });
    expect(Date.parse(status.body.serpapi_api_key.last_updated)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(status.body)).not.toContain('serp-live-key-123');
    expect((await h.ctx.providers.searchKind())).toBe('serpapi');

    expect((await h.call('DELETE', '/api/settings/serpapi_api_key', { token: admin })).status).toBe(200);
    expect((await h.call('GET', '/api/settings/api-keys', { token: admin })).body.serpapi_api_key.configured).toBe(false);
    expect((await h.call('DELETE', '/api/settings/serpapi_api_key', { token: admin })).status).toBe(404);
  });

  it('shows a key from the environment as set by the environment, and the environment wins', async () => {
    await h.close();
    await start({ OUTREACH_SERPAPI_KEY: 'serp-from-env', OUTREACH_GEMINI_MODEL: 'gemini-2.5-flash' });
    await h.call('POST', '/api/settings', { token: admin, body: { key: 'serpapi_api_key', value: 'serp-from-db' } });
    const status = await h.call('GET', '/api/settings/api-keys', { token: admin });
    expect(status.body.serpapi_api_key).toMatchObject({ configured: true, source: 'environment', last_updated: null });
    expect(status.body.gemini_api_key.selected_model).toBe('gemini-2.5-flash');
    expect(await h.ctx.settings.store.value('serpapi_api_key')).toBe('serp-from-env');
  });

  it('refuses unknown settings and models', async () => {
    const unknown = await h.call('POST', '/api/settings', { token: admin, body: { key: 'root_password', value: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Unknown setting "root_password"');
    const model = await h.call('POST', '/api/settings', { token: admin, body: { key: 'gemini_model', value: 'gpt-4' } });
    expect(model.status).toBe(400);
    expect(model.body.detail).toMatch(/^gemini_model must be one of gemini-2.5-pro/);
  });
});

describe('system configuration', () => {
  it('starts from the defaults and enforces every bound', async () => {
    const current = await h.call('GET', '/api/settings/system-config', { token: admin });
    expect(current.body).toMatchObject({ email_send_rate_limit: 30, email_send_delay: 2, target_emails_per_day: 125, max_retries: 3, dlq_enabled: true });

    const cases: [Record<string, unknown>, string][] = [
      [{ email_send_rate_limit: 61 }, 'Email send rate limit must be between 1 and 60'],
      [{ email_send_delay: 0.7 }, 'Delay between emails must be a multiple of 0.5'],
      [{ target_emails_per_day: 9 }, 'Target emails per day must be between 10 and 500'],
      [{ scraping_delay: 6 }, 'Scraping delay must be between 0.5 and 5'],
      [{ serpapi_monthly_budget: -1 }, 'SerpApi monthly budget must be between 0 and 1,000'],
      [{ enable_rate_limiting: 'yes' }, 'Rate limiting must be true or false'],
      [{ max_retries: '3' }, 'Max retries must be a number'],
      [{ warp_speed: 9 }, 'warp_speed: is not a field that can be set here'],
    ];
    for (const [body, detail] of cases) {
      const res = await h.call('POST', '/api/settings/system-config', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toBe(detail);
    }
    const inverted = await h.call('POST', '/api/settings/system-config', { token: admin, body: { retry_initial_delay: 10, retry_max_delay: 10 } });
    expect(inverted.status).toBe(200);
    const worse = await h.call('POST', '/api/settings/system-config', { token: admin, body: { retry_max_delay: 10, retry_initial_delay: 10.5 } });
    expect(worse.status).toBe(422);
  });

  it('saves the whole object or part of it, keeping the rest', async () => {
    const whole = (await h.call('GET', '/api/settings/system-config', { token: admin })).body;
    const saved = await h.call('POST', '/api/settings/system-config', { token: admin, body: { ...whole, email_send_delay: 3.5, dlq_enabled: false } });
    expect(saved.body).toMatchObject({ email_send_delay: 3.5, dlq_enabled: false, max_retries: 3 });
    await h.call('POST', '/api/settings/system-config', { token: admin, body: { max_retries: 7 } });
    expect((await h.call('GET', '/api/settings/system-config', { token: admin })).body).toMatchObject({ email_send_delay: 3.5, dlq_enabled: false, max_retries: 7 });
  });
});

describe('email provider', () => {
  it('configures SMTP after connecting to the server, and sends a test email through it', async () => {
    const wrong = await h.call('POST', '/api/settings/email-config', {
      token: admin,
      body: { provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_user: 'mailer', smtp_password: 'nope', from_email: 'ann@agency.test' },
    });
    expect(wrong.status).toBe(400);
    expect((await h.call('GET', '/api/settings/email-config', { token: admin })).body.configured).toBe(false);

    const res = await h.call('POST', '/api/settings/email-config', {
      token: admin,
      body: { provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_user: 'mailer', smtp_password: 'smtp-secret', from_email: 'ann@agency.test', from_name: 'Ann Agency', postal_address: 'Ann Agency, 2 High St, Leeds', tracking_enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ postal_address: 'Ann Agency, 2 High St, Leeds', tracking_enabled: false });
    expect(res.body).toMatchObject({
      configured: true,
      provider: 'smtp',
      from_email: 'ann@agency.test',
      from_name: 'Ann Agency',
      email_signature: 'Best regards,\n{sender_name}',
      signature_preview: 'Best regards,\nAnn Agency',
      smtp: { host: '127.0.0.1', port: smtp.port, user: 'mailer', secure: false },
    });
    expect(JSON.stringify(res.body)).not.toContain('smtp-secret');

    const before = smtp.messages.length;
    const sent = await h.call('POST', '/api/settings/email-config/test', { token: admin, body: { to: 'ann@example.com' } });
    expect(sent.body).toEqual({ message: 'Test email sent to ann@example.com via smtp', provider: 'smtp' });
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.messages.at(-1)!.raw).toContain('Best regards,\r\nAnn Agency');
    expect((await h.call('GET', '/api/usage/today', { token: user })).body.emails_sent_today).toBe(1);

    // Every send path checks the suppression list: a test message to an address that opted out is refused.
    await h.ctx.suppressions.add('unsubscribed@example.com', 'unsubscribed', 'link');
    await h.ctx.suppressions.add('@blocked.example', 'manual');
    for (const to of ['unsubscribed@example.com', 'ann@mail.blocked.example']) {
      const refused = await h.call('POST', '/api/settings/email-config/test', { token: admin, body: { to } });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(new RegExp(`Not sent: ${to.replace('.', '\\.')} is on the suppression list`));
    }
    expect(smtp.messages.length).toBe(before + 1);

    expect((await h.call('DELETE', '/api/settings/email-config', { token: admin })).body.message).toBe('Email configuration cleared');
    expect((await h.call('GET', '/api/settings/email-config', { token: admin })).body).toMatchObject({ configured: false, provider: null });
  });

  it('refuses an invalid Brevo key before saving it', async () => {
    const res = await h.call('POST', '/api/settings/email-config', { token: admin, body: { provider: 'brevo', brevo_api_key: 'xkeysib-bad', from_email: 'a@agency.test' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Invalid Brevo API key');
    const raw = await h.ctx.db.$client.execute("SELECT count(*) AS n FROM settings WHERE key LIKE 'email%' OR key = 'brevo_api_key'");
    expect(raw.rows[0].n).toBe(0);

    const ok = await h.call('POST', '/api/settings/email-config', { token: admin, body: { provider: 'brevo', brevo_api_key: 'xkeysib-good', from_email: 'a@agency.test' } });
    expect(ok.body).toMatchObject({ configured: true, provider: 'brevo', provider_key_configured: true });
  });

  it('turns sending off and on', async () => {
    expect((await h.call('GET', '/api/settings/email-sending-status', { token: admin })).body).toEqual({ enabled: true });
    const off = await h.call('POST', '/api/settings/toggle-email-sending', { token: admin, body: { enable: false } });
    expect(off.body).toEqual({ enabled: false, message: 'Email sending disabled: approved emails are queued but not sent' });
    expect(await h.ctx.settings.sendingEnabled()).toBe(false);
  });
});

describe('sending windows', () => {
  it('validates and replaces the weekly windows', async () => {
    const bad = await h.call('PUT', '/api/settings/optimal-sending-times', { token: admin, body: { optimal_times: [{ day: 'Funday', time_range: '11:00-09:00' }] } });
    expect(bad.status).toBe(422);
    // The detail names each bad part by its value.
    expect(bad.body.detail).toContain("day 'Funday' is not a weekday name such as Tuesday");
    expect(bad.body.detail).toContain("time_range '11:00-09:00' must end after it starts");
    const nothing = await h.call('PUT', '/api/settings/optimal-sending-times', { token: admin, body: { optimal_times: [{ day: 'Monday', time_range: '09:15-09:45' }, { day: 'Friday', time_range: '9-11' }] } });
    expect(nothing.status).toBe(422);
    expect(nothing.body.detail).toContain("time_range '09:15-09:45' must contain the start of an hour");
    expect(nothing.body.detail).toContain("time_range '9-11' must look like '09:00-11:00'");
    expect((await h.call('GET', '/api/settings/optimal-sending-times', { token: user })).body.optimal_times).not.toContainEqual({ day: 'Monday', time_range: '09:15-09:45' });
    const good = await h.call('PUT', '/api/settings/optimal-sending-times', { token: admin, body: { optimal_times: [{ day: 'Monday', time_range: '08:00-10:30' }] } });
    expect(good.status).toBe(200);
    expect((await h.call('GET', '/api/settings/optimal-sending-times', { token: user })).body).toEqual({ optimal_times: [{ day: 'Monday', time_range: '08:00-10:30' }] });
  });
});

describe('Google Ads OAuth2', () => {
  const account = { client_id: '123-abc.apps.googleusercontent.com', client_secret: 'GOCSPX-secret', developer_token: 'ABCDEFGHIJKLMNOPQRSTUV', customer_id: '123-456-7890' };

  it('builds the consent URL and exchanges the code, storing the tokens encrypted', async () => {
    const start = await h.call('GET', `/api/oauth2/google-ads/authorize?client_id=${encodeURIComponent(account.client_id)}`, { token: admin });
    expect(start.status).toBe(200);
    const url = new URL(start.body.authorization_url);
    expect(url.searchParams.get('client_id')).toBe(account.client_id);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/oauth2/google-ads/callback');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toBe(start.body.state);

    const forged = await h.call('POST', '/api/oauth2/google-ads/exchange', { token: admin, body: { ...account, code: 'good-code', state: start.body.state + 'x' } });
    expect(forged.status).toBe(400);
    const refused = await h.call('POST', '/api/oauth2/google-ads/exchange', { token: admin, body: { ...account, code: 'bad-code', state: start.body.state } });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toContain('Google refused the authorization');

    const done = await h.call('POST', '/api/oauth2/google-ads/exchange', { token: admin, body: { ...account, code: 'good-code', state: start.body.state } });
    expect(done.body).toEqual({ message: 'Google Ads account connected' });
    const status = await h.call('GET', '/api/settings/api-keys', { token: admin });
    expect(status.body.google_ads_api).toMatchObject({ configured: true, client_id: account.client_id, customer_id: account.customer_id });
    const raw = await h.ctx.db.$client.execute('SELECT group_concat(value) AS v FROM settings');
    expect(String(raw.rows[0].v)).not.toContain('1//refresh-token');
    expect(String(raw.rows[0].v)).not.toContain('GOCSPX-secret');
  });
});

describe('usage endpoints', () => {
  it('answer every user, and validate days', async () => {
    expect((await h.call('GET', '/api/usage/today', { token: user })).body.emails_quota_daily).toBe(300);
    expect((await h.call('GET', '/api/usage/summary?days=30', { token: user })).body).toEqual({ days: 30, total_cost_usd: 0, by_service: {} });
    const bad = await h.call('GET', '/api/usage/summary?days=0', { token: user });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('days must be between 1 and 365');
  });
});
