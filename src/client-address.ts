// Who is on the other end of a request: the socket peer, or, when that peer is a trusted
// reverse proxy (OUTREACH_TRUSTED_PROXIES), the address it reports in X-Forwarded-For.
// Each proxy appends the address it received the request from, so the header reads
// "client-claimed, ..., seen-by-proxy-1, seen-by-proxy-2". Only the entries our own proxies
// appended can be believed: walking from the right, the first address that is not one of our
// proxies is the client. Anything left of it was written by that client and is ignored.
import ipaddr from 'ipaddr.js';

export type ProxyRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses "10.0.0.1, 10.1.0.0/16, ::1, fd00::/8". Throws with the offending entry. */
export function parseTrustedProxies(raw: string | undefined, name = 'OUTREACH_TRUSTED_PROXIES'): ProxyRange[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const [address, bits] = entry.split('/');
    const ip = strictAddress(address);
    if (!ip || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(`${name} must list IP addresses or CIDR ranges separated by commas; "${entry}" is neither`);
    }
    const max = ip.kind() === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (prefix > max) throw new Error(`${name}: "${entry}" has a prefix longer than ${max} bits`);
    return [ip, prefix];
  });
}

/**
 * The client's address for throttling and logs. `socket` is the TCP peer; `forwardedFor`
 * the X-Forwarded-For header, believed only when the peer is a trusted proxy.
 */
export function clientAddress(socket: string | undefined, forwardedFor: string | undefined, trusted: ProxyRange[]): string | undefined {
  const peer = socket === undefined ? undefined : strictAddress(socket);
  if (!peer) return socket;
  let client = peer;
  if (!isTrusted(client, trusted) || !forwardedFor) return client.toString();
  const hops = forwardedFor.split(',').map((s) => s.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = strictAddress(stripPort(hops[i]));
    if (!hop) break; // not an address: nothing further left can be trusted either
    client = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return client.toString();
}

function isTrusted(ip: ipaddr.IPv4 | ipaddr.IPv6, trusted: ProxyRange[]): boolean {
  return trusted.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
}

/** A dotted-quad IPv4 or an IPv6 address (IPv4-mapped IPv6 becomes IPv4); else undefined. */
function strictAddress(text: string | undefined): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!text) return undefined;
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return undefined;
  return ipaddr.process(text);
}

/** "1.2.3.4:5678" and "[2001:db8::1]:443" (some proxies add the port) lose the port. */
function stripPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return v4 ? v4[1] : hop;
}
