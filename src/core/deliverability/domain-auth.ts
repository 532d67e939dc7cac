// The sending domain's authentication, as Gmail and Yahoo require of bulk senders since 2024:
// one SPF record that authorises the provider, the provider's DKIM key published, a DMARC
// record with a policy, and an MX so replies and bounces reach someone. Pure rules: each takes
// the DNS answers (src/core/deliverability/check.ts asks them) and says ok / missing / wrong /
// unverified, with the records found verbatim and, when not ok, the record to publish.
// A DNS failure is never read as "missing": it is "unverified", with the failure named.
import type { Answer } from '../verification/domain-check.ts';
import type { AuthCheck, DnsRecord } from '../model/sending-domain.ts';

/** What a provider documents for the domains it sends for (config email.sending_domain.providers). */
export interface ProviderAuthRules {
  label: string;
  /** SPF includes that authorise the provider; the first is the one to publish. */
  spf_includes: string[];
  /** Where the SPF record goes: '' the domain itself, 'send' for send.<domain> (Resend's return path). */
  spf_host: string;
  /** DKIM selectors the provider publishes its key under; the first is the one to publish. */
  dkim_selectors: string[];
  /** Where in the provider's console the operator copies the DKIM key from. */
  dkim_console: string;
}

/** What SPF must authorise: a provider's include, or (SMTP) the server the operator sends through. */
export type SpfExpectation =
  | { kind: 'provider'; rules: ProviderAuthRules }
  | { kind: 'smtp'; host: string; addresses: string[]; include: string | null };

const check = (kind: AuthCheck['kind'], status: AuthCheck['status'], summary: string, asked: string[], found: string[], fix: string | null = null, publish: DnsRecord | null = null): AuthCheck => ({
  kind,
  status,
  summary,
  asked,
  found,
  fix,
  publish,
  policy: null,
});

/** The outbox and a sender without an address: nothing to check, said plainly. */
export function notChecked(kind: AuthCheck['kind'], why: string): AuthCheck {
  return check(kind, 'not_checked', `Not checked: ${why}`, [], []);
}

/** TXT answers as strings: a record split in 255-byte chunks is one string again (RFC 7208 §3.3). */
export const txtStrings = (answer: Answer<string[]>): Answer<string> => ('records' in answer ? { records: answer.records.map((chunks) => chunks.join('')) } : answer);

const isSpf = (record: string) => /^v=spf1(\s|$)/i.test(record.trim());
const terms = (record: string) => record.trim().split(/\s+/).slice(1).filter(Boolean);
const isAll = (term: string) => /^[-~?+]?all$/i.test(term);

/** One SPF record made of several (or of one, plus `add`): every mechanism once, the `all` last. */
export function mergeSpf(records: string[], add: string): string {
  const all = records.flatMap(terms).find(isAll) ?? '~all';
  const mechanisms = [...new Set(records.flatMap(terms).filter((t) => !isAll(t) && !/^redirect=/i.test(t)))];
  if (!mechanisms.some((t) => t.toLowerCase() === add.toLowerCase())) mechanisms.push(add);
  return ['v=spf1', ...mechanisms, all === '+all' || all === 'all' ? '~all' : all].join(' ');
}

const includeOf = (term: string) => /^\+?include:(.+)$/i.exec(term)?.[1].toLowerCase();

