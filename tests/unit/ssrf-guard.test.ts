// The SSRF guard: every refused address class, odd encodings of loopback, IPv6 forms that
// embed an IPv4 address, the allow-list, *.localhost, schemes and credentials. Name
// resolution is injected, so no test touches real DNS.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { BlockedAddressError, isLocalhostName, publicHttpsProblem, SsrfGuard, type Resolver } from '../../src/providers/crawl/ssrf-guard.ts';

const names: Record<string, string[]> = {
  'example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'intranet.example.test': ['10.0.0.5'],
  'mixed.example.test': ['93.184.216.34', '192.168.1.20'],
  'metadata.example.test': ['169.254.169.254'],
  'v6only.example.test': ['fd00::7'],
};
const resolve: Resolver = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const guard = new SsrfGuard({ resolve });

async function refusal(url: string, g = guard): Promise<string> {
  const error = await g.check(url).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${url} should be refused`).toBeInstanceOf(BlockedAddressError);
  return (error as BlockedAddressError).message;
}

describe('SsrfGuard refuses addresses that are not public', () => {
  it.each([
    ['http://10.0.0.5/', 'refusing to fetch http://10.0.0.5/: private address'],
    ['http://10.255.255.255/', 'private address'],
    ['http://172.16.0.1/', 'private address'],
    ['http://172.31.255.254/', 'private address'],
    ['http://192.168.0.1/', 'private address'],
    ['http://127.0.0.1/', 'refusing to fetch http://127.0.0.1/: loopback address'],
    ['http://127.255.255.254:8080/x', 'loopback address'],
    ['http://[::1]/', 'refusing to fetch http://[::1]/: loopback address'],
    ['http://169.254.169.254/latest/meta-data/', 'refusing to fetch http://169.254.169.254/latest/meta-data/: link-local address'],
    ['http://169.254.0.1/', 'link-local address'],
    ['http://[fe80::1]/', 'link-local address'],
    ['http://[fc00::1]/', 'unique-local address'],
    ['http://[fd12:3456:789a::1]/', 'unique-local address'],
    ['http://0.0.0.0/', 'unspecified address'],
    ['http://[::]/', 'unspecified address'],
    ['http://224.0.0.1/', 'multicast address'],
    ['http://239.255.255.250/', 'multicast address'],
    ['http://[ff02::1]/', 'multicast address'],
    ['http://255.255.255.255/', 'broadcast address'],
    ['http://100.64.0.1/', 'carrier-grade NAT address'],
    ['http://100.127.255.254/', 'carrier-grade NAT address'],
    ['http://192.0.2.10/', 'reserved address'],
    ['http://240.0.0.1/', 'reserved address'],
  ])('%s', async (url, why) => {
    expect(await refusal(url)).toContain(why);
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/', 'loopback address (IPv4-mapped 127.0.0.1)'],
    ['http://[::ffff:10.0.0.5]/', 'private address (IPv4-mapped 10.0.0.5)'],
    ['http://[::ffff:169.254.169.254]/', 'link-local address (IPv4-mapped 169.254.169.254)'],
    ['http://[::ffff:0:7f00:1]/', 'loopback address (IPv4-mapped 127.0.0.1)'],
    ['http://[::127.0.0.1]/', 'loopback address (IPv4-compatible 127.0.0.1)'],
    ['http://[2002:7f00:1::1]/', 'loopback address (6to4 127.0.0.1)'],
    ['http://[2002:a9fe:a9fe::]/', 'link-local address (6to4 169.254.169.254)'],
    ['http://[64:ff9b::7f00:1]/', 'loopback address (NAT64 127.0.0.1)'],
    ['http://[64:ff9b::192.168.1.1]/', 'private address (NAT64 192.168.1.1)'],
    ['http://[64:ff9b:1::a00:5]/', 'local-use NAT64 address'],
    ['http://[2001::1]/', 'Teredo tunnel address'],
  ])('IPv6 form %s', async (url, why) => {
    expect(await refusal(url)).toContain(why);
  });

  it.each(['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://127.1/', 'http://0x7f000001/', 'http://017700000001/', 'http://127.0.0.1./'])(
    'odd IPv4 encoding %s is loopback',
    async (url) => {
      // WHATWG URL normalises the host; the refusal names the address it really is.
      expect(await refusal(url)).toBe('refusing to fetch http://127.0.0.1/: loopback address');
    },
  );

  it('sees through hex and octal private addresses too', async () => {
    expect(await refusal('http://0x0a.0.0.5/')).toBe('refusing to fetch http://10.0.0.5/: private address');
    expect(await refusal('http://0300.0250.1.1/')).toBe('refusing to fetch http://192.168.1.1/: private address');
  });

  it('allows public addresses, including IPv6 forms that embed a public IPv4 address', async () => {
    for (const url of ['http://8.8.8.8/', 'https://172.32.0.1/', 'http://100.128.0.1/', 'http://[2606:4700:4700::1111]/', 'http://[2002:808:808::1]/', 'http://[64:ff9b::8.8.8.8]/']) {
      await expect(guard.check(url), url).resolves.toHaveLength(1);
    }
  });
});

describe('SsrfGuard resolves names and vets every address', () => {
  it('refuses a name that resolves to a private address', async () => {
    expect(await refusal('http://intranet.example.test/')).toBe('refusing to fetch http://intranet.example.test/: private address');
    expect(await refusal('https://metadata.example.test/')).toContain('link-local address');
    expect(await refusal('http://v6only.example.test/')).toContain('unique-local address');
  });

  it('refuses a name when ANY of its addresses is private', async () => {
    expect(await refusal('http://mixed.example.test/')).toBe('refusing to fetch http://mixed.example.test/: private address');
  });

  it('allows a name whose addresses are all public', async () => {
    await expect(guard.check('https://example.com/contact')).resolves.toHaveLength(2);
  });

  it('reports an unknown name as a resolution failure, not as a blocked address', async () => {
    const error = await guard.check('http://nowhere.example.test/').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(BlockedAddressError);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

describe('SsrfGuard allow-list', () => {
  const sandbox = new SsrfGuard({ allow: ['127.0.0.1:4100', '127.0.0.1:4101'], resolve });

  it('allows exactly the listed loopback ports and refuses every other port on the same host', async () => {
    await expect(sandbox.check('http://127.0.0.1:4100/')).resolves.toHaveLength(1);
    await expect(sandbox.check('https://127.0.0.1:4101/x')).resolves.toHaveLength(1);
    expect(await refusal('http://127.0.0.1:4102/', sandbox)).toBe('refusing to fetch http://127.0.0.1:4102/: loopback address');
    expect(await refusal('http://127.0.0.1/', sandbox)).toContain('loopback address');
    expect(await refusal('https://127.0.0.1/', sandbox)).toContain('loopback address');
  });

  it('matches the endpoint, whatever spelling the URL uses', async () => {
    await expect(sandbox.check('http://2130706433:4100/')).resolves.toHaveLength(1);
    await expect(sandbox.check('http://[::ffff:127.0.0.1]:4100/')).resolves.toHaveLength(1);
    expect(await refusal('http://[::1]:4100/', sandbox)).toContain('loopback address'); // ::1 was not listed
    expect(await refusal('http://10.0.0.5:4100/', sandbox)).toContain('private address');
  });

  it('maps *.localhost to 127.0.0.1 and applies the same allow-list', async () => {
    await expect(sandbox.check('http://lopezplumbing.localhost:4100/')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(sandbox.check('http://localhost:4101/')).resolves.toHaveLength(1);
    expect(await refusal('http://evil.localhost:22/', sandbox)).toBe('refusing to fetch http://evil.localhost:22/: loopback address');
    expect(await refusal('http://internal.localhost/', sandbox)).toContain('loopback address');
    expect(isLocalhostName('Shop.LOCALHOST.')).toBe(true);
    expect(isLocalhostName('localhost.example.com')).toBe(false);
  });

  it('accepts IP entries and "localhost" only: a name could resolve anywhere', () => {
    expect(() => new SsrfGuard({ allow: ['example.com:80'] })).toThrow(/must name an IP address/);
    expect(() => new SsrfGuard({ allow: ['127.0.0.1'] })).toThrow(/not host:port/);
    const both = new SsrfGuard({ allow: ['localhost:4100', '[::1]:4200'] });
    expect(both.isAllowListed('127.0.0.1', 4100) && both.isAllowListed('::1', 4100) && both.isAllowListed('0:0:0:0:0:0:0:1', 4200)).toBe(true);
    expect(both.isAllowListed('127.0.0.1', 4200)).toBe(false);
  });
});

describe('SsrfGuard URL rules', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com:70/', 'data:text/html,<p>x</p>', 'javascript:alert(1)', 'ws://example.com/'])(
    'refuses the scheme of %s',
    async (url) => {
      expect(await refusal(url)).toMatch(/scheme \S+ is not http or https$/);
    },
  );

  it('refuses credentials in the URL', async () => {
    expect(await refusal('http://user:secret@example.com/')).toBe('refusing to fetch http://user:secret@example.com/: credentials in the URL');
    expect(await refusal('https://admin@example.com/')).toContain('credentials in the URL');
  });

  it('refuses what is not a URL', async () => {
    expect(await refusal('not a url')).toBe('refusing to fetch not a url: not a valid URL');
  });
});

describe('SsrfGuard at connect time (the lookup given to the HTTP client)', () => {
  const lookup = (g: SsrfGuard, url: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((done) =>
      g.lookupFor(new URL(url))('ignored', options as never, (error, address, family) => done({ error, address, family })),
    );

  it('answers in the shape node asks for', async () => {
    expect(await lookup(guard, 'http://example.com/', { all: true })).toMatchObject({ error: null, address: [{ address: '93.184.216.34' }, { family: 6 }] });
    expect(await lookup(guard, 'http://example.com/', {})).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(await lookup(guard, 'http://example.com/', { family: 6 })).toMatchObject({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
  });

  it('refuses a rebinding name: public at the pre-check, private when connecting', async () => {
    let calls = 0;
    const rebinding = new SsrfGuard({ resolve: async () => [{ address: calls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }] });
    await expect(rebinding.check('http://rebind.example.test/')).resolves.toHaveLength(1);
    const { error } = await lookup(rebinding, 'http://rebind.example.test/', { all: true });
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error?.message).toBe('refusing to fetch http://rebind.example.test/: loopback address');
  });

  it('applies the allow-list with the port of the URL being fetched', async () => {
    const sandbox = new SsrfGuard({ allow: ['127.0.0.1:4100'] });
    expect((await lookup(sandbox, 'http://shop.localhost:4100/', { all: true })).error).toBeNull();
    expect((await lookup(sandbox, 'http://shop.localhost:4102/', { all: true })).error).toBeInstanceOf(BlockedAddressError);
  });
});

describe('publicHttpsProblem (where recipients must reach unsubscribe links)', () => {
  it('accepts a public https name, refuses what people on the internet cannot open', () => {
    expect(publicHttpsProblem('https://crm.agency.example/outreach')).toBeNull();
    expect(publicHttpsProblem('http://crm.agency.example')).toBe('not https');
    expect(publicHttpsProblem('https://localhost:3000')).toBe('a localhost name');
    expect(publicHttpsProblem('https://crm.localhost')).toBe('a localhost name');
    expect(publicHttpsProblem('https://127.0.0.1:8443')).toBe('loopback address');
    expect(publicHttpsProblem('https://172.20.1.5')).toBe('private address');
    expect(publicHttpsProblem('https://[fd00::1]')).toBe('unique-local address');
    expect(publicHttpsProblem('https://crm.local')).toBe('a local network name');
    expect(publicHttpsProblem('https://intranet')).toBe('a local network name');
    expect(publicHttpsProblem('https://93.184.216.34')).toBeNull();
  });
});
