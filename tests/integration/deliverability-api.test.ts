// GET /api/deliverability and POST /api/deliverability/check: admins only (403 for a user),
// checked when the email settings are saved, kept with its checked_at, checked again on
// demand through the configured DNS, bad input refused with what is wrong.
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
    expect(before.body).toEqual({ identity: { domain: null, provider: 'brevo', smtp_host: null, dkim_selector: null, spf_include: null }, report: null });

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

  it('is described in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/deliverability', '/api/deliverability/check']));
    expect(doc.components.schemas.SendingDomainReport).toBeDefined();
  });
});