function ipv4Number(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** Whether an ip4:a.b.c.d[/n] term covers the address. */
function ip4Covers(term: string, address: string): boolean {
  const m = /^\+?ip4:([\d.]+)(?:\/(\d{1,2}))?$/i.exec(term);
  const net = m && ipv4Number(m[1]);
  const ip = ipv4Number(address);
  if (net === undefined || net === null || !m || ip === undefined) return false;
  const bits = m[2] === undefined ? 32 : Number(m[2]);
  if (bits > 32) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(net / size) === Math.floor(ip / size);
}

/** SPF at `name`: exactly one v=spf1 record, authorising the provider (or the SMTP server). */
export function spfVerdict(name: string, answer: Answer<string>, expect: SpfExpectation): AuthCheck {
  const asked = [`TXT ${name}`];
  if ('failed' in answer) return check('spf', 'unverified', `Could not check SPF: ${answer.failed} asking TXT ${name}`, asked, []);
  const found = 'records' in answer ? answer.records.filter(isSpf) : [];
  const wanted = expect.kind === 'provider' ? `include:${expect.rules.spf_includes[0]}` : expect.include ? `include:${expect.include}` : ipv4Number(expect.host) !== undefined ? `ip4:${expect.host}` : `a:${expect.host}`;
  const who = expect.kind === 'provider' ? expect.rules.label : `your SMTP server ${expect.host}`;
  const publish = (value: string): DnsRecord => ({ type: 'TXT', name, value });
  if (found.length === 0) {
    return check('spf', 'missing', `No SPF record at ${name}: receivers cannot tell that ${who} may send for it.`, asked, [], `Publish one SPF record at ${name} that authorises ${who}.`, publish(`v=spf1 ${wanted} ~all`));
  }
  if (found.length > 1) {
    return check(
      'spf',
      'wrong',
      `${found.length} SPF records at ${name}: receivers treat several as an error (RFC 7208 permerror), so SPF fails for every message.`,
      asked,
      found,
      `Replace them with one record that keeps every mechanism (and authorises ${who}).`,
      publish(mergeSpf(found, wanted)),
    );
  }
  const record = found[0];
  const t = terms(record);
  if (t.some((x) => x === '+all' || x.toLowerCase() === 'all')) {
    return check('spf', 'wrong', `The SPF record at ${name} ends in +all: it authorises every server on the internet, and receivers distrust it.`, asked, found, 'End the record in ~all (or -all).', publish(mergeSpf(found, wanted)));
  }
  if (expect.kind === 'provider') {
    const includes = t.map(includeOf).filter(Boolean);
    const hit = expect.rules.spf_includes.find((i) => includes.includes(i.toLowerCase()));
    if (hit) return check('spf', 'ok', `One SPF record at ${name}, with include:${hit} (${expect.rules.label}).`, asked, found);
    return check('spf', 'wrong', `The SPF record at ${name} does not include ${expect.rules.label} (include:${expect.rules.spf_includes[0]}).`, asked, found, `Add include:${expect.rules.spf_includes[0]} to the record (keep one record).`, publish(mergeSpf(found, wanted)));
  }
  const lower = t.map((x) => x.toLowerCase());
  const covers =
    (expect.include && lower.includes(`include:${expect.include.toLowerCase()}`)) ||
    lower.includes(`a:${expect.host.toLowerCase()}`) ||
    expect.addresses.some((address) => t.some((x) => ip4Covers(x, address)));
  if (covers) return check('spf', 'ok', `One SPF record at ${name}, authorising ${who}.`, asked, found);
  return check(
    'spf',
    'unverified',
    `One SPF record at ${name}, but it does not name ${expect.host}${expect.addresses.length ? ` (${expect.addresses.join(', ')})` : ''} or an include you named: it may authorise the server through another mechanism, which this check cannot follow.`,
    asked,
    found,
    `If your mail host documents an SPF include, name it (outreach deliverability --spf-include <domain>); otherwise authorise the server in the record.`,
    publish(mergeSpf(found, wanted)),
  );
}

/** DKIM: the provider's key published under one of its selectors (a key with an empty p= is revoked). */
export function dkimVerdict(domain: string, selectors: { selector: string; answer: Answer<string> }[], where: { label: string; console: string }): AuthCheck {
  const asked = selectors.map((s) => `TXT ${s.selector}._domainkey.${domain}`);
  const found = selectors.flatMap((s) => ('records' in s.answer ? s.answer.records.map((r) => `${s.selector}._domainkey.${domain}: ${r}`) : []));
  const keys = selectors.flatMap((s) => ('records' in s.answer ? s.answer.records.map((r) => ({ selector: s.selector, key: /(?:^|;)\s*p=([^;]*)/i.exec(r)?.[1]?.replace(/\s+/g, '') })) : []));
  const good = keys.find((k) => k.key);
  if (good) return check('dkim', 'ok', `DKIM key published at ${good.selector}._domainkey.${domain} (${where.label}).`, asked, found);
  const first = `${selectors[0].selector}._domainkey.${domain}`;
  const publish: DnsRecord = { type: 'TXT', name: first, value: `the DKIM record from ${where.console} (v=DKIM1; k=rsa; p=<its public key>)` };
  if (keys.some((k) => k.key === '')) {
    return check('dkim', 'wrong', `The DKIM record at ${keys.find((k) => k.key === '')!.selector}._domainkey.${domain} has an empty p=: the key is revoked, so no signature verifies.`, asked, found, `Publish the current key from ${where.console}.`, publish);
  }
  if (keys.length) return check('dkim', 'wrong', `A TXT record was found under the DKIM selector, but it holds no key (no p= tag).`, asked, found, `Replace it with the DKIM record from ${where.console}.`, publish);
  const failed = selectors.find((s) => 'failed' in s.answer);
  if (failed && 'failed' in failed.answer) return check('dkim', 'unverified', `Could not check DKIM: ${failed.answer.failed} asking TXT ${failed.selector}._domainkey.${domain}`, asked, found);
  return check('dkim', 'missing', `No DKIM key at ${selectors.map((s) => `${s.selector}._domainkey.${domain}`).join(' or ')}: ${where.label} cannot sign as ${domain}, and Gmail and Yahoo require a signature.`, asked, found, `Publish the DKIM record from ${where.console}.`, publish);
}

/** SMTP without a named selector: DKIM cannot be looked up (any name could hold the key). */
export function dkimSelectorUnknown(host: string): AuthCheck {
  return check(
    'dkim',
    'unverified',
    `Cannot check DKIM for ${host}: the selector your server signs with is not named.`,
    [],
    [],
    'Name the selector (the s= tag of the DKIM-Signature header in a message your server sent): outreach deliverability --dkim-selector <selector>, or the field on Settings.',
  );
}

const POLICIES = ['none', 'quarantine', 'reject'] as const;
const POLICY_MEANS: Record<(typeof POLICIES)[number], string> = {
  none: 'receivers take no action on failing mail (monitoring only)',
  quarantine: 'receivers put failing mail in spam',
  reject: 'receivers refuse failing mail',
};

function dmarcTags(record: string): Map<string, string> {
  return new Map(
    record
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k.trim().toLowerCase(), v.join('=').trim()]),
  );
}

