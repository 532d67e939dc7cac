// GET /api/deliverability and POST /api/deliverability/check: admins only (403 for a user),
// checked when the email settings are saved, kept with its checked_at, checked again on
// demand through the configured DNS, bad input refused with what is wrong. The override of the
// SPF/DKIM rule and the acknowledgement of a listing: admins only, recorded, 409 when moot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';
import { ADMIN, startHarness, type Harness } from './support/harness.ts';

let dns: DnsStub;
let h: Harness;
let admin: string;
let user: string;

beforeAll(async () => {
  dns = await startDnsStub({
    'agency.test': { txt: ['v=spf1 include:spf.brevo.com ~all'], mx: [{ exchange: 'mx1.agency.test', priority: 10 }] },
    'brevo1._domainkey.agency.test': { txt: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'] },
    '_dmarc.agency.test': { txt: ['v=DMARC1; p=none'] },
  });
  // The Brevo key comes from the environment (it is not checked against Brevo then).
  h = await startHarness({ OUTREACH_DNS_SERVER: dns.server, OUTREACH_BREVO_API_KEY: 'xkeysib-test' });
  admin = await h.login(ADMIN.username, ADMIN.password);
  await h.createUser(admin, { username: 'sam', email: 'sam@example.com', password: 'sam-password-1', role: 'user' });
  user = await h.login('sam', 'sam-password-1');
}, 60_000);
afterAll(async () => {
  await h?.close();
  await dns?.close();
});

describe('the sending domain over the API', () => {
  it('admins only: 401 without a session, 403 for a user', async () => {
    expect((await h.call('GET', '/api/deliverability')).status).toBe(401);
    const get = await h.call('GET', '/api/deliverability', { token: user });
    expect(get).toMatchObject({ status: 403, body: { detail: 'Admin access required' } });
    expect((await h.call('POST', '/api/deliverability/check', { token: user })).status).toBe(403);
  });

  it('nothing checked before a sender address is saved; saving the email settings checks it', async () => {
    const before = await h.call('GET', '/api/deliverability', { token: admin });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ identity: { domain: null, provider: 'brevo', smtp_host: null, dkim_selector: null, spf_include: null }, report: null, refusal: null, override: null, acknowledged: [] });

    const asked = dns.asked.length;
    const saved = await h.call('POST', '/api/settings/email-config', { token: admin, body: { from_email: 'ann@agency.test', from_name: 'Ann Lee' } });
    expect(saved.status).toBe(200);
    expect(dns.asked.slice(asked)).toContain('agency.test TXT');

    const after = await h.call('GET', '/api/deliverability', { token: admin });
    expect(after.body.identity.domain).toBe('agency.test');
    const report = after.body.report;
    expect(report.auth.map((a: { kind: string; status: string }) => `${a.kind} ${a.status}`)).toEqual(['spf ok', 'dkim ok', 'dmarc ok', 'mx ok']);
    expect(report.auth[2]).toMatchObject({ policy: 'none', found: ['v=DMARC1; p=none'] });
    expect(report.authenticated).toBe(true);
    expect(report.blocklists.map((b: { zone: string; status: string }) => `${b.zone} ${b.status}`)).toEqual(['dbl.spamhaus.org clean', 'multi.surbl.org clean']);

    // GET answers the stored check: no DNS asked.
    const n = dns.asked.length;
    expect((await h.call('GET', '/api/deliverability', { token: admin })).body.report.checked_at).toBe(report.checked_at);
    expect(dns.asked.length).toBe(n);
  });

  it('checks again on demand and keeps the new answer', async () => {
    dns.set('_dmarc.agency.test', { txt: ['v=DMARC1; p=reject'] });
    dns.set('agency.test.dbl.spamhaus.org', { a: ['127.255.255.254'] });
    const checked = await h.call('POST', '/api/deliverability/check', { token: admin });
    expect(checked.status).toBe(200);
    expect(checked.body.auth.find((a: { kind: string }) => a.kind === 'dmarc')).toMatchObject({ status: 'ok', policy: 'reject' });
    expect(checked.body.blocklists[0]).toMatchObject({ list: 'Spamhaus DBL', status: 'unverified', answer: '127.255.255.254' });
    expect(checked.body.listed).toBe(false);
    const stored = await h.call('GET', '/api/deliverability', { token: admin });
    expect(stored.body.report).toEqual(checked.body);
  });

  it('refuses what cannot be checked, saying why', async () => {
    const sel = await h.call('POST', '/api/deliverability/check', { token: admin, body: { dkim_selector: 'mail' } });
    expect(sel).toMatchObject({ status: 400, body: { detail: expect.stringContaining('for an SMTP server; the sender uses brevo') } });
    const bad = await h.call('POST', '/api/deliverability/check', { token: admin, body: { dkim_selector: 'two words' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('dkim_selector must be a DNS label');
    const unknown = await h.call('POST', '/api/deliverability/check', { token: admin, body: { selector: 'x' } });
    expect(unknown.status).toBe(422);
  });

  it('overrides the SPF and DKIM rule for a domain and removes the override (admins; recorded with who and when)', async () => {
    dns.set('brevo1._domainkey.agency.test', 'nxdomain');
    await h.call('POST', '/api/deliverability/check', { token: admin });
    const refused = (await h.call('GET', '/api/deliverability', { token: admin })).body;
    expect(refused.refusal).toContain('Live sending from agency.test is refused: DKIM does not pass');
    expect(refused.refusal).toContain('--override-auth agency.test');

    expect((await h.call('PUT', '/api/deliverability/overrides/agency.test', { token: user })).status).toBe(403);
    const bad = await h.call('PUT', '/api/deliverability/overrides/not_a%20domain', { token: admin });
    expect(bad).toMatchObject({ status: 400, body: { detail: expect.stringContaining('domain must be a domain name') } });
    const put = await h.call('PUT', '/api/deliverability/overrides/Agency.test', { token: admin });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ refusal: null, override: { domain: 'agency.test', by: ADMIN.username } });
    expect(Date.parse(put.body.override.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await h.call('PUT', '/api/deliverability/overrides/agency.test', { token: admin })).body.override.at).toBe(put.body.override.at);
    const row = await h.ctx.db.$client.execute("SELECT value, updated_by FROM settings WHERE key = 'sending_domain_decisions'");
    expect(JSON.parse(String(row.rows[0].value))['agency.test'].override.by).toBe(ADMIN.username);

    expect((await h.call('DELETE', '/api/deliverability/overrides/agency.test', { token: user })).status).toBe(403);
    const del = await h.call('DELETE', '/api/deliverability/overrides/agency.test', { token: admin });
    expect(del.body).toMatchObject({ override: null, refusal: expect.stringContaining('DKIM does not pass') });
    const again = await h.call('DELETE', '/api/deliverability/overrides/agency.test', { token: admin });
    expect(again).toMatchObject({ status: 409, body: { detail: 'agency.test has no override of the SPF and DKIM rule' } });
    dns.set('brevo1._domainkey.agency.test', { txt: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'] });
  });

  it('acknowledges a listing (admins; recorded, in the feed); nothing to acknowledge is a 409', async () => {
    dns.set('agency.test.dbl.spamhaus.org', { a: ['127.0.1.2'] });
    await h.call('POST', '/api/deliverability/check', { token: admin });
    const listed = (await h.call('GET', '/api/deliverability', { token: admin })).body;
    expect(listed.refusal).toContain('Live sending from agency.test is paused: agency.test is listed on Spamhaus DBL (127.0.1.2: spam domain)');
    expect((await h.call('POST', '/api/deliverability/acknowledgements/agency.test', { token: user })).status).toBe(403);
    const ack = await h.call('POST', '/api/deliverability/acknowledgements/agency.test', { token: admin });
    expect(ack.status).toBe(200);
    expect(ack.body.refusal).toBeNull();
    expect(ack.body.acknowledged).toMatchObject([{ domain: 'agency.test', list: 'Spamhaus DBL', subject: 'agency.test', answer: '127.0.1.2', by: ADMIN.username }]);
    const again = await h.call('POST', '/api/deliverability/acknowledgements/agency.test', { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('Nothing to acknowledge: the last check of agency.test');
    const feed = (await h.ctx.db.$client.execute("SELECT activity_type, message FROM activity WHERE activity_type IN ('sending_paused', 'sending_resumed') ORDER BY id")).rows;
    expect(feed.map((r) => r.activity_type)).toEqual(['sending_paused', 'sending_resumed']);
    expect(String(feed[0].message)).toContain('Live sending from agency.test paused: agency.test is listed on Spamhaus DBL');
    expect(String(feed[1].message)).toContain(`acknowledged by ${ADMIN.username}`);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/deliverability', '/api/deliverability/check', '/api/deliverability/overrides/{domain}', '/api/deliverability/acknowledgements/{domain}']),
    );
    expect(doc.components.schemas.SendingDomainReport).toBeDefined();
  });
});
