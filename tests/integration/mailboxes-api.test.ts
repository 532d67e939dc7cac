// The sending mailboxes over the API: an SMTP mailbox added against a real SMTP server on
// loopback (its login checked first: a wrong password is a 400 with the server's answer and
// nothing is written), listed with today's allowance and ramp day, its cap changed, tested,
// paused and resumed (in the feed), removed only when no email waits on it; a campaign's
// mailboxes; writes for admins only; bad input a 4xx naming the field; credentials never shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let smtp: FakeSmtpServer;
let admin: string;
let user: string;

const exec = async (sql: string, args: (string | number | null)[] = []) => (await h.ctx.db.$client.execute({ sql, args })).rows;
const smtpInput = (password: string) => ({
  provider: 'smtp',
  label: 'Second',
  smtp_host: '127.0.0.1',
  smtp_port: smtp.port,
  smtp_user: 'two',
  smtp_password: password,
  from_email: 'sam@pixel-two.example',
  from_name: 'Sam Second',
});

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'two', pass: 'two-secret' });
  h = await startHarness();
  admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'sam', email: 'sam@example.com', password: 'sam-password-1', role: 'user' });
  user = await h.login('sam', 'sam-password-1');
}, 60_000);
afterAll(async () => {
  await h?.close();
  await smtp?.stop();
});

