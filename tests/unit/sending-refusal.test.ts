// Live sending refused from a domain without SPF and DKIM (until fixed or overridden) and paused
// by a blocklist listing (until acknowledged), asked as the sender asks it, over real DNS
// packets from the loopback stub (node:dns's Resolver), with the decisions and checks kept in a
// settings store as the app keeps them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import defaults from '../../config/default.json' with { type: 'json' };
import { checkSendingDomain, type SendingDomainRules } from '../../src/core/deliverability/check.ts';
import { SettingsDecisionStore } from '../../src/core/deliverability/sending-decisions.ts';
import { SendingDomainChecks, SettingsSendingDomainCache } from '../../src/core/deliverability/sending-domain.ts';
import { sendTestEmail } from '../../src/core/emails/test-email.ts';
import type { ActivityEvent } from '../../src/core/events.ts';
import type { MailProvider, OutgoingEmail } from '../../src/core/model/providers.ts';
import type { EmailSettings } from '../../src/core/settings/email-config.ts';
import { SecretCipher } from '../../src/core/settings/cipher.ts';
import { SettingsStore, type SettingsRepo, type StoredSetting } from '../../src/core/settings/store.ts';
import { mailDns } from '../../src/providers/dns/resolver.ts';
import { startDnsStub, type DnsStub } from '../support/dns-stub.ts';

const rules = defaults.email.sending_domain as unknown as SendingDomainRules;
const SPF = 'v=spf1 include:spf.brevo.com ~all';
const DKIM = 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC';
const MX = [{ exchange: 'mx.mail.test', priority: 10 }];
const ADMIN = { id: 1, role: 'admin' as const, name: 'ann' };
const DAY = 86_400_000;

let dns: DnsStub;
beforeAll(async () => {
  dns = await startDnsStub({
    'good.test': { txt: [SPF], mx: MX },
    'mail._domainkey.good.test': { txt: [DKIM] },
    'nospf.test': { txt: ['google-site-verification=abc'], mx: MX },
    'mail._domainkey.nospf.test': { txt: [DKIM] },
    'nodkim.test': { txt: [SPF], mx: MX },
    'wrongspf.test': { txt: ['v=spf1 include:_spf.google.com ~all', 'v=spf1 include:spf.brevo.com ~all'], mx: MX },
    'mail._domainkey.wrongspf.test': { txt: [DKIM] },
    'dnsdown.test': 'servfail',
    'mail._domainkey.dnsdown.test': 'servfail',
    'brevo1._domainkey.dnsdown.test': 'servfail',
    'smtp.test': { txt: ['v=spf1 ip4:127.0.0.1 ~all'], mx: MX },
    'listed.test': { txt: [SPF], mx: MX },
    'mail._domainkey.listed.test': { txt: [DKIM] },
    'listed.test.dbl.spamhaus.org': { a: ['127.0.1.2'] },
  });
});
afterAll(async () => {
  await dns?.close();
});

function memoryRepo(): SettingsRepo {
  const rows = new Map<string, StoredSetting>();
  return {
    get: async (key) => rows.get(key),
    getMany: async (keys) => keys.flatMap((k) => (rows.has(k) ? [rows.get(k)!] : [])),
    put: async (s) => void rows.set(s.key, { key: s.key, value: s.value, encrypted: s.encrypted, updatedAt: new Date() }),
    delete: async (keys) => keys.filter((k) => rows.delete(k)).length,
  };
}

let now: Date;
let settings: EmailSettings;
let events: ActivityEvent[];
let woken: number;
let checks: SendingDomainChecks;

beforeEach(() => {
  now = new Date('2026-11-28T08:00:00Z');
  settings = { provider: 'brevo', providerKey: 'xkeysib-1', fromEmail: 'ann@good.test', fromName: 'Ann', signature: '', customSignature: false, postalAddress: '1 Main St', tracking: true };
  events = [];
  woken = 0;
  const store = new SettingsStore(memoryRepo(), new SecretCipher(new Uint8Array(32)), {});
  const resolver = mailDns(dns.server, 2000);
  checks = new SendingDomainChecks({
    sender: async () => settings,
    store,
    cache: new SettingsSendingDomainCache(store),
    check: (identity) => checkSendingDomain(resolver, identity, rules, now, dns.server),
    now: () => now,
    recheckMs: DAY,
    decisions: new SettingsDecisionStore(store),
    events: { emit: async (e) => void events.push(e) },
    onRelease: () => void woken++,
  });
});

const asked = (name: string) => dns.asked.filter((q) => q === `${name} TXT`).length;

