// MX verification over real DNS packets: node:dns's Resolver asks a stub on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDomain } from '../../src/core/verification/domain-check.ts';
import { RecipientVerifier, type DomainCheckCache } from '../../src/core/verification/verifier.ts';
import { mailDns } from '../../src/providers/dns/resolver.ts';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';
import { startHarness, type Harness } from './support/harness.ts';

let stub: DnsStub;

beforeAll(async () => {
  stub = await startDnsStub({
    'rossi-bakery.test': { mx: [{ exchange: 'mx2.mailhost.test', priority: 20 }, { exchange: 'mx1.mailhost.test', priority: 10 }] },
    'webonly.test': { a: ['192.0.2.10'] },
    'v6only.test': { aaaa: ['2001:db8::1'] },
    'nomail.test': { mx: [{ exchange: '.', priority: 0 }], a: ['192.0.2.11'] },
    'parked.test': {},
    'broken.test': 'servfail',
    'slow.test': 'silent',
  });
});
afterAll(() => stub.close());

describe('MX verification against a loopback DNS', () => {
  const dns = () => mailDns(stub.server, 300);

  it('a domain with MX records can receive mail: valid, naming the preferred server', async () => {
    expect(await checkDomain(dns(), 'rossi-bakery.test')).toEqual({ verdict: 'valid', reason: 'mail server found (mx1.mailhost.test)', cacheable: true });
  });

  it('no MX but an A or AAAA record: risky (mail would fall back to the web server)', async () => {
    for (const domain of ['webonly.test', 'v6only.test']) {
      expect(await checkDomain(dns(), domain), domain).toMatchObject({ verdict: 'risky', reason: expect.stringContaining('has no MX record'), cacheable: true });
    }
  });

  it('a null MX, no records at all, or NXDOMAIN: invalid', async () => {
    expect(await checkDomain(dns(), 'nomail.test')).toEqual({ verdict: 'invalid', reason: 'nomail.test declares that it accepts no mail (null MX)', cacheable: true });
    expect(await checkDomain(dns(), 'parked.test')).toEqual({ verdict: 'invalid', reason: 'parked.test has no MX and no A/AAAA record: it cannot receive mail', cacheable: true });
    expect(await checkDomain(dns(), 'gone.test')).toEqual({ verdict: 'invalid', reason: 'gone.test does not exist (NXDOMAIN)', cacheable: true });
  });

  it('a timeout or SERVFAIL is risky "could not verify", never invalid, and not cached', async () => {
    const started = Date.now();
    expect(await checkDomain(dns(), 'slow.test')).toEqual({ verdict: 'risky', reason: 'could not verify (DNS timeout)', cacheable: false });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await checkDomain(dns(), 'broken.test')).toEqual({ verdict: 'risky', reason: 'could not verify (DNS server failure)', cacheable: false });
  });

  it('asks each domain once while its answer is fresh, and again after the TTL', async () => {
    const rows = new Map<string, { verdict: 'valid' | 'risky' | 'invalid'; reason: string; checkedAt: Date }>();
    const cache: DomainCheckCache = { get: async (d) => rows.get(d), put: async (d, f, checkedAt) => void rows.set(d, { ...f, checkedAt }) };
    let now = new Date('2026-11-23T10:00:00Z');
    const verifier = new RecipientVerifier({ checkDomain: (d) => checkDomain(dns(), d), cache, ttlMs: 3_600_000, isDisposable: async () => false, now: () => now });
    const asks = () => stub.asked.filter((q) => q.startsWith('rossi-bakery.test ')).length;
    const before = asks();
    expect(await verifier.verify('info@rossi-bakery.test')).toMatchObject({ verdict: 'valid' });
    expect(asks()).toBe(before + 1);
    expect(await verifier.verify('anna@Rossi-Bakery.test')).toMatchObject({ verdict: 'valid', reason: 'mail server found (mx1.mailhost.test)' });
    expect(asks()).toBe(before + 1); // the second address on the domain: no query
    now = new Date(now.getTime() + 3_600_001);
    await verifier.verify('info@rossi-bakery.test');
    expect(asks()).toBe(before + 2);
  });
});

describe('the app wires the resolver from OUTREACH_DNS_SERVER and caches in the database', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ OUTREACH_DNS_SERVER: stub.server });
  });
  afterAll(() => h.close());

  it('checks through the configured server, stores the domain with checked_at, and answers the next address from the table', async () => {
    const asks = () => stub.asked.filter((q) => q.startsWith('webonly.test ')).length;
    const before = asks();
    expect(await h.ctx.recipients.check('info@webonly.test')).toMatchObject({ verdict: 'risky', reason: expect.stringContaining('no MX record') });
    const grew = asks() - before;
    expect(grew).toBeGreaterThan(0);
    const row = (await h.ctx.db.$client.execute("SELECT verdict, checked_at FROM email_domain_checks WHERE domain = 'webonly.test'")).rows[0];
    expect(row).toMatchObject({ verdict: 'risky' });
    expect(Number(row.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await h.ctx.recipients.check('sales@webonly.test')).toMatchObject({ verdict: 'risky' });
    expect(asks() - before).toBe(grew);
    // A DNS failure is not remembered: the next check asks again.
    await h.ctx.recipients.check('info@broken.test');
    expect((await h.ctx.db.$client.execute("SELECT count(*) AS n FROM email_domain_checks WHERE domain = 'broken.test'")).rows[0].n).toBe(0);
  });

  it('rejects a malformed OUTREACH_DNS_SERVER at start-up', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    expect(() => loadConfig({ OUTREACH_DNS_SERVER: 'dns.google:53' })).toThrow(/OUTREACH_DNS_SERVER must be an IP address/);
    expect(loadConfig({ OUTREACH_DNS_SERVER: '[::1]:5353' }).dnsServer).toBe('[::1]:5353');
  });
});
