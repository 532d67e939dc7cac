// The sending domain's verdict rules (SPF, DKIM, DMARC, MX, DNS blocklists) on DNS answers,
// and the check of one sending identity over a fake resolver.
import { describe, expect, it } from 'vitest';
import defaults from '../../config/default.json' with { type: 'json' };
import { blocklistVerdict, type Blocklist } from '../../src/core/deliverability/blocklists.ts';
import { checkSendingDomain, type SendingDns, type SendingDomainRules } from '../../src/core/deliverability/check.ts';
import { dkimVerdict, dmarcNames, dmarcVerdict, mergeSpf, mxVerdict, spfVerdict, type ProviderAuthRules } from '../../src/core/deliverability/domain-auth.ts';
import { SendingDomainLoop } from '../../src/core/deliverability/daily.ts';
import { SendingDomainChecks, sendingIdentity, type SendingDomainCache } from '../../src/core/deliverability/sending-domain.ts';
import type { SendingDomainReport, SendingIdentity } from '../../src/core/model/sending-domain.ts';
import type { EmailSettings } from '../../src/core/settings/email-config.ts';
import type { SettingsStore } from '../../src/core/settings/store.ts';
import type { Answer } from '../../src/core/verification/domain-check.ts';

const rules = defaults.email.sending_domain as unknown as SendingDomainRules;
const brevo: ProviderAuthRules = rules.providers.brevo;
const txt = (...records: string[]): Answer<string> => ({ records });
const none: Answer<string> = { missing: 'nodata' };
const timeout: Answer<string> = { failed: 'DNS timeout' };

describe('SPF', () => {
  const provider = { kind: 'provider' as const, rules: brevo };

  it('passes one record that includes the provider, and shows it verbatim', () => {
    const v = spfVerdict('agency.example', txt('google-site-verification=abc', 'v=spf1 include:_spf.google.com include:spf.brevo.com ~all'), provider);
    expect(v.status).toBe('ok');
    expect(v.found).toEqual(['v=spf1 include:_spf.google.com include:spf.brevo.com ~all']);
    expect(v.asked).toEqual(['TXT agency.example']);
    expect(v.publish).toBeNull();
  });

  it('accepts the older Sendinblue include', () => {
    expect(spfVerdict('agency.example', txt('v=spf1 include:spf.sendinblue.com -all'), provider).status).toBe('ok');
  });

  it('missing: says so and gives the record to publish', () => {
    const v = spfVerdict('agency.example', none, provider);
    expect(v.status).toBe('missing');
    expect(v.found).toEqual([]);
    expect(v.publish).toEqual({ type: 'TXT', name: 'agency.example', value: 'v=spf1 include:spf.brevo.com ~all' });
  });

  it('wrong when the record does not include the provider: the fix keeps what is there', () => {
    const v = spfVerdict('agency.example', txt('v=spf1 include:_spf.google.com -all'), provider);
    expect(v.status).toBe('wrong');
    expect(v.publish?.value).toBe('v=spf1 include:_spf.google.com include:spf.brevo.com -all');
  });

  it('several SPF records are an error, even when one includes the provider', () => {
    const v = spfVerdict('agency.example', txt('v=spf1 include:spf.brevo.com ~all', 'v=spf1 ip4:203.0.113.7 -all'), provider);
    expect(v.status).toBe('wrong');
    expect(v.summary).toMatch(/2 SPF records/);
    expect(v.found).toHaveLength(2);
    expect(v.publish?.value).toBe('v=spf1 include:spf.brevo.com ip4:203.0.113.7 ~all');
  });

  it('+all authorises everyone: wrong', () => {
    expect(spfVerdict('agency.example', txt('v=spf1 include:spf.brevo.com +all'), provider).status).toBe('wrong');
  });

  it('a DNS failure is "could not verify", never "missing"', () => {
    const v = spfVerdict('agency.example', timeout, provider);
    expect(v.status).toBe('unverified');
    expect(v.summary).toContain('DNS timeout');
  });

  it('SMTP: the server named by address, a:host or the include the operator named passes; anything else cannot be verified', () => {
    const smtp = { kind: 'smtp' as const, host: 'mail.host.example', addresses: ['198.51.100.20'], include: null };
    expect(spfVerdict('a.example', txt('v=spf1 ip4:198.51.100.0/24 ~all'), smtp).status).toBe('ok');
    expect(spfVerdict('a.example', txt('v=spf1 a:mail.host.example ~all'), smtp).status).toBe('ok');
    expect(spfVerdict('a.example', txt('v=spf1 include:_spf.host.example ~all'), { ...smtp, include: '_spf.host.example' }).status).toBe('ok');
    const other = spfVerdict('a.example', txt('v=spf1 include:_spf.other.example ~all'), smtp);
    expect(other.status).toBe('unverified');
    expect(other.found).toEqual(['v=spf1 include:_spf.other.example ~all']);
    expect(other.publish?.value).toBe('v=spf1 include:_spf.other.example a:mail.host.example ~all');
    expect(spfVerdict('a.example', txt('v=spf1 ip4:198.51.101.0/24 ~all'), smtp).status).toBe('unverified');
    // A server named by its address is authorised by ip4:, never by a: (which takes a host name).
    expect(spfVerdict('a.example', none, { ...smtp, host: '198.51.100.20' }).publish?.value).toBe('v=spf1 ip4:198.51.100.20 ~all');
  });

  it('merges records once each, the all term last', () => {
    expect(mergeSpf(['v=spf1 mx ~all', 'v=spf1 mx a -all'], 'include:x.example')).toBe('v=spf1 mx a include:x.example ~all');
  });
});

