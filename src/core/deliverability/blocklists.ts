// DNS blocklists: the sending domain in the domain lists (Spamhaus DBL, ...) and, for SMTP,
// the sending server's IPv4 address in the IP lists (Spamhaus ZEN, ...). The lists are
// config (email.sending_domain.blocklists). A name under the list's zone that does not exist
// (NXDOMAIN) is not listed; a 127.0.0.x answer is a listing, shown with its code. Spamhaus
// answers 127.255.255.x when it refuses the query (asked through a public resolver, too many
// queries): that is "could not check", never a listing. Any other answer (a resolver that
// rewrites missing names to an address) is not a listing code either.
import type { Answer } from '../verification/domain-check.ts';
import type { BlocklistCheck } from '../model/sending-domain.ts';

export interface Blocklist {
  name: string;
  zone: string;
  /** What it lists: domains (looked up as <domain>.<zone>) or IPv4 addresses (<d.c.b.a>.<zone>). */
  checks: 'domain' | 'ip';
  /** Answers that mean "query refused": exact addresses, or prefixes ending in a dot. */
  refused: string[];
  /** What some answers mean (the list's documented return codes). */
  codes?: Record<string, string>;
}

/** What Spamhaus's refusal codes mean (https://www.spamhaus.org/faqs/dnsbl-usage/). */
const REFUSALS: Record<string, string> = {
  '127.255.255.252': 'the query was malformed',
  '127.255.255.254': 'asked through a public or open resolver, which Spamhaus refuses: set OUTREACH_DNS_SERVER to your own resolver',
  '127.255.255.255': 'too many queries from this resolver',
};

export function blocklistQuery(list: Blocklist, subject: string): string {
  const name = list.checks === 'ip' ? subject.split('.').reverse().join('.') : subject.toLowerCase().replace(/\.$/, '');
  return `${name}.${list.zone}`;
}

const matches = (answer: string, pattern: string) => (pattern.endsWith('.') ? answer.startsWith(pattern) : answer === pattern);

export function blocklistVerdict(list: Blocklist, subject: string, answer: Answer<string>): BlocklistCheck {
  const query = blocklistQuery(list, subject);
  const base = { list: list.name, zone: list.zone, subject, query: `A ${query}` };
  if ('failed' in answer) return { ...base, status: 'unverified', answer: null, summary: `Could not check ${list.name}: ${answer.failed}` };
  if ('missing' in answer) return { ...base, status: 'clean', answer: null, summary: `${subject} is not listed on ${list.name} (${answer.missing === 'nxdomain' ? 'NXDOMAIN' : 'no A record'}).` };
  const refused = answer.records.find((a) => list.refused.some((p) => matches(a, p)));
  if (refused) {
    const why = REFUSALS[refused] ?? list.codes?.[refused] ?? 'the list refused the query';
    return { ...base, status: 'unverified', answer: refused, summary: `Could not check ${list.name}: it answered ${refused} (${why}). This is not a listing.` };
  }
  const codes = answer.records.filter((a) => a.startsWith('127.'));
  if (codes.length === 0) {
    return { ...base, status: 'unverified', answer: answer.records.join(', '), summary: `Could not check ${list.name}: it answered ${answer.records.join(', ')}, which is no listing code (a resolver that rewrites missing names?).` };
  }
  const meaning = codes.map((c) => (list.codes?.[c] ? `${c}: ${list.codes[c]}` : c)).join(', ');
  return { ...base, status: 'listed', answer: codes.join(', '), summary: `${subject} is listed on ${list.name} (${meaning}).` };
}

export function notLookedUp(list: Blocklist, subject: string, why: string): BlocklistCheck {
  return { list: list.name, zone: list.zone, subject, query: '', status: 'not_checked', answer: null, summary: `Not checked on ${list.name}: ${why}` };
}

/** Addresses that never reach a blocklist (loopback, private, link-local, CGNAT, documentation). */
export function isPublicIPv4(address: string): boolean {
  const p = address.split('.').map(Number);
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false;
  const [a, b] = p;
  return !(
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 192 && b === 0 && p[2] === 2) ||
    (a === 198 && b === 51 && p[2] === 100) ||
    (a === 203 && b === 0 && p[2] === 113) ||
    a >= 224
  );
}
