import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let admin: string;
let adminId: number;
beforeEach(async () => {
  h = await startHarness();
  admin = await h.login(ADMIN.username, ADMIN.password);
  adminId = (await h.call('GET', '/api/auth/me', { token: admin })).body.id;
});
afterEach(() => h.close());

const frank = { username: 'frank', email: 'frank@example.com', password: 'frank-pass-1', full_name: 'Frank Ocean', role: 'user' };

describe('user administration', () => {
  it('creates, lists, updates and deletes users', async () => {
    const created = await h.createUser(admin, frank);
    expect(created).toMatchObject({ username: 'frank', email: 'frank@example.com', full_name: 'Frank Ocean', role: 'user', is_active: true, last_login: null });
    expect(created).not.toHaveProperty('password');

    const list = await h.call('GET', '/api/users', { token: admin });
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['admin', 'frank']);

    const updated = await h.call('PATCH', `/api/users/${created.id}`, { token: admin, body: { role: 'admin', full_name: 'Frank O.' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ role: 'admin', full_name: 'Frank O.' });

    const deleted = await h.call('DELETE', `/api/users/${created.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect((await h.call('GET', '/api/users', { token: admin })).body).toHaveLength(1);
  });

  it('stores passwords as argon2id hashes', async () => {
    await h.createUser(admin, frank);
    const rows = await h.ctx.db.$client.execute("SELECT password_hash FROM users WHERE username = 'frank'");
    const hash = String(rows.rows[0].password_hash);
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain(frank.password);
  });

  it('refuses a duplicate username, whatever its letter case', async () => {
    await h.createUser(admin, frank);
    const res = await h.call('POST', '/api/users', { token: admin, body: { ...frank, username: 'Frank' } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Username "Frank" is already taken');
  });

  it('validates new users with a detail naming the problem', async () => {
    const short = await h.call('POST', '/api/users', { token: admin, body: { ...frank, password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.detail).toContain('Password must be at least 8 characters');

    const missing = await h.call('POST', '/api/users', { token: admin, body: { username: 'gina' } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('Email is required');
    expect(missing.body.detail).toContain('Password is required');

    const badRole = await h.call('POST', '/api/users', { token: admin, body: { ...frank, role: 'owner' } });
    expect(badRole.status).toBe(422);
    expect(badRole.body.detail).toContain("role must be 'admin' or 'user'");

    const badEmail = await h.call('POST', '/api/users', { token: admin, body: { ...frank, email: 'not-an-email' } });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.detail).toContain('Email is not a valid email address');

    expect((await h.call('GET', '/api/users', { token: admin })).body).toHaveLength(1);
  });

  it('does not let a username change', async () => {
    const created = await h.createUser(admin, frank);
    const res = await h.call('PATCH', `/api/users/${created.id}`, { token: admin, body: { username: 'franky' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('username: is not a field that can be set here');
  });

  it('answers 404 for an unknown user and 422 for a non-numeric id', async () => {
    const missing = await h.call('PATCH', '/api/users/999', { token: admin, body: { full_name: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('User not found');
    const bad = await h.call('DELETE', '/api/users/abc', { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('id');
  });

  it('refuses to deactivate, demote or delete your own account', async () => {
    const deactivate = await h.call('PATCH', `/api/users/${adminId}`, { token: admin, body: { is_active: false } });
    expect(deactivate.status).toBe(400);
    expect(deactivate.body.detail).toBe('You cannot deactivate your own account');

    const demote = await h.call('PATCH', `/api/users/${adminId}`, { token: admin, body: { role: 'user' } });
    expect(demote.status).toBe(400);
    expect(demote.body.detail).toBe('You cannot change your own role');

    const remove = await h.call('DELETE', `/api/users/${adminId}`, { token: admin });
    expect(remove.status).toBe(400);
    expect(remove.body.detail).toBe('You cannot delete your own account');

    const me = await h.call('GET', '/api/auth/me', { token: admin });
    expect(me.body).toMatchObject({ role: 'admin', is_active: true });
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const created = await h.createUser(admin, frank);
    const frankToken = await h.login('frank', frank.password);
    const res = await h.call('POST', `/api/users/${created.id}/reset-password`, { token: admin, body: { new_password: 'reset-pass-99' } });
    expect(res.status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { token: frankToken })).status).toBe(401);
    expect((await h.call('POST', '/api/auth/login', { body: { username: 'frank', password: frank.password } })).status).toBe(401);
    await h.login('frank', 'reset-pass-99');
  });

  it('ends the sessions of a deactivated user at once', async () => {
    const created = await h.createUser(admin, frank);
    const frankToken = await h.login('frank', frank.password);
    await h.call('PATCH', `/api/users/${created.id}`, { token: admin, body: { is_active: false } });
    expect((await h.call('GET', '/api/auth/me', { token: frankToken })).status).toBe(401);
  });
});

describe('roles are enforced by the server', () => {
  it('answers 403 to a regular user on every admin route, before reading the body', async () => {
    const created = await h.createUser(admin, frank);
    const user = await h.login('frank', frank.password);
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users', { username: 'mallory', email: 'm@example.com', password: 'mallory-pass', role: 'admin' }],
      ['POST', '/api/users', { nonsense: true }],
      ['PATCH', `/api/users/${created.id}`, { role: 'admin' }],
      ['PATCH', `/api/users/${adminId}`, { is_active: false }],
      ['DELETE', `/api/users/${adminId}`],
      ['POST', `/api/users/${adminId}/reset-password`, { new_password: 'taken-over-1' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await h.call(method, path, { token: user, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ detail: 'Admin access required' });
    }
    expect((await h.call('GET', '/api/auth/me', { token: user })).body.role).toBe('user');
    await h.login(ADMIN.username, ADMIN.password);
  });

  it('takes a demotion into account on the very next request', async () => {
    const created = await h.createUser(admin, { ...frank, role: 'admin' });
    const token = await h.login('frank', frank.password);
    expect((await h.call('GET', '/api/users', { token })).status).toBe(200);
    await h.call('PATCH', `/api/users/${created.id}`, { token: admin, body: { role: 'user' } });
    expect((await h.call('GET', '/api/users', { token })).status).toBe(403);
  });
});
