// The SSRF guard: which URLs the crawler may fetch and which addresses it may connect to.
// A pre-check (scheme, credentials, DNS) gives a clear early answer, but the address that
// counts is the one actually connected to: `lookupFor()` hands the HTTP client a lookup
// function that resolves AND vets at connect time, so DNS rebinding between the pre-check
// and the connection, and every redirect hop, are covered too.
import { promises as dns } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SsrfGuardOptions {
  /** "ip:port" pairs that may be fetched although their address is not public, e.g. "127.0.0.1:4100", "[::1]:4100". */
  allow?: string[];
  /** Name resolution (the system resolver by default); *.localhost never reaches it: it is 127.0.0.1. */
  resolve?: Resolver;
}

/** Thrown for any URL or address the crawler refuses to fetch; the message says why. */
export class BlockedAddressError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`refusing to fetch ${url}: ${reason}`);
    this.name = 'BlockedAddressError';
  }
}

const REASONS: Record<string, string> = {
  private: 'private address',
  loopback: 'loopback address',
  linkLocal: 'link-local address',
  uniqueLocal: 'unique-local address',
  unspecified: 'unspecified address',
  multicast: 'multicast address',
  broadcast: 'broadcast address',
  carrierGradeNat: 'carrier-grade NAT address',
  deprecatedSiteLocal: 'site-local address',
  teredo: 'Teredo tunnel address',
  reserved: 'reserved address',
};

/** RFC 6761: *.localhost is loopback; the system resolver here does not know that. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export const defaultResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

function embeddedIPv4(parts: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[0] >> 8, parts[0] & 0xff, parts[1] >> 8, parts[1] & 0xff]);
}

/** Why an address must not be fetched, or null when it is a public unicast address. */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') {
    const range = (ip as ipaddr.IPv4).range();
    return range === 'unicast' ? null : (REASONS[range] ?? `${range} address`);
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range() as string;
  const p = v6.parts;
  // Forms that carry an IPv4 address inside: judge the IPv4 address.
  let inner: ipaddr.IPv4 | null = null;
  let form = '';
  if (range === 'ipv4Mapped' || range === 'rfc6145') [inner, form] = [embeddedIPv4(p.slice(6)), 'IPv4-mapped'];
  else if (range === 'rfc6052' && p[1] === 0xff9b && p[2] === 0) [inner, form] = [embeddedIPv4(p.slice(6)), 'NAT64'];
  else if (range === '6to4') [inner, form] = [embeddedIPv4(p.slice(1, 3)), '6to4'];
  else if (range === 'unicast' && p.slice(0, 6).every((x) => x === 0)) [inner, form] = [embeddedIPv4(p.slice(6)), 'IPv4-compatible'];
  if (inner) {
    const problem = addressProblem(inner.toString());
    return problem && `${problem} (${form} ${inner.toString()})`;
  }
  if (range === 'rfc6052') return 'local-use NAT64 address';
  return range === 'unicast' ? null : (REASONS[range] ?? `${range} address`);
}

/** Names only a local network resolves (RFC 6762 .local, RFC 8375 .home.arpa, and common private suffixes). */
const LOCAL_SUFFIX = /\.(local|localdomain|internal|lan|home\.arpa|intranet|corp)$/i;

/**
 * Why people out on the internet could not open this base URL over https (as RFC 8058's
 * one-click unsubscribe requires), or null. Same address rules as the crawler's.
 */
export function publicHttpsProblem(base: string): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalhostName(host)) return 'a localhost name';
  if (ipaddr.isValid(host)) return addressProblem(host);
  if (!host.includes('.') || LOCAL_SUFFIX.test(host)) return 'a local network name';
  return null;
}

/** "1.2.3.4" and "::ffff:1.2.3.4" name the same endpoint; compare them in one form. */
function canonical(address: string): string {
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return (ip as ipaddr.IPv6).toIPv4Address().toString();
  return ip.toNormalizedString();
}