describe('SPF and DKIM before live sending', () => {
  it('passes a domain whose SPF authorises the provider and whose DKIM key is published; the check is kept and reused while fresh', async () => {
    const before = asked('good.test');
    expect(await checks.refusal('ann@good.test')).toBeUndefined();
    expect(asked('good.test')).toBe(before + 1);
    expect(await checks.refusal('Ann@Good.test')).toBeUndefined();
    expect(asked('good.test')).toBe(before + 1); // the cached check
    const status = await checks.status(ADMIN);
    expect(status).toMatchObject({ refusal: null, override: null, acknowledged: [] });
    expect(status.report?.authenticated).toBe(true);
  });

  it('refuses a domain without SPF, naming what is missing, the record to publish and how to override', async () => {
    const reason = await checks.refusal('ann@nospf.test');
    expect(reason).toContain('Live sending from nospf.test is refused: SPF does not pass');
    expect(reason).toContain('No SPF record at nospf.test');
    expect(reason).toContain('Publish: TXT nospf.test "v=spf1 include:spf.brevo.com ~all"');
    expect(reason).toContain('outreach deliverability --override-auth nospf.test');
    expect(reason).toContain(`through ${dns.server}`);
    expect(reason).not.toContain('DKIM');
  });

  it('refuses a domain without a DKIM key under the provider selectors', async () => {
    const reason = await checks.refusal('ann@nodkim.test');
    expect(reason).toContain('DKIM does not pass');
    expect(reason).toContain('No DKIM key at mail._domainkey.nodkim.test or brevo1._domainkey.nodkim.test');
    expect(reason).not.toContain('SPF:');
  });

  it('refuses SPF that is there but wrong (two records: a permerror), with the one record to publish', async () => {
    const reason = await checks.refusal('ann@wrongspf.test');
    expect(reason).toContain('SPF does not pass');
    expect(reason).toContain('2 SPF records at wrongspf.test');
    expect(reason).toContain('Publish: TXT wrongspf.test "v=spf1 include:_spf.google.com include:spf.brevo.com ~all"');
  });

  it('DNS that does not answer proves nothing missing: not refused, and the report says it could not verify', async () => {
    settings = { ...settings, fromEmail: 'ann@dnsdown.test' };
    expect(await checks.refusal('ann@dnsdown.test')).toBeUndefined();
    const { report } = await checks.status(ADMIN);
    expect(report?.auth.filter((a) => a.kind === 'spf' || a.kind === 'dkim').map((a) => a.status)).toEqual(['unverified', 'unverified']);
  });

  it('an operator override lets it go (recorded: who, when); clearing it refuses again; only an admin may', async () => {
    expect(await checks.refusal('ann@nospf.test')).toBeDefined();
    await expect(checks.overrideAuth({ id: 2, role: 'user', name: 'rita' }, 'nospf.test')).rejects.toThrow(/Admin access required/);
    await expect(checks.overrideAuth(ADMIN, 'not a domain')).rejects.toThrow(/domain must be a domain name/);
    settings = { ...settings, fromEmail: 'ann@nospf.test' };
    const overridden = await checks.overrideAuth(ADMIN, 'NoSPF.test');
    expect(overridden.override).toEqual({ domain: 'nospf.test', by: 'ann', at: now.toISOString() });
    expect(overridden.refusal).toBeNull();
    expect(woken).toBe(1);
    expect(await checks.refusal('ann@nospf.test')).toBeUndefined();
    // Per domain: another domain without DKIM is still refused.
    expect(await checks.refusal('ann@nodkim.test')).toContain('DKIM does not pass');
    const cleared = await checks.clearOverride(ADMIN, 'nospf.test');
    expect(cleared.override).toBeNull();
    expect(await checks.refusal('ann@nospf.test')).toContain('SPF does not pass');
    await expect(checks.clearOverride(ADMIN, 'nospf.test')).rejects.toThrow('nospf.test has no override of the SPF and DKIM rule');
  });

  it('a stale check is made again through DNS: a record published since lets it go', async () => {
    expect(await checks.refusal('ann@nodkim.test')).toContain('DKIM');
    dns.set('mail._domainkey.nodkim.test', { txt: [DKIM] });
    expect(await checks.refusal('ann@nodkim.test')).toContain('DKIM'); // the day-old check still holds
    now = new Date(now.getTime() + DAY);
    expect(await checks.refusal('ann@nodkim.test')).toBeUndefined();
    dns.set('mail._domainkey.nodkim.test', 'nxdomain');
  });

  it("judges the domain for the provider it is sent through: a mailbox's own (SMTP on 127.0.0.1) when the sender names it", async () => {
    const smtp: EmailSettings = { ...settings, provider: 'smtp', providerKey: 'smtp://u:p@127.0.0.1:2525', fromEmail: 'bo@smtp.test' };
    // Through Brevo (the configured sender) its SPF authorises no Brevo: refused.
    expect(await checks.refusal('bo@smtp.test')).toContain('The SPF record at smtp.test does not include Brevo');
    // Through its own SMTP server, which its SPF names (DKIM: no selector named, so not provable either way).
    expect(await checks.refusal('bo@smtp.test', smtp)).toBeUndefined();
  });

  it('the outbox is never refused, and DNS is not asked', async () => {
    settings = { ...settings, provider: null, providerKey: undefined, fromEmail: 'ann@nospf.test' };
    const before = dns.asked.length;
    expect(await checks.refusal('ann@nospf.test')).toBeUndefined();
    expect(dns.asked.length).toBe(before);
  });

  it('the Settings test email is not refused: it goes while live sending from the domain is', async () => {
    settings = { ...settings, fromEmail: 'ann@nospf.test' };
    expect(await checks.refusal('ann@nospf.test')).toContain('refused');
    const sent: OutgoingEmail[] = [];
    const mailer = { id: 'brevo', send: async (m: OutgoingEmail) => (sent.push(m), { providerMessageId: 'b-1' }) } as unknown as MailProvider;
    const receipt = await sendTestEmail(mailer, settings, 'me@example.com', { blocks: async () => undefined } as never);
    expect(receipt.providerMessageId).toBe('b-1');
    expect(sent.map((m) => m.from.email)).toEqual(['ann@nospf.test']);
  });
});