describe('DKIM', () => {
  const where = { label: 'Brevo', console: 'Brevo (Domains)' };
  it('passes a published key under one of the selectors', () => {
    const v = dkimVerdict('a.example', [{ selector: 'mail', answer: none }, { selector: 'brevo1', answer: txt('v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ') }], where);
    expect(v.status).toBe('ok');
    expect(v.summary).toContain('brevo1._domainkey.a.example');
    expect(v.asked).toEqual(['TXT mail._domainkey.a.example', 'TXT brevo1._domainkey.a.example']);
  });
  it('missing: names where to publish and where the key comes from, inventing no key', () => {
    const v = dkimVerdict('a.example', [{ selector: 'mail', answer: { missing: 'nxdomain' } }], where);
    expect(v.status).toBe('missing');
    expect(v.publish?.name).toBe('mail._domainkey.a.example');
    expect(v.publish?.value).toContain('Brevo (Domains)');
  });
  it('an empty p= is a revoked key: wrong', () => {
    expect(dkimVerdict('a.example', [{ selector: 'mail', answer: txt('v=DKIM1; p=') }], where).status).toBe('wrong');
  });
  it('a DNS failure with nothing found is unverified', () => {
    expect(dkimVerdict('a.example', [{ selector: 'mail', answer: timeout }], where).status).toBe('unverified');
  });
});

describe('DMARC', () => {
  const at = (records: Answer<string>, parent: Answer<string> = none) =>
    dmarcVerdict('news.agency.example', [
      { name: '_dmarc.news.agency.example', answer: records },
      { name: '_dmarc.agency.example', answer: parent },
    ]);
  it.each(['none', 'quarantine', 'reject'] as const)('states the policy p=%s', (p) => {
    const v = at(txt(`v=DMARC1; p=${p}; rua=mailto:d@agency.example`));
    expect(v.status).toBe('ok');
    expect(v.policy).toBe(p);
    expect(v.found).toEqual([`v=DMARC1; p=${p}; rua=mailto:d@agency.example`]);
  });
  it("a subdomain is covered by its organisation's record, with sp= when set", () => {
    const v = at(none, txt('v=DMARC1; p=reject; sp=quarantine'));
    expect(v.status).toBe('ok');
    expect(v.policy).toBe('quarantine');
    expect(v.asked).toEqual(['TXT _dmarc.news.agency.example', 'TXT _dmarc.agency.example']);
  });
  it('missing everywhere: publish p=none at the domain', () => {
    const v = at(none);
    expect(v.status).toBe('missing');
    expect(v.publish).toEqual({ type: 'TXT', name: '_dmarc.news.agency.example', value: 'v=DMARC1; p=none' });
  });
  it('no valid p= is wrong, and the fix keeps the other tags', () => {
    const v = at(txt('v=DMARC1; p=monitor; rua=mailto:d@agency.example'));
    expect(v.status).toBe('wrong');
    expect(v.publish?.value).toBe('v=DMARC1; p=none; rua=mailto:d@agency.example');
  });
  it('two DMARC records at one name are wrong', () => {
    expect(at(txt('v=DMARC1; p=none', 'v=DMARC1; p=reject')).status).toBe('wrong');
  });
  it('asks the domain and each parent, never a bare TLD', () => {
    expect(dmarcNames('news.agency.example')).toEqual(['_dmarc.news.agency.example', '_dmarc.agency.example']);
  });
});

