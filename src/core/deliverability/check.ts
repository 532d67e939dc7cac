// One sending identity's check: asks DNS (the configured resolver) what domain-auth.ts and
// blocklists.ts judge. Made to be called per sending identity: the domain, the provider and,
// for SMTP, the server's host with the DKIM selector and SPF include the operator named.
import { isIP } from 'node:net';
import type { SendingDomainReport, SendingIdentity } from '../model/sending-domain.ts';
import { ask, type Answer } from '../verification/domain-check.ts';
import { blocklistVerdict, blocklistQuery, isPublicIPv4, notLookedUp, type Blocklist } from './blocklists.ts';
import { dkimSelectorUnknown, dkimVerdict, dmarcNames, dmarcVerdict, mxVerdict, notChecked, spfVerdict, txtStrings, type ProviderAuthRules, type SpfExpectation } from './domain-auth.ts';

/** The look-ups the check needs; node:dns's promises Resolver has exactly these. */
export interface SendingDns {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  resolve4(name: string): Promise<string[]>;
}

export interface SendingDomainRules {
  providers: { brevo: ProviderAuthRules; resend: ProviderAuthRules };
  blocklists: Blocklist[];
}

const KINDS = ['spf', 'dkim', 'dmarc', 'mx'] as const;

export async function checkSendingDomain(dns: SendingDns, identity: SendingIdentity, rules: SendingDomainRules, now: Date, dnsServer: string): Promise<SendingDomainReport> {
  const report = (auth: SendingDomainReport['auth'], blocklists: SendingDomainReport['blocklists']): SendingDomainReport => ({
    identity,
    checked_at: now.toISOString(),
    dns_server: dnsServer,
    auth,
    blocklists,
    authenticated: auth.every((a) => a.kind === 'dmarc' || a.kind === 'mx' || a.status === 'ok'),
    listed: blocklists.some((b) => b.status === 'listed'),
  });
  if (identity.provider === 'outbox') return report(KINDS.map((k) => notChecked(k, 'the outbox does not send (emails are written to data/outbox).')), []);
  const domain = identity.domain;
  if (!domain) return report(KINDS.map((k) => notChecked(k, 'no sender address is set.')), []);

  const txt = async (name: string): Promise<Answer<string>> => txtStrings(await ask(() => dns.resolveTxt(name)));
  const smtpHost = identity.provider === 'smtp' ? identity.smtp_host : null;
  const [addresses, spf, dkim, dmarc, mx, domainLists] = await Promise.all([
    smtpHost ? serverAddresses(dns, smtpHost) : Promise.resolve(null),
    spfCheck(),
    dkimCheck(),
    Promise.all(dmarcNames(domain).map(async (name) => ({ name, answer: await txt(name) }))),
    ask(() => dns.resolveMx(domain)),
    Promise.all(rules.blocklists.filter((l) => l.checks === 'domain').map(async (l) => blocklistVerdict(l, domain, await ask(() => dns.resolve4(blocklistQuery(l, domain)))))),
  ]);

  async function spfCheck() {
    if (identity.provider === 'smtp') return null; // needs the server's addresses: below
    const r = rules.providers[identity.provider as 'brevo' | 'resend'];
    const name = r.spf_host ? `${r.spf_host}.${domain}` : domain!;
    return spfVerdict(name, await txt(name), { kind: 'provider', rules: r });
  }
  async function dkimCheck() {
    if (identity.provider === 'smtp') {
      if (!identity.dkim_selector) return dkimSelectorUnknown(smtpHost ?? 'your SMTP server');
      const selector = identity.dkim_selector;
      return dkimVerdict(domain!, [{ selector, answer: await txt(`${selector}._domainkey.${domain}`) }], { label: `your SMTP server (${smtpHost})`, console: "your mail server's DKIM settings" });
    }
    const r = rules.providers[identity.provider as 'brevo' | 'resend'];
    const answers = await Promise.all(r.dkim_selectors.map(async (selector) => ({ selector, answer: await txt(`${selector}._domainkey.${domain}`) })));
    return dkimVerdict(domain!, answers, { label: r.label, console: r.dkim_console });
  }

  let spfResult = spf;
  const ipLists: SendingDomainReport['blocklists'] = [];
  if (identity.provider === 'smtp') {
    const host = smtpHost ?? '';
    const found = addresses && 'records' in addresses ? addresses.records : [];
    const expect: SpfExpectation = { kind: 'smtp', host, addresses: found, include: identity.spf_include };
    spfResult = spfVerdict(domain, await txt(domain), expect);
    for (const list of rules.blocklists.filter((l) => l.checks === 'ip')) {
      if (!addresses || 'failed' in addresses) {
        ipLists.push(notLookedUp(list, host, `could not find the address of ${host}${addresses && 'failed' in addresses ? ` (${addresses.failed})` : ''}.`));
        continue;
      }
      if (found.length === 0) {
        ipLists.push(notLookedUp(list, host, `${host} has no IPv4 address in DNS.`));
        continue;
      }
      for (const address of found) {
        if (!isPublicIPv4(address)) ipLists.push(notLookedUp(list, address, `${address} (${host}) is a private or reserved address, which blocklists never list.`));
        else ipLists.push(blocklistVerdict(list, address, await ask(() => dns.resolve4(blocklistQuery(list, address)))));
      }
    }
  }
  return report([spfResult!, dkim, dmarcVerdict(domain, dmarc), mxVerdict(domain, mx)], [...domainLists, ...ipLists]);
}

/** The SMTP server's IPv4 addresses: the host itself when it is one, else its A records. */
async function serverAddresses(dns: SendingDns, host: string): Promise<Answer<string>> {
  if (isIP(host) === 4) return { records: [host] };
  if (isIP(host) === 6) return { missing: 'nodata' };
  return ask(() => dns.resolve4(host));
}
