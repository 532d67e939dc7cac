import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from '../../src/client-address.ts';

const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8');

describe('parseTrustedProxies', () => {
  it('reads addresses and CIDR ranges, and nothing from an empty setting', () => {
    expect(proxies.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual(['127.0.0.1/32', '10.0.0.0/8', 'fd00::/8']);
    expect(parseTrustedProxies('')).toEqual([]);
    expect(parseTrustedProxies(undefined)).toEqual([]);
  });

  it('refuses what is not an address or a range, naming it', () => {
    expect(() => parseTrustedProxies('10.0.0.1, proxy.local')).toThrow('"proxy.local" is neither');
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('prefix longer than 32 bits');
    expect(() => parseTrustedProxies('10.0.0.0/x')).toThrow('"10.0.0.0/x" is neither');
    expect(() => parseTrustedProxies('0x7f.1')).toThrow('is neither');
  });
});

describe('clientAddress', () => {
  it('is the socket address when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
  });

  it('is the right-most address a trusted proxy reported, skipping our own proxies', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    // The client wrote "1.1.1.1" itself; our two proxies appended what they saw.
    expect(clientAddress('127.0.0.1', '1.1.1.1, 198.51.100.1, 10.0.0.5', proxies)).toBe('198.51.100.1');
    expect(clientAddress('10.2.3.4', '2001:db8::1', proxies)).toBe('2001:db8::1');
  });

  it('is the socket address when a trusted proxy sent no header, or the furthest proxy when all hops are ours', () => {
    expect(clientAddress('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '10.0.0.9, 10.0.0.5', proxies)).toBe('10.0.0.9');
  });

  it('stops at an entry that is not an address: nothing left of it can be believed', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1, garbage', proxies)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '198.51.100.1, unknown, 10.0.0.5', proxies)).toBe('10.0.0.5');
  });

  it('drops ports and brackets, and treats IPv4-mapped IPv6 as IPv4', () => {
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1:5123', proxies)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', '[2001:db8::1]:443', proxies)).toBe('2001:db8::1');
    expect(clientAddress('::ffff:203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
  });

  it('has no address without a socket (in-process requests)', () => {
    expect(clientAddress(undefined, '198.51.100.1', proxies)).toBeUndefined();
  });
});