describe('MX', () => {
  it('ok, null MX, missing and NXDOMAIN', () => {
    expect(mxVerdict('a.example', { records: [{ exchange: 'mx2.a.example', priority: 20 }, { exchange: 'mx1.a.example', priority: 10 }] }).summary).toContain('mx1.a.example');
    expect(mxVerdict('a.example', { records: [{ exchange: '', priority: 0 }] }).status).toBe('wrong');
    expect(mxVerdict('a.example', { missing: 'nodata' }).status).toBe('missing');
    expect(mxVerdict('a.example', { missing: 'nxdomain' }).summary).toMatch(/does not exist/);
  });
});

describe('blocklists', () => {
  const dbl = rules.blocklists.find((l) => l.zone === 'dbl.spamhaus.org') as Blocklist;
  const zen = rules.blocklists.find((l) => l.zone === 'zen.spamhaus.org') as Blocklist;
  it('NXDOMAIN is not listed', () => {
    const v = blocklistVerdict(dbl, 'agency.example', { missing: 'nxdomain' });
    expect(v).toMatchObject({ status: 'clean', query: 'A agency.example.dbl.spamhaus.org', answer: null });
  });
  it('a 127.0.1.x answer is a listing, shown with the list and the code', () => {
    const v = blocklistVerdict(dbl, 'agency.example', txt('127.0.1.2'));
    expect(v).toMatchObject({ status: 'listed', list: 'Spamhaus DBL', answer: '127.0.1.2' });
    expect(v.summary).toContain('spam domain');
  });
  it.each(['127.255.255.254', '127.255.255.255', '127.255.255.252'])('Spamhaus refusing the query (%s) is "could not check", never listed', (code) => {
    const v = blocklistVerdict(zen, '198.51.100.20', txt(code));
    expect(v.status).toBe('unverified');
    expect(v.answer).toBe(code);
    expect(v.query).toBe('A 20.100.51.198.zen.spamhaus.org');
  });
  it('an answer outside 127/8 (a resolver rewriting NXDOMAIN) is no listing', () => {
    expect(blocklistVerdict(dbl, 'agency.example', txt('192.0.2.1')).status).toBe('unverified');
  });
  it('ZEN codes: PBL named', () => {
    expect(blocklistVerdict(zen, '198.51.100.20', txt('127.0.0.11')).summary).toContain('PBL');
  });
});

/** A resolver over a table: name → TXT/MX/A, 'fail' for a timeout; everything else NXDOMAIN. */
function fakeDns(table: Record<string, { txt?: string[]; mx?: { exchange: string; priority: number }[]; a?: string[] } | 'fail'>): SendingDns & { asked: string[] } {
  const asked: string[] = [];
  const get = <T>(name: string, type: 'txt' | 'mx' | 'a', map: (v: never) => T): Promise<T[]> => {
    asked.push(`${type.toUpperCase()} ${name}`);
    const z = table[name];
    if (z === 'fail') return Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    const values = z?.[type] as never[] | undefined;
    if (!values) return Promise.reject(Object.assign(new Error('nx'), { code: z ? 'ENODATA' : 'ENOTFOUND' }));
    return Promise.resolve(values.map(map));
  };
  return {
    asked,
    resolveTxt: (n) => get(n, 'txt', (v: string) => [v]),
    resolveMx: (n) => get(n, 'mx', (v: { exchange: string; priority: number }) => v),
    resolve4: (n) => get(n, 'a', (v: string) => v),
  };
}

