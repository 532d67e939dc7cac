// Whether a domain can receive mail, from its DNS records. The rule:
// - MX records → valid; a null MX (RFC 7505: one record, exchange ".") → invalid, the domain
//   says it takes no mail.
// - no MX but an A/AAAA record → risky: RFC 5321 lets mail fall back to that address, but it is
//   usually a web server that accepts no mail.
// - no MX and no A/AAAA, or the domain does not exist (NXDOMAIN) → invalid.
// - a timeout, SERVFAIL or any other DNS failure → risky "could not verify": the DNS did not
//   answer, which says nothing about the domain. Such results are not cached.
import type { Finding } from './address-rules.ts';

/** The three look-ups we need; node:dns's promises Resolver has exactly these. */
export interface MailDns {
  resolveMx(domain: string): Promise<{ exchange: string; priority: number }[]>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
}

export interface DomainFinding extends Finding {
  /** False when DNS failed: the answer must be asked again next time. */
  cacheable: boolean;
}

/** One DNS question's outcome (the sending-domain checks use it too). */
export type Answer<T> = { records: T[] } | { missing: 'nxdomain' | 'nodata' } | { failed: string };

const FAILURES: Record<string, string> = {
  ETIMEOUT: 'DNS timeout',
  ESERVFAIL: 'DNS server failure',
  EREFUSED: 'DNS server refused the query',
  ECONNREFUSED: 'DNS server unreachable',
};

export async function ask<T>(query: () => Promise<T[]>): Promise<Answer<T>> {
  try {
    const records = await query();
    return records.length ? { records } : { missing: 'nodata' };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'ENOTFOUND') return { missing: 'nxdomain' };
    if (code === 'ENODATA') return { missing: 'nodata' };
    return { failed: FAILURES[code] ?? `DNS error ${code || (error as Error).message}` };
  }
}

const unverified = (why: string): DomainFinding => ({ verdict: 'risky', reason: `could not verify (${why})`, cacheable: false });

export async function checkDomain(dns: MailDns, domain: string): Promise<DomainFinding> {
  const mx = await ask(() => dns.resolveMx(domain));
  if ('failed' in mx) return unverified(mx.failed);
  if ('missing' in mx && mx.missing === 'nxdomain') return { verdict: 'invalid', reason: `${domain} does not exist (NXDOMAIN)`, cacheable: true };
  if ('records' in mx) {
    const hosts = mx.records.filter((r) => r.exchange !== '' && r.exchange !== '.').sort((a, b) => a.priority - b.priority);
    if (hosts.length === 0) return { verdict: 'invalid', reason: `${domain} declares that it accepts no mail (null MX)`, cacheable: true };
    return { verdict: 'valid', reason: `mail server found (${hosts[0].exchange})`, cacheable: true };
  }
  const [a, aaaa] = await Promise.all([ask(() => dns.resolve4(domain)), ask(() => dns.resolve6(domain))]);
  if ('records' in a || 'records' in aaaa) {
    return { verdict: 'risky', reason: `${domain} has no MX record; mail would go to its web server's address, which often accepts no mail`, cacheable: true };
  }
  if ('failed' in a) return unverified(a.failed);
  if ('failed' in aaaa) return unverified(aaaa.failed);
  return { verdict: 'invalid', reason: `${domain} has no MX and no A/AAAA record: it cannot receive mail`, cacheable: true };
}