/**
 * DMARC at _dmarc.<domain>, else at a parent domain's (`lookups` in order, the domain first:
 * an organisation's record covers its subdomains, with sp= when it sets one).
 */
export function dmarcVerdict(domain: string, lookups: { name: string; answer: Answer<string> }[]): AuthCheck {
  const asked = lookups.map((l) => `TXT ${l.name}`);
  const own = `_dmarc.${domain}`;
  const publish: DnsRecord = { type: 'TXT', name: own, value: 'v=DMARC1; p=none' };
  for (const [i, l] of lookups.entries()) {
    if ('failed' in l.answer) return check('dmarc', 'unverified', `Could not check DMARC: ${l.answer.failed} asking TXT ${l.name}`, asked.slice(0, i + 1), []);
    const found = 'records' in l.answer ? l.answer.records.filter((r) => /^v=DMARC1\s*(;|$)/i.test(r.trim())) : [];
    if (found.length === 0) continue;
    if (found.length > 1) {
      return check('dmarc', 'wrong', `${found.length} DMARC records at ${l.name}: receivers then apply none of them (RFC 7489).`, asked.slice(0, i + 1), found, 'Keep exactly one DMARC record.', { type: 'TXT', name: l.name, value: found[0] });
    }
    const tags = dmarcTags(found[0]);
    const inherited = i > 0;
    const raw = ((inherited && tags.get('sp')) || tags.get('p') || '').toLowerCase();
    const policy = POLICIES.find((p) => p === raw);
    if (!policy) {
      return check('dmarc', 'wrong', `The DMARC record at ${l.name} has no valid p= (none, quarantine or reject): receivers ignore it.`, asked.slice(0, i + 1), found, 'Give the record a policy: p=none to start, quarantine once SPF and DKIM pass.', { type: 'TXT', name: l.name, value: ['v=DMARC1', 'p=none', ...[...tags].filter(([k]) => k !== 'v' && k !== 'p').map(([k, v]) => `${k}=${v}`)].join('; ') });
    }
    const where = inherited ? ` (${l.name}, the organisation's record, covers ${domain}${tags.get('sp') ? ' with sp=' : ''})` : '';
    return { ...check('dmarc', 'ok', `DMARC policy ${policy}: ${POLICY_MEANS[policy]}${where}.`, asked.slice(0, i + 1), found), policy };
  }
  return check('dmarc', 'missing', `No DMARC record at ${own}: Gmail and Yahoo require one from bulk senders.`, asked, [], 'Publish a DMARC record: p=none to start (add rua=mailto:<an address you read> for reports), then quarantine once SPF and DKIM pass.', publish);
}

/** The parents whose _dmarc record may cover `domain` (the domain first; never a bare TLD). */
export function dmarcNames(domain: string): string[] {
  const labels = domain.split('.');
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(`_dmarc.${labels.slice(i).join('.')}`);
  return names;
}

/** MX on the sending domain: replies and bounces to the from-address need somewhere to go. */
export function mxVerdict(domain: string, answer: Answer<{ exchange: string; priority: number }>): AuthCheck {
  const asked = [`MX ${domain}`];
  if ('failed' in answer) return check('mx', 'unverified', `Could not check MX: ${answer.failed} asking MX ${domain}`, asked, []);
  const records = 'records' in answer ? answer.records : [];
  const found = records.map((r) => `${r.priority} ${r.exchange === '' ? '.' : r.exchange}`);
  const hosts = records.filter((r) => r.exchange !== '' && r.exchange !== '.').sort((a, b) => a.priority - b.priority);
  const publish: DnsRecord = { type: 'MX', name: domain, value: '10 <the host name of the server that receives your mail>' };
  if (hosts.length) return check('mx', 'ok', `Mail for ${domain} goes to ${hosts[0].exchange}.`, asked, found);
  if (records.length) return check('mx', 'wrong', `${domain} publishes a null MX: it says it takes no mail, so replies and bounces to your address are lost.`, asked, found, 'Replace the null MX with the MX records of the mailbox that should receive replies.', publish);
  const why = 'missing' in answer && answer.missing === 'nxdomain' ? `${domain} does not exist in DNS` : `no MX record at ${domain}`;
  return check('mx', 'missing', `${why[0].toUpperCase()}${why.slice(1)}: replies and bounces to your address have nowhere to go.`, asked, [], 'Publish the MX records of the mailbox that should receive replies (your mail host documents them).', publish);
}