const NOW = new Date('2026-11-28T05:00:00Z');
const id = (over: Partial<SendingIdentity>): SendingIdentity => ({ domain: 'agency.example', provider: 'brevo', smtp_host: null, dkim_selector: null, spf_include: null, ...over });

describe('checking one sending identity', () => {
  it('the outbox: every check "not checked: the outbox does not send", and no DNS asked', async () => {
    const dns = fakeDns({});
    const r = await checkSendingDomain(dns, id({ provider: 'outbox' }), rules, NOW, 'test');
    expect(r.auth.map((a) => [a.kind, a.status])).toEqual([['spf', 'not_checked'], ['dkim', 'not_checked'], ['dmarc', 'not_checked'], ['mx', 'not_checked']]);
    expect(r.auth[0].summary).toMatch(/outbox does not send/);
    expect(dns.asked).toEqual([]);
  });

  it('Resend: SPF is looked up on its send. subdomain, DKIM at resend._domainkey', async () => {
    const dns = fakeDns({
      'send.agency.example': { txt: ['v=spf1 include:amazonses.com ~all'] },
      'resend._domainkey.agency.example': { txt: ['p=MIGfMA0GCSq'] },
      '_dmarc.agency.example': { txt: ['v=DMARC1; p=quarantine'] },
      'agency.example': { mx: [{ exchange: 'mx.agency.example', priority: 10 }] },
    });
    const r = await checkSendingDomain(dns, id({ provider: 'resend' }), rules, NOW, 'test');
    expect(r.auth.map((a) => a.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(r.authenticated).toBe(true);
    expect(r.blocklists.map((b) => [b.list, b.status])).toEqual([['Spamhaus DBL', 'clean'], ['SURBL multi', 'clean']]);
    expect(r.checked_at).toBe(NOW.toISOString());
  });

  it("SMTP: the server's public address in the IP lists (reversed); a private one is not looked up", async () => {
    const dns = fakeDns({
      'smtp.host.example': { a: ['185.12.64.9'] },
      '9.64.12.185.zen.spamhaus.org': { a: ['127.0.0.2'] },
      'agency.example': { txt: ['v=spf1 ip4:185.12.64.9 ~all'] },
      's1._domainkey.agency.example': 'fail',
    });
    const r = await checkSendingDomain(dns, id({ provider: 'smtp', smtp_host: 'smtp.host.example', dkim_selector: 's1' }), rules, NOW, 'test');
    expect(r.auth.find((a) => a.kind === 'spf')?.status).toBe('ok');
    expect(r.auth.find((a) => a.kind === 'dkim')?.status).toBe('unverified');
    expect(r.blocklists.find((b) => b.zone === 'zen.spamhaus.org')).toMatchObject({ status: 'listed', subject: '185.12.64.9', answer: '127.0.0.2' });
    expect(r.listed).toBe(true);
    const local = await checkSendingDomain(fakeDns({}), id({ provider: 'smtp', smtp_host: '127.0.0.1' }), rules, NOW, 'test');
    expect(local.blocklists.filter((b) => b.zone === 'zen.spamhaus.org')).toMatchObject([{ status: 'not_checked', subject: '127.0.0.1' }]);
    expect(local.auth.find((a) => a.kind === 'dkim')?.status).toBe('unverified');
  });
});

describe('the last check, per sending identity', () => {
  const settings = (over: Partial<EmailSettings> = {}): EmailSettings => ({
    provider: 'brevo',
    providerKey: 'xkeysib-1',
    fromEmail: 'me@Agency.example',
    fromName: 'Me',
    signature: '',
    customSignature: false,
    postalAddress: 'x',
    tracking: true,
    ...over,
  });

  it('the identity: provider with its credential (else the outbox), the domain lower-cased, the SMTP host', () => {
    expect(sendingIdentity(settings(), {})).toEqual(id({}));
    expect(sendingIdentity(settings({ providerKey: undefined }), {}).provider).toBe('outbox');
    expect(sendingIdentity(settings({ provider: 'smtp', providerKey: 'smtp://u:p@mail.host.example:587' }), { dkimSelector: 's1', spfInclude: 'include:_spf.host.example' })).toEqual(
      id({ provider: 'smtp', smtp_host: 'mail.host.example', dkim_selector: 's1', spf_include: '_spf.host.example' }),
    );
  });

  function service(now: { t: Date }, current: EmailSettings) {
    const kept = new Map<string, SendingDomainReport>();
    const values = new Map<string, string>();
    const store = {
      states: async (keys: string[]) => Object.fromEntries(keys.map((k) => [k, { value: values.get(k) }])),
      set: async (k: string, v: string) => void values.set(k, v),
      delete: async (...k: string[]) => k.filter((x) => values.delete(x)).length,
    } as unknown as SettingsStore;
    const cache: SendingDomainCache = { get: async (k) => kept.get(k), put: async (k, r) => void kept.set(k, r), latest: async () => undefined };
    let checks = 0;
    const s = new SendingDomainChecks({
      sender: async () => current,
      store,
      cache,
      check: async (identity) => {
        checks++;
        return { identity, checked_at: now.t.toISOString(), dns_server: 'test', auth: [], blocklists: [], authenticated: true, listed: false };
      },
      now: () => now.t,
      recheckMs: 24 * 3_600_000,
      decisions: { get: async () => ({ override: null, acknowledged: [] }), put: async () => undefined },
      events: { emit: async () => undefined },
    });
    return { s, checks: () => checks, values };
  }

  it('status answers the last check of the sender configured now; the daily loop checks only when a day has passed', async () => {
    const now = { t: NOW };
    const { s, checks } = service(now, settings());
    const admin = { id: 1, role: 'admin' as const };
    expect((await s.status(admin)).report).toBeNull();
    expect(await s.checkIfDue()).not.toBeNull();
    expect(await s.checkIfDue()).toBeNull();
    expect((await s.status(admin)).report?.checked_at).toBe(NOW.toISOString());
    now.t = new Date(NOW.getTime() + 25 * 3_600_000);
    expect(await s.checkIfDue()).not.toBeNull();
    expect(checks()).toBe(2);
  });

  it("the daily loop checks every mailbox's domain too, each once a day, and one failure does not stop the others", async () => {
    const now = { t: NOW };
    const { s, checks } = service(now, settings());
    const second = settings({ fromEmail: 'hi@second.example' });
    expect((await s.checkIfDue(second))?.identity.domain).toBe('second.example');
    expect(await s.checkIfDue(second)).toBeNull();
    expect(await s.checkIfDue(settings({ fromEmail: undefined }))).toBeNull();
    expect(checks()).toBe(1);

    const asked: (string | undefined)[] = [];
    const fake = {
      checkIfDue: async (via?: EmailSettings) => {
        asked.push(via?.fromEmail);
        if (via?.fromEmail === 'a@down.example') throw new Error('DNS timeout');
        return null;
      },
    };
    const logged: string[] = [];
    const log = { log: (m: string) => void logged.push(m), error: (m: string) => void logged.push(m) };
    const loop = new SendingDomainLoop(fake, async () => [settings({ fromEmail: 'a@down.example' }), settings({ fromEmail: 'b@up.example' })], '0 0 1 1 *', log);
    loop.start();
    await loop.stop();
    expect(asked).toEqual([undefined, 'a@down.example', 'b@up.example']);
    expect(logged).toEqual(['[sending domain] DNS timeout']);
  });

  it('only an admin; an SMTP selector only for SMTP; the outbox is never checked by the daily loop', async () => {
    const { s, values } = service({ t: NOW }, settings());
    await expect(s.status({ id: 2, role: 'user' })).rejects.toThrow(/Admin access required/);
    await expect(s.checkNow({ id: 1, role: 'admin' }, { dkim_selector: 's1' })).rejects.toThrow(/for an SMTP server/);
    const smtp = service({ t: NOW }, settings({ provider: 'smtp', providerKey: 'smtp://mail.host.example:25' }));
    const r = await smtp.s.checkNow({ id: 1, role: 'admin' }, { dkim_selector: 's1' });
    expect(r.identity.dkim_selector).toBe('s1');
    expect(smtp.values.get('email_dkim_selector')).toBe('s1');
    expect(values.size).toBe(0);
    expect(await service({ t: NOW }, settings({ provider: null, providerKey: undefined })).s.checkIfDue()).toBeNull();
  });
});