describe('a blocklist listing pauses live sending until acknowledged', () => {
  const paused = () => events.filter((e) => e.activityType === 'sending_paused');
  const resumed = () => events.filter((e) => e.activityType === 'sending_resumed');

  it("names the list; the feed says so once; an acknowledgement (who, when, which listing) lets it go; a new listing pauses again", async () => {
    settings = { ...settings, fromEmail: 'ann@listed.test' };
    const reason = await checks.refusal('ann@listed.test');
    expect(reason).toContain('Live sending from listed.test is paused: listed.test is listed on Spamhaus DBL (127.0.1.2: spam domain)');
    expect(reason).toContain('outreach deliverability --acknowledge listed.test');
    expect(reason).not.toContain('SPF');
    expect(paused()).toHaveLength(1);
    expect(paused()[0]).toMatchObject({ status: 'error', details: { scope: 'domain:listed.test', cause: 'blocklist', listings: [{ list: 'Spamhaus DBL', subject: 'listed.test', answer: '127.0.1.2' }] } });
    expect(paused()[0].message).toContain('Live sending from listed.test paused: listed.test is listed on Spamhaus DBL');

    // Checked again, still listed: no second pause in the feed.
    await checks.checkNow(ADMIN);
    expect(paused()).toHaveLength(1);
    await expect(checks.acknowledge({ id: 2, role: 'user', name: 'rita' }, 'listed.test')).rejects.toThrow(/Admin access required/);

    const acked = await checks.acknowledge(ADMIN, 'ann@listed.test');
    expect(acked.acknowledged).toEqual([{ domain: 'listed.test', list: 'Spamhaus DBL', zone: 'dbl.spamhaus.org', subject: 'listed.test', answer: '127.0.1.2', checked_at: now.toISOString(), by: 'ann', at: now.toISOString() }]);
    expect(acked.refusal).toBeNull();
    expect(resumed()).toHaveLength(1);
    expect(resumed()[0].message).toContain('acknowledged by ann');
    expect(await checks.refusal('ann@listed.test')).toBeUndefined();
    await expect(checks.acknowledge(ADMIN, 'listed.test')).rejects.toThrow(/Nothing to acknowledge/);
    await checks.checkNow(ADMIN);
    expect(await checks.refusal('ann@listed.test')).toBeUndefined();
    expect(paused()).toHaveLength(1);

    // Delisted: the acknowledgement ends with the listing. Listed again later: a new pause.
    dns.set('listed.test.dbl.spamhaus.org', 'nxdomain');
    expect((await checks.checkNow(ADMIN)).listed).toBe(false);
    expect((await checks.status(ADMIN)).acknowledged).toEqual([]);
    dns.set('listed.test.dbl.spamhaus.org', { a: ['127.0.1.2'] });
    await checks.checkNow(ADMIN);
    expect(paused()).toHaveLength(2);
    expect(await checks.refusal('ann@listed.test')).toContain('is paused: listed.test is listed on Spamhaus DBL');
  });

  it('an acknowledgement needs a check that found a listing', async () => {
    await expect(checks.acknowledge(ADMIN, 'never-checked.test')).rejects.toThrow('never-checked.test has not been checked yet');
    await checks.refusal('ann@good.test');
    await expect(checks.acknowledge(ADMIN, 'good.test')).rejects.toThrow(/Nothing to acknowledge: the last check of good.test/);
  });
});