describe('mailboxes over the API', () => {
  it('lists mailbox 1, Settings → Email (the outbox here: no limit of its own)', async () => {
    const list = await h.call('GET', '/api/mailboxes', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: 1, primary: true, provider: 'outbox', allowance_today: null, sent_24h: 0, paused: null });
  });

  it('refuses a wrong SMTP password with the server\'s answer, and writes nothing', async () => {
    const refused = await h.call('POST', '/api/mailboxes', { token: admin, body: smtpInput('wrong') });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(`The SMTP server at 127.0.0.1:${smtp.port} refused the user name or password`);
    expect(await exec('SELECT id FROM mailboxes')).toHaveLength(1);
  });

  it('adds an SMTP mailbox after logging in to its server; it starts on the ramp and never shows its password', async () => {
    const logins = smtp.logins.length;
    const created = await h.call('POST', '/api/mailboxes', { token: admin, body: { ...smtpInput('two-secret'), daily_cap: 30, min_spacing_seconds: 60 } });
    expect(created.status).toBe(201);
    expect(smtp.logins.length).toBeGreaterThan(logins);
    expect(created.body).toMatchObject({
      id: 2,
      label: 'Second',
      provider: 'smtp',
      primary: false,
      from_email: 'sam@pixel-two.example',
      smtp: { host: '127.0.0.1', port: smtp.port, user: 'two', secure: false },
      daily_cap: 30,
      ramp: true,
      ramp_day: 1,
      allowance_today: 10,
      room: 10,
      sent_24h: 0,
      test: { ok: true },
      ramp_warning: null,
    });
    expect(JSON.stringify(created.body)).not.toContain('two-secret');
    const stored = await exec('SELECT credential FROM mailboxes WHERE id = 2');
    expect(String(stored[0].credential)).not.toContain('two-secret');

    const list = await h.call('GET', '/api/mailboxes', { token: user });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(JSON.stringify(list.body)).not.toContain('two-secret');
    // The sending domains' daily check asks after it too, through its own server.
    expect((await h.ctx.mailboxes.senders()).map((s) => [s.provider, s.fromEmail, s.providerKey?.includes(`:${smtp.port}`)])).toEqual([['smtp', 'sam@pixel-two.example', true]]);
  });

  it('changes the cap and the ramp: skipping the ramp says what it risks; null removes the cap', async () => {
    const capped = await h.call('PATCH', '/api/mailboxes/2', { token: admin, body: { daily_cap: 5 } });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ daily_cap: 5, allowance_today: 5 });

    const noRamp = await h.call('PATCH', '/api/mailboxes/2', { token: admin, body: { ramp: false, daily_cap: 25 } });
    expect(noRamp.body).toMatchObject({ ramp: false, allowance_today: 25 });
    expect(noRamp.body.ramp_warning).toContain('Ramp-up is off: this mailbox may send 25 emails from its first day');

    const again = await h.call('PATCH', '/api/mailboxes/2', { token: admin, body: { ramp: true, daily_cap: null } });
    expect(again.body).toMatchObject({ ramp: true, daily_cap: null, ramp_day: 1, allowance_today: 10, ramp_warning: null });
  });

  it('tests the connection and keeps the answer (a server that is down fails the test); a new credential the server refuses is not saved', async () => {
    const ok = await h.call('POST', '/api/mailboxes/2/test', { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.test.ok).toBe(true);

    // A new credential is checked before it is saved: refused, the mailbox keeps its server.
    const other = await startSmtpServer({ user: 'two', pass: 'changed' });
    try {
      const refusedPatch = await h.call('PATCH', '/api/mailboxes/2', { token: admin, body: { smtp_host: '127.0.0.1', smtp_port: other.port, smtp_user: 'two', smtp_password: 'two-secret' } });
      expect(refusedPatch.status).toBe(400);
      expect(refusedPatch.body.detail).toBe(`The SMTP server at 127.0.0.1:${other.port} refused the user name or password`);
      const still = await h.call('GET', '/api/mailboxes/2', { token: admin });
      expect(still.body.smtp.port).toBe(smtp.port);
    } finally {
      await other.stop();
    }
    // The mailbox's server goes down: the test fails and says why.
    await smtp.stop();
    try {
      const down = await h.call('POST', '/api/mailboxes/2/test', { token: admin });
      expect(down.status).toBe(200);
      expect(down.body.test.ok).toBe(false);
      expect(down.body.test.result.length).toBeGreaterThan(0);
    } finally {
      smtp = await startSmtpServer({ user: 'two', pass: 'two-secret' });
    }
  });

  it('pauses with a reason and resumes, each in the feed; pausing twice is a 409', async () => {
    const paused = await h.call('POST', '/api/mailboxes/2/pause', { token: admin, body: { reason: 'warming the domain' } });
    expect(paused.status).toBe(200);
    expect(paused.body.paused).toMatchObject({ reason: 'warming the domain' });
    const twice = await h.call('POST', '/api/mailboxes/2/pause', { token: admin });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain('already paused: warming the domain');
    const resumed = await h.call('POST', '/api/mailboxes/2/resume', { token: admin });
    expect(resumed.status).toBe(200);
    expect(resumed.body.paused).toBeNull();
    expect((await h.call('POST', '/api/mailboxes/2/resume', { token: admin })).status).toBe(409);
    // No body at all: the pause says who paused it.
    const bare = await h.call('POST', '/api/mailboxes/2/pause', { token: admin });
    expect(bare.body.paused.reason).toBe(`paused by ${ADMIN.username}`);
    await h.call('POST', '/api/mailboxes/2/resume', { token: admin });
    const feed = await exec("SELECT activity_type, message FROM activity WHERE message LIKE 'Mailbox \"Second\"%' ORDER BY id");
    expect(feed.map((r) => `${r.activity_type}: ${r.message}`)).toEqual([
      'sending: Mailbox "Second" added (sam@pixel-two.example)',
      'sending_paused: Mailbox "Second" paused: warming the domain',
      `sending_resumed: Mailbox "Second" resumed by ${ADMIN.username}`,
      `sending_paused: Mailbox "Second" paused: paused by ${ADMIN.username}`,
      `sending_resumed: Mailbox "Second" resumed by ${ADMIN.username}`,
    ]);
  });

  it("sets a campaign's mailboxes ([]: all); an unknown mailbox is a 400 naming it", async () => {
    const campaign = (await h.call('POST', '/api/campaigns', { token: user, body: { name: 'Plumbers', search_query: 'plumbers in Austin' } })).body;
    expect((await h.call('GET', `/api/campaigns/${campaign.id}/mailboxes`, { token: user })).body).toEqual({ mailbox_ids: [] });
    const set = await h.call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { token: user, body: { mailbox_ids: [2] } });
    expect(set).toMatchObject({ status: 200, body: { mailbox_ids: [2] } });
    expect((await h.call('GET', `/api/campaigns/${campaign.id}/mailboxes`, { token: user })).body).toEqual({ mailbox_ids: [2] });
    const unknown = await h.call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { token: user, body: { mailbox_ids: [9] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('No mailbox 9');
    expect((await h.call('PUT', '/api/campaigns/999/mailboxes', { token: user, body: { mailbox_ids: [] } })).status).toBe(404);
    const all = await h.call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { token: user, body: { mailbox_ids: [] } });
    expect(all.body).toEqual({ mailbox_ids: [] });
  });

  it('removes a mailbox only when no email waits to go from it; mailbox 1 is never removed', async () => {
    const primary = await h.call('DELETE', '/api/mailboxes/1', { token: admin });
    expect(primary.status).toBe(409);
    expect(primary.body.detail).toContain('Settings → Email');

    const [lead] = await exec(
      "INSERT INTO leads (url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES ('https://a.example', 'a.example', 'NEW', '[]', '[]', '[]', 1, 1, 1) RETURNING id",
    );
    const [email] = await exec(
      "INSERT INTO emails (lead_id, step, subject, body, recipient_email, status, mailbox_id, open_count, click_count, created_at, updated_at) VALUES (?, 1, 's', 'b', 'x@a.example', 'QUEUED', 2, 0, 0, ?, ?) RETURNING id",
      [Number(lead.id), Math.floor(Date.now() / 1000), Math.floor(Date.now() / 1000)],
    );
    const waits = await h.call('DELETE', '/api/mailboxes/2', { token: admin });
    expect(waits.status).toBe(409);
    expect(waits.body.detail).toBe('1 email waits to go from "Second": send or delete it first, or pause the mailbox');

    await exec("UPDATE emails SET status = 'CANCELLED' WHERE id = ?", [Number(email.id)]);
    const removed = await h.call('DELETE', '/api/mailboxes/2', { token: admin });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Mailbox "Second" removed' } });
    expect((await h.call('GET', '/api/mailboxes/2', { token: admin })).status).toBe(404);
    expect((await h.call('GET', '/api/mailboxes', { token: admin })).body.map((m: { id: number }) => m.id)).toEqual([1]);
  });

  it('writes are for admins: 401 without a session, 403 for a user', async () => {
    expect((await h.call('GET', '/api/mailboxes')).status).toBe(401);
    for (const [method, path, body] of [
      ['POST', '/api/mailboxes', smtpInput('two-secret')],
      ['PATCH', '/api/mailboxes/1', { daily_cap: 3 }],
      ['DELETE', '/api/mailboxes/1', undefined],
      ['POST', '/api/mailboxes/1/test', undefined],
      ['POST', '/api/mailboxes/1/pause', {}],
      ['POST', '/api/mailboxes/1/resume', undefined],
    ] as const) {
      const answer = await h.call(method, path, { token: user, body });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 403, body: { detail: 'Admin access required' } });
    }
  });

  it('bad input is a 4xx naming the field, never a 500', async () => {
    const badJson = await h.call('POST', '/api/mailboxes', { token: admin, raw: '{"provider": "smtp",', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    expect(typeof badJson.body.detail).toBe('string');
    const badCap = await h.call('PATCH', '/api/mailboxes/1', { token: admin, body: { daily_cap: -2 } });
    expect(badCap.status).toBe(422);
    expect(badCap.body.detail).toContain('daily_cap must be at least 1');
    const badProvider = await h.call('POST', '/api/mailboxes', { token: admin, body: { provider: 'gmail', label: 'x' } });
    expect(badProvider.status).toBe(422);
    expect(badProvider.body.detail).toContain('provider must be brevo, resend, smtp or outbox');
    const unknownField = await h.call('PATCH', '/api/mailboxes/1', { token: admin, body: { password: 'x' } });
    expect(unknownField.status).toBe(422);
    expect(unknownField.body.detail).toContain('password');
    const noHost = await h.call('POST', '/api/mailboxes', { token: admin, body: { provider: 'smtp', label: 'x', from_email: 'a@b.example', from_name: 'A' } });
    expect(noHost.status).toBe(400);
    expect(noHost.body.detail).toContain('smtp_host is needed');
    const badIds = await h.call('PUT', '/api/campaigns/1/mailboxes', { token: admin, body: { mailbox_ids: 'all' } });
    expect(badIds.status).toBe(422);
    expect(badIds.body.detail).toContain('mailbox_ids');
    expect((await h.call('GET', '/api/mailboxes/abc', { token: admin })).status).toBe(422);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/mailboxes', '/api/mailboxes/{id}', '/api/mailboxes/{id}/test', '/api/mailboxes/{id}/pause', '/api/mailboxes/{id}/resume', '/api/campaigns/{id}/mailboxes']),
    );
    expect(doc.components.schemas.Mailbox).toBeDefined();
    expect(doc.components.schemas.MailboxInput.properties).toHaveProperty('smtp_password');
  });
});
