// `outreach deliverability` on the compiled binary, against a loopback DNS: SPF, DKIM, DMARC and
// MX verdicts with the records found and the records to publish, and the DNS blocklists (a
// listing with its code, Spamhaus refusing the query shown as "could not check"); what refuses
// live sending, and the operator's override and acknowledgement recorded.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendingDomainReport } from '../../src/core/model/sending-domain.ts';
import { distNotCurrent, distStale } from '../support/dist.ts';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';

const dir = mkdtempSync(join(tmpdir(), 'outreach-cli-deliverability-'));
// A 2048-bit key's TXT record is longer than one 255-byte string: it comes back in pieces.
const KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' + 'x'.repeat(330) + 'IDAQAB';
let dns: DnsStub;

const base = () => ({ OUTREACH_DATA_DIR: dir, OUTREACH_DB_URL: `file:${join(dir, 'cli.db')}`, OUTREACH_SANDBOX_PORT: '0', OUTREACH_SANDBOX_HTTPS_PORT: '0', OUTREACH_DNS_SERVER: dns.server, NO_COLOR: '1' });
const outreach = (env: Record<string, string>, ...args: string[]) => execa(process.execPath, ['bin/outreach.js', 'deliverability', ...args], { env: { ...base(), ...env }, reject: false });
const BREVO = { OUTREACH_BREVO_API_KEY: 'xkeysib-test', OUTREACH_EMAIL_FROM: 'Ann Lee <ann@agency.test>' };
const SMTP = { OUTREACH_SMTP_URL: 'smtp://ann:pw@smtp.mailhost.test:587', OUTREACH_EMAIL_FROM: 'ann@studio.test' };

