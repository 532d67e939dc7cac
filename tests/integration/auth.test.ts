import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenSigner } from '../../src/core/users/tokens.ts';
import { Secrets } from '../../src/secrets.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe('sign-in', () => {
  it('returns a bearer token and the user, and records last_login', async () => {
    const res = await h.call('POST', '/api/auth/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('bearer');
    expect(res.body.user).toMatchObject({ username: 'admin', role: 'admin', is_active: true });
    expect(Date.parse(res.body.user.last_login)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(11.9 * 3600_000);

    const me = await h.call('GET', '/api/auth/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('admin');
    expect(me.body).not.toHaveProperty('password_hash');
  });

  it('accepts the username in any letter case', async () => {
    const res = await h.call('POST', '/api/auth/login', { body: { username: 'ADMIN', password: ADMIN.password } });
    expect(res.status).toBe(200);
  });

  it('answers 401 with the same detail for a wrong password and an unknown user', async () => {
    const wrong = await h.call('POST', '/api/auth/login', { body: { username: 'admin', password: 'not-the-password' } });
    const unknown = await h.call('POST', '/api/auth/login', { body: { username: 'nobody', password: 'whatever1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an inactive user', async () => {
    const admin = await h.login(ADMIN.username, ADMIN.password);
    const user = await h.createUser(admin, { username: 'dora', email: 'dora@example.com', password: 'dora-pass-1', role: 'user' });
    await h.call('PATCH', `/api/users/${user.id}`, { token: admin, body: { is_active: false } });
    const res = await h.call('POST', '/api/auth/login', { body: { username: 'dora', password: 'dora-pass-1' } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/deactivated/);
  });

  it('locks an account for a while after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await h.call('POST', '/api/auth/login', { body: { username: 'admin', password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const locked = await h.call('POST', '/api/auth/login', { body: ADMIN });
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 422 naming the field for missing or wrongly typed fields', async () => {
    const missing = await h.call('POST', '/api/auth/login', { body: { username: 'admin' } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe('Password is required');
    const wrongType = await h.call('POST', '/api/auth/login', { body: { username: 42, password: 'x' } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail).toBe('Username must be text');
  });
});

describe('sessions', () => {
  it('refuses requests without a token or with a tampered one', async () => {
    expect((await h.call('GET', '/api/auth/me')).status).toBe(401);
    const token = await h.login(ADMIN.username, ADMIN.password);
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const res = await h.call('GET', '/api/auth/me', { token: tampered });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses an expired token', async () => {
    const secrets = Secrets.load(h.dir);
    const thirteenHoursAgo = () => new Date(Date.now() - 13 * 3600_000);
    const past = new TokenSigner(secrets.key('session-tokens'), 12, thirteenHoursAgo);
    const { token } = await past.issue({ userId: 1, version: 0 });
    expect((await h.call('GET', '/api/auth/me', { token })).status).toBe(401);

    // The same key with a current clock works: the refusal above is the expiry, not the key.
    const fresh = new TokenSigner(secrets.key('session-tokens'), 12);
    expect((await h.call('GET', '/api/auth/me', { token: (await fresh.issue({ userId: 1, version: 0 })).token })).status).toBe(200);
  });

  it('honours a configured token lifetime', async () => {
    const short = await startHarness({ OUTREACH_TOKEN_TTL_HOURS: '1' });
    try {
      const res = await short.call('POST', '/api/auth/login', { body: ADMIN });
      const lifetime = Date.parse(res.body.expires_at) - Date.now();
      expect(lifetime).toBeLessThanOrEqual(3600_000);
      expect(lifetime).toBeGreaterThan(3500_000);
    } finally {
      await short.close();
    }
  });
});

describe('change password', () => {
  it('refuses a wrong current password', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const res = await h.call('POST', '/api/auth/change-password', {
      token,
      body: { current_password: 'wrong-one', new_password: 'brand-new-pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Current password is incorrect');
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const res = await h.call('POST', '/api/auth/change-password', {
      token,
      body: { current_password: ADMIN.password, new_password: 'short' },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('Password must be at least 8 characters');
  });

  it('changes the password, returns a fresh token and ends other sessions', async () => {
    const other = await h.login(ADMIN.username, ADMIN.password);
    const token = await h.login(ADMIN.username, ADMIN.password);
    const res = await h.call('POST', '/api/auth/change-password', {
      token,
      body: { current_password: ADMIN.password, new_password: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { token: res.body.access_token })).status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await h.call('POST', '/api/auth/login', { body: ADMIN })).status).toBe(401);
    expect((await h.call('POST', '/api/auth/login', { body: { username: 'admin', password: 'brand-new-pass' } })).status).toBe(200);
  });
});

describe('own profile', () => {
  it('updates email and full name', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const res = await h.call('PATCH', '/api/auth/profile', { token, body: { email: 'Boss@Agency.com', full_name: 'The Boss' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'boss@agency.com', full_name: 'The Boss' });
  });

  it('cannot change the role or active state', async () => {
    const admin = await h.login(ADMIN.username, ADMIN.password);
    await h.createUser(admin, { username: 'eve', email: 'eve@example.com', password: 'eve-pass-1', role: 'user' });
    const token = await h.login('eve', 'eve-pass-1');
    const res = await h.call('PATCH', '/api/auth/profile', { token, body: { role: 'admin', is_active: true } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('role: is not a field that can be set here');
    expect((await h.call('GET', '/api/auth/me', { token })).body.role).toBe('user');
  });

  it('points a password change to the Change Password feature', async () => {
    const token = await h.login(ADMIN.username, ADMIN.password);
    const res = await h.call('PATCH', '/api/auth/profile', { token, body: { password: 'new-password-1' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please use the Change Password feature to update your password');
  });
});