function parseAllowEntry(entry: string): string[] {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(entry.trim());
  if (!m) throw new Error(`allow-list entry "${entry}" is not host:port`);
  const host = m[1] ?? m[2];
  const port = Number(m[3]);
  // Names would defeat the point (a name can resolve anywhere); only "localhost" is fixed.
  const hosts = host === 'localhost' ? ['127.0.0.1', '::1'] : [host];
  if (!hosts.every((h) => ipaddr.isValid(h) && isIP(h))) throw new Error(`allow-list entry "${entry}" must name an IP address`);
  return hosts.map((h) => `${canonical(h)}|${port}`);
}

export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** The hostname as a connectable host: IPv6 literals lose their brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type GuardedLookup = (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => void;

export class SsrfGuard {
  private readonly allowed: Set<string>;
  private readonly resolve: Resolver;

  constructor(options: SsrfGuardOptions = {}) {
    this.allowed = new Set((options.allow ?? []).flatMap(parseAllowEntry));
    this.resolve = options.resolve ?? defaultResolver;
  }

  /** Scheme and credentials: what can be decided without DNS. Returns the parsed URL. */
  checkUrl(input: string | URL): URL {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new BlockedAddressError(String(input), 'not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedAddressError(url.href, `scheme ${url.protocol} is not http or https`);
    if (url.username || url.password) throw new BlockedAddressError(url.href, 'credentials in the URL');
    return url;
  }

  /** True when this exact address and port are on the allow-list. */
  isAllowListed(address: string, port: number): boolean {
    return ipaddr.isValid(address) && this.allowed.has(`${canonical(address)}|${port}`);
  }

  /**
   * Why this URL may not be fetched, as far as can be told without DNS (an imported list checks
   * every row so): the scheme, credentials, an IP address or a local name that is not
   * allow-listed. Null otherwise; the address a name resolves to is still vetted at connect time.
   */
  staticProblem(url: URL): string | null {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not http or https`;
    if (url.username || url.password) return 'credentials in the URL';
    const host = bareHostname(url);
    const address = isIP(host) ? host : isLocalhostName(host) ? '127.0.0.1' : null;
    if (address) return this.isAllowListed(address, portOf(url)) ? null : addressProblem(address);
    if (!host.includes('.') || LOCAL_SUFFIX.test(host)) return 'a local network name';
    return null;
  }

  /** Throws unless the address may be connected to for this URL. */
  checkAddress(address: string, url: URL): void {
    if (this.isAllowListed(address, portOf(url))) return;
    const problem = addressProblem(address);
    if (problem) throw new BlockedAddressError(url.href, problem);
  }

  /** Resolves the URL's host and vets every address; any bad one refuses the URL. */
  async check(input: string | URL): Promise<LookupAddress[]> {
    const url = this.checkUrl(input);
    const addresses = await this.addressesFor(url);
    for (const a of addresses) this.checkAddress(a.address, url);
    return addresses;
  }

  /** A `lookup` for http(s).request that applies the guard to what it resolves, at connect time. */
  lookupFor(url: URL): GuardedLookup {
    return (_hostname, options, callback) => {
      this.check(url).then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
          if (wanted.length === 0) return callback(Object.assign(new Error(`no IPv${options.family} address for ${url.hostname}`), { code: 'ENOTFOUND' }), []);
          if (options.all) callback(null, wanted);
          else callback(null, wanted[0].address, wanted[0].family);
        },
        (error: NodeJS.ErrnoException) => callback(error, []),
      );
    };
  }

  private async addressesFor(url: URL): Promise<LookupAddress[]> {
    const host = bareHostname(url);
    // WHATWG URL has already turned 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 into 127.0.0.1.
    const family = isIP(host);
    if (family) return [{ address: host, family }];
    // Whatever the resolver says, *.localhost is loopback (RFC 6761 §6.3).
    if (isLocalhostName(host)) return [{ address: '127.0.0.1', family: 4 }];
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolve(host);
    } catch (error) {
      throw Object.assign(new Error(`could not resolve ${host} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`), { code: 'ENOTFOUND' });
    }
    if (addresses.length === 0) throw Object.assign(new Error(`could not resolve ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  }
}