beforeAll(async () => {
  const stale = distNotCurrent();
  if (stale) throw distStale(stale);
  dns = await startDnsStub({
    // Two SPF records (one of them right): an error receivers apply to every message.
    'agency.test': { txt: ['google-site-verification=abc123', 'v=spf1 include:spf.brevo.com ~all', 'v=spf1 ip4:203.0.113.9 -all'], mx: [{ exchange: 'mx1.agency.test', priority: 10 }] },
    'mail._domainkey.agency.test': { txt: [`v=DKIM1; k=rsa; p=${KEY}`] },
    '_dmarc.agency.test': { txt: ['v=DMARC1; p=quarantine; rua=mailto:dmarc@agency.test'] },
    'agency.test.dbl.spamhaus.org': { a: ['127.0.1.2'] },
    'agency.test.multi.surbl.org': { a: ['127.0.0.1'] },
    // The SMTP sender: no SPF for the server, no DKIM under the selector named, no DMARC.
    'studio.test': { txt: ['v=spf1 include:_spf.elsewhere.test ~all'], mx: [{ exchange: 'mx.studio.test', priority: 5 }] },
    'smtp.mailhost.test': { a: ['185.12.64.9'] },
    '9.64.12.185.zen.spamhaus.org': { a: ['127.255.255.254'] },
  });
}, 60_000);
afterAll(async () => {
  await dns?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('outreach deliverability', () => {
  it('Brevo: every verdict with the record found and the record to publish, as JSON', async () => {
    const run = await outreach(BREVO, '--json');
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const r = JSON.parse(run.stdout) as SendingDomainReport;
    expect(r.identity).toEqual({ domain: 'agency.test', provider: 'brevo', smtp_host: null, dkim_selector: null, spf_include: null });
    expect(r.dns_server).toBe(dns.server);
    const by = Object.fromEntries(r.auth.map((a) => [a.kind, a]));
    expect(by.spf).toMatchObject({ status: 'wrong', found: ['v=spf1 include:spf.brevo.com ~all', 'v=spf1 ip4:203.0.113.9 -all'], publish: { type: 'TXT', name: 'agency.test', value: 'v=spf1 include:spf.brevo.com ip4:203.0.113.9 ~all' } });
    expect(by.dkim.status).toBe('ok');
    expect(by.dkim.found).toEqual([`mail._domainkey.agency.test: v=DKIM1; k=rsa; p=${KEY}`]);
    expect(by.dmarc).toMatchObject({ status: 'ok', policy: 'quarantine', found: ['v=DMARC1; p=quarantine; rua=mailto:dmarc@agency.test'] });
    expect(by.mx).toMatchObject({ status: 'ok', found: ['10 mx1.agency.test'] });
    expect(r.authenticated).toBe(false);
    const lists = Object.fromEntries(r.blocklists.map((b) => [b.zone, b]));
    expect(lists['dbl.spamhaus.org']).toMatchObject({ status: 'listed', list: 'Spamhaus DBL', answer: '127.0.1.2', query: 'A agency.test.dbl.spamhaus.org' });
    expect(lists['multi.surbl.org']).toMatchObject({ status: 'unverified', answer: '127.0.0.1' });
    expect(r.listed).toBe(true);
    expect(dns.asked).toEqual(expect.arrayContaining(['agency.test TXT', 'mail._domainkey.agency.test TXT', '_dmarc.agency.test TXT', 'agency.test MX', 'agency.test.dbl.spamhaus.org A']));
  });

  it('prints the verdicts, the records and the fixes as text', async () => {
    const run = await outreach(BREVO);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Sending domain: agency.test (Brevo)');
    expect(run.stdout).toMatch(/^SPF {3}WRONG {7}2 SPF records at agency\.test/m);
    expect(run.stdout).toContain('      publish: TXT agency.test  v=spf1 include:spf.brevo.com ip4:203.0.113.9 ~all');
    expect(run.stdout).toMatch(/^DMARC OK {10}DMARC policy quarantine/m);
    expect(run.stdout).toContain('LISTED     agency.test is listed on Spamhaus DBL (127.0.1.2: spam domain). [A agency.test.dbl.spamhaus.org -> 127.0.1.2]');
    expect(run.stdout).toContain('SPF and DKIM do not both pass');
  });

  it("SMTP: the selector named is looked up, the server's address goes to the IP lists, and Spamhaus refusing is not a listing", async () => {
    const run = await outreach(SMTP, '--json', '--dkim-selector', 's2024');
    expect(run.stderr).toBe('');
    const r = JSON.parse(run.stdout) as SendingDomainReport;
    expect(r.identity).toMatchObject({ provider: 'smtp', smtp_host: 'smtp.mailhost.test', dkim_selector: 's2024' });
    const by = Object.fromEntries(r.auth.map((a) => [a.kind, a]));
    expect(by.spf).toMatchObject({ status: 'unverified', found: ['v=spf1 include:_spf.elsewhere.test ~all'], publish: { value: 'v=spf1 include:_spf.elsewhere.test a:smtp.mailhost.test ~all' } });
    expect(by.dkim).toMatchObject({ status: 'missing', asked: ['TXT s2024._domainkey.studio.test'], publish: { type: 'TXT', name: 's2024._domainkey.studio.test' } });
    expect(by.dmarc).toMatchObject({ status: 'missing', publish: { name: '_dmarc.studio.test', value: 'v=DMARC1; p=none' } });
    const zen = r.blocklists.find((b) => b.zone === 'zen.spamhaus.org');
    expect(zen).toMatchObject({ status: 'unverified', subject: '185.12.64.9', answer: '127.255.255.254', query: 'A 9.64.12.185.zen.spamhaus.org' });
    expect(zen?.summary).toMatch(/public or open resolver/);
    expect(r.blocklists.find((b) => b.zone === 'bl.spamcop.net')).toMatchObject({ status: 'clean', subject: '185.12.64.9' });
    expect(r.listed).toBe(false);

    // The selector is kept: the next check (and the daily one) asks for it again, and the include named now counts.
    const again = JSON.parse((await outreach(SMTP, '--json', '--spf-include', '_spf.elsewhere.test')).stdout) as SendingDomainReport;
    expect(again.identity).toMatchObject({ dkim_selector: 's2024', spf_include: '_spf.elsewhere.test' });
    expect(again.auth.find((a) => a.kind === 'spf')?.status).toBe('ok');
  });

  it('says what refuses live sending; --override-auth and --acknowledge record the operator, --clear-override ends the override', async () => {
    const refused = await outreach(BREVO);
    expect(refused.stdout).toContain('Live sending: REFUSED. Live sending from agency.test is refused: SPF does not pass');
    expect(refused.stdout).toContain('Live sending from agency.test is paused: agency.test is listed on Spamhaus DBL (127.0.1.2: spam domain)');

    const override = await outreach(BREVO, '--override-auth', 'agency.test');
    expect(override.stderr).toBe('');
    expect(override.stdout).toMatch(/^Override recorded for agency\.test by .+ \(terminal\) at \d{4}-\d\d-\d\dT/m);
    expect(override.stdout).toContain('Live sending: REFUSED. Live sending from agency.test is paused');
    expect(override.stdout).not.toContain('is refused: SPF');

    const ack = await outreach(BREVO, '--acknowledge', 'agency.test', '--json');
    expect(ack.stderr).toBe('');
    const status = JSON.parse(ack.stdout);
    expect(status.refusal).toBeNull();
    expect(status.acknowledged).toMatchObject([{ domain: 'agency.test', list: 'Spamhaus DBL', subject: 'agency.test', answer: '127.0.1.2', by: expect.stringMatching(/\(terminal\)$/) }]);
    const again = await outreach(BREVO, '--acknowledge', 'agency.test');
    expect(again.exitCode).not.toBe(0);
    expect(again.stderr).toContain('Nothing to acknowledge: the last check of agency.test');

    // A check now (still listed, SPF still wrong): the decisions hold.
    const checked = await outreach(BREVO);
    expect(checked.stdout).toMatch(/^Override: the SPF and DKIM rule is overridden for agency\.test by .+ \(terminal\) at /m);
    expect(checked.stdout).toMatch(/^Acknowledged: agency\.test on Spamhaus DBL \(127\.0\.1\.2\), found .+, acknowledged by .+ \(terminal\) at /m);
    expect(checked.stdout).toContain('Live sending from agency.test: allowed by its last check.');

    const cleared = await outreach(BREVO, '--clear-override', 'agency.test');
    expect(cleared.stdout).toContain('Override removed for agency.test');
    expect(cleared.stdout).toContain('Live sending: REFUSED. Live sending from agency.test is refused: SPF does not pass');
    const none = await outreach(BREVO, '--clear-override', 'agency.test');
    expect(none.stderr).toContain('agency.test has no override of the SPF and DKIM rule');
    const two = await outreach(BREVO, '--override-auth', 'agency.test', '--acknowledge', 'agency.test');
    expect(two.exitCode).not.toBe(0);
    expect(two.stderr).toContain('Give one of --override-auth, --clear-override and --acknowledge at a time');
    const bad = await outreach(BREVO, '--override-auth', 'no domain');
    expect(bad.stderr).toContain('domain must be a domain name');
  });

  it('the outbox is not checked: it does not send', async () => {
    const run = await outreach({}, '--json');
    const r = JSON.parse(run.stdout) as SendingDomainReport;
    expect(r.identity.provider).toBe('outbox');
    expect(r.auth.every((a) => a.status === 'not_checked' && /the outbox does not send/.test(a.summary))).toBe(true);
    expect(r.blocklists).toEqual([]);
  });

  it('refuses a bad selector, and a selector for a provider whose selectors are known, saying why', async () => {
    const bad = await outreach(SMTP, '--dkim-selector', 'no such selector!');
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('dkim_selector must be a DNS label');
    const brevo = await outreach(BREVO, '--dkim-selector', 'mail');
    expect(brevo.exitCode).not.toBe(0);
    expect(brevo.stderr).toContain('dkim_selector and spf_include are for an SMTP server; the sender uses brevo');
  });
});
